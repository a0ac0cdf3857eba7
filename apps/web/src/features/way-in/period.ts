import type { PublicLobby } from '@loci/domain';
import type { TFunction } from 'i18next';

/** A date and time in the game's timezone, in the reader's language (with the zone's short name). */
function inZone(iso: string, timeZone: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(language, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(date);
  } catch {
    return date.toISOString();
  }
}

/** The playing period as a player reads it, in the game's timezone. */
export function periodText(period: PublicLobby['game']['playingPeriod'], t: TFunction, language: string): string {
  if (!period || (!period.start && !period.end)) return t('wayIn.lobby.anytime');
  const start = period.start ? inZone(period.start, period.timezone, language) : null;
  const end = period.end ? inZone(period.end, period.timezone, language) : null;
  if (start && end) return t('wayIn.lobby.fromTo', { start, end });
  return start ? t('wayIn.lobby.from', { start }) : t('wayIn.lobby.until', { end });
}
