import dayjs from 'dayjs';
import 'dayjs/locale/el';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);

/**
 * The one date format per language of the times players read (the lobby's
 * playing period, operators' messages, the end screen): day, short month,
 * year, 24-hour time, in the game's timezone with the zone's short name.
 */
export const GAME_TIME_FORMATS = {
  en: { dateTime: 'D MMM YYYY, HH:mm z', time: 'HH:mm' },
  el: { dateTime: 'D MMM YYYY, HH:mm z', time: 'HH:mm' },
  de: { dateTime: 'D. MMM YYYY, HH:mm z', time: 'HH:mm' },
  fr: { dateTime: 'D MMM YYYY, HH:mm z', time: 'HH:mm' },
  it: { dateTime: 'D MMM YYYY, HH:mm z', time: 'HH:mm' },
  es: { dateTime: 'D MMM YYYY, HH:mm z', time: 'HH:mm' },
} as const;

export type GameTimeStyle = keyof (typeof GAME_TIME_FORMATS)['en'];

/**
 * The formats' language for an i18next language ('el', 'el-GR' → el; 'de-AT' → de): one of the player's languages
 * whose dayjs locale is loaded (German, French, Italian and Spanish load with the player's texts: i18n/player.ts),
 * else English.
 */
function languageOf(language: string): keyof typeof GAME_TIME_FORMATS {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  if (primary === 'el') return 'el';
  return primary in GAME_TIME_FORMATS && dayjs.Ls[primary] ? (primary as keyof typeof GAME_TIME_FORMATS) : 'en';
}

/**
 * An ISO time as a player reads it: in the game's timezone (`zone`, IANA;
 * an unknown zone falls back to UTC), in the reader's language. '' for an
 * empty or invalid time.
 */
export function formatGameTime(
  iso: string | null | undefined,
  zone: string,
  language: string,
  style: GameTimeStyle = 'dateTime',
): string {
  if (!iso) return '';
  const instant = dayjs.utc(iso);
  if (!instant.isValid()) return '';
  const lang = languageOf(language);
  let zoned;
  try {
    zoned = instant.tz(zone || 'UTC');
  } catch {
    zoned = instant.tz('UTC');
  }
  return zoned.locale(lang).format(GAME_TIME_FORMATS[lang][style]);
}
