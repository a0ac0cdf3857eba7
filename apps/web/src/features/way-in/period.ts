import type { TFunction } from 'i18next';
import { formatGameTime } from '../../components/time/game-time';

/** A game's playing period as the play API gives it (ISO bounds, null = open, and its timezone). */
export type PlayingPeriodText = { start: string | null; end: string | null; timezone: string } | null;

/** The playing period as a player reads it, in the game's timezone (components/time/game-time). */
export function periodText(period: PlayingPeriodText, t: TFunction, language: string): string {
  if (!period || (!period.start && !period.end)) return t('wayIn.lobby.anytime');
  const start = formatGameTime(period.start, period.timezone, language) || null;
  const end = formatGameTime(period.end, period.timezone, language) || null;
  if (start && end) return t('wayIn.lobby.fromTo', { start, end });
  return start ? t('wayIn.lobby.from', { start }) : t('wayIn.lobby.until', { end });
}
