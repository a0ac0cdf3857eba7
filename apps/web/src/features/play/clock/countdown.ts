import type { PlayerClockView } from '@loci/domain';

/** The minutes left at which the countdown is announced to screen readers (not every second). */
export const ANNOUNCED_MINUTES = [10, 5, 1] as const;

/**
 * The difference between the server's clock and this phone's (ms) when a view arrived: the view's
 * `serverNow` minus the phone's time of arrival. The countdown reads the server's time as the phone's
 * time plus this, so a phone whose clock is wrong (or was changed) still counts down to the server's deadline.
 */
export function clockOffset(clock: PlayerClockView | undefined, receivedAt: number): number {
  if (!clock?.serverNow) return 0;
  const server = Date.parse(clock.serverNow);
  return Number.isNaN(server) ? 0 : server - receivedAt;
}

/** How fast the game's clock runs (a playtest's 1–20×; 1 otherwise): the countdowns show game time. */
const rateOf = (clock: PlayerClockView | undefined): number =>
  typeof clock?.rate === 'number' && clock.rate >= 1 ? clock.rate : 1;

/**
 * Milliseconds of game time left of the player's time at the phone's `now` (frozen while paused), or null
 * without a deadline. On a playtest's clock at N× it is the real time left × N.
 */
export function timeLeftMs(clock: PlayerClockView | undefined, now: number, offset: number): number | null {
  if (!clock?.deadline) return null;
  if (clock.paused) return clock.leftMs === null ? null : clock.leftMs * rateOf(clock);
  return Math.max(0, Date.parse(clock.deadline) - (now + offset)) * rateOf(clock);
}

/** '12:05', or '1:02:05' from an hour on. */
export function formatTimeLeft(ms: number): string {
  const whole = Math.ceil(ms / 1000);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The announcement due when time left went from `before` to `after` (ms): the threshold crossed, if any. */
export function crossedThreshold(before: number | null, after: number | null): number | null {
  if (before === null || after === null) return null;
  for (const minutes of ANNOUNCED_MINUTES) {
    const at = minutes * 60_000;
    if (before > at && after <= at) return minutes;
  }
  return null;
}

/**
 * Milliseconds left of a task's time limit (issue 28: a question, quiz or mission; `key` from `taskTimerKey`)
 * at the phone's `now`, or null when none runs. While the instance's clock is paused it stands at what was
 * left when the view was made.
 */
export function taskLeftMs(
  clock: PlayerClockView | undefined,
  key: string,
  now: number,
  offset: number,
): number | null {
  const due = clock?.tasks?.[key];
  if (!due) return null;
  const at = clock.paused && clock.serverNow ? Date.parse(clock.serverNow) : now + offset;
  return Math.max(0, Date.parse(due) - at) * rateOf(clock);
}
