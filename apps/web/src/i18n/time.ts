import dayjs from 'dayjs';
import 'dayjs/locale/el';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import i18n from './index';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The console's one way of showing a time (docs/design.md "Times"): in the
 * game's timezone when there is a game, else the browser's, always with the
 * zone named, in one format per language.
 */
const FORMATS: Record<string, { dateTime: string; seconds: string; date: string; time: string }> = {
  en: { dateTime: 'D MMM YYYY, HH:mm', seconds: 'D MMM YYYY, HH:mm:ss', date: 'D MMM YYYY', time: 'HH:mm:ss' },
  el: { dateTime: 'D MMM YYYY, HH:mm', seconds: 'D MMM YYYY, HH:mm:ss', date: 'D MMM YYYY', time: 'HH:mm:ss' },
};

export type TimeStyle = keyof (typeof FORMATS)['en'];

/** The browser's own zone (when no game names one). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A zone this browser knows, else the browser's own. */
function knownZone(zone: string | null | undefined): string {
  if (!zone) return browserZone();
  try {
    Intl.DateTimeFormat(undefined, { timeZone: zone });
    return zone;
  } catch {
    return browserZone();
  }
}

export interface FormatTimeOptions {
  /** The game's timezone (IANA); the browser's when absent. */
  zone?: string | null;
  style?: TimeStyle;
  /** Leave the zone's name out (when a heading names it once). */
  withoutZone?: boolean;
  language?: string;
}

/**
 * `iso` as the console shows times: '23 Nov 2026, 19:53 (Europe/Athens)'.
 * '—' for no time or an unreadable one.
 */
export function formatTime(iso: string | number | Date | null | undefined, options: FormatTimeOptions = {}): string {
  if (iso === null || iso === undefined || iso === '') return '—';
  const instant = dayjs(iso);
  if (!instant.isValid()) return '—';
  const zone = knownZone(options.zone);
  const language = (options.language ?? i18n.language ?? 'en').startsWith('el') ? 'el' : 'en';
  const text = instant
    .tz(zone)
    .locale(language)
    .format(FORMATS[language]![options.style ?? 'dateTime']);
  return options.withoutZone || options.style === 'date' ? text : `${text} (${zone})`;
}

/** The instant a day ('YYYY-MM-DD') starts in `zone` (the browser's when absent), `days` later, as ISO. */
export function dayStartIn(date: string, zone: string | null | undefined, days = 0): string {
  return dayjs.tz(`${date} 00:00`, knownZone(zone)).add(days, 'day').toISOString();
}
