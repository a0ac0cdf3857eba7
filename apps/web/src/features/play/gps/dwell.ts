import type { PlayerView } from '@loci/engine';

/** A location with a dwell time the player stands in, not entered yet: until when (ms since the epoch) to stay. */
/** What the countdown reads of the player's view: the places they perceive. */
export interface PerceivedPlaces {
  perceived: Pick<PlayerView['perceived'], 'locations'>;
}

export interface Dwelling {
  id: string;
  name: string;
  until: number;
}

/** The location the player is dwelling in, if any (the one that ends first, when several). */
export function dwellingOf(view: PerceivedPlaces): Dwelling | null {
  let first: Dwelling | null = null;
  for (const location of view.perceived.locations) {
    const until = location.dwellUntil ? Date.parse(location.dwellUntil) : Number.NaN;
    if (Number.isNaN(until) || (first && first.until <= until)) continue;
    first = { id: location.id, name: location.name, until };
  }
  return first;
}

/** Whole seconds left to stay (rounded up: "0:01" until the very end), never below 0. */
export function secondsLeft(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** m:ss, as a countdown reads ("0:12", "1:05"). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The dwell the player walked out of between two views: the one they were dwelling in that is now
 * neither dwelt in nor entered (an entry ends a dwell too, and is no reset). null otherwise.
 */
export function leftDwelling(before: Dwelling | null, view: PerceivedPlaces): Dwelling | null {
  if (!before) return null;
  const now = view.perceived.locations.find((location) => location.id === before.id);
  return now?.dwellUntil || now?.inside ? null : before;
}
