import type { PlayerState, WorldState } from './types.js';

/*
 * The clock's readings (issue 28), pure functions of a player's state, the
 * world and the step's time — the engine has no clock of its own: `nowMs` is
 * the step's argument. Minutes are whole minutes: played for = minutes since
 * the start rounded down; time left = minutes to the deadline rounded up, so
 * "time left at most 10" holds from 10:00 left on.
 */

export const MINUTE_MS = 60_000;

/** How fast the instance's clock runs (a playtest's 1–20×; 1 otherwise). */
export function clockRateOf(world: WorldState): number {
  const rate = world.clockRate;
  return typeof rate === 'number' && rate >= 1 && rate <= 20 ? rate : 1;
}

/** How long a game minute lasts (ms): a minute, or 60/N seconds on a clock that runs at N×. */
export const minuteMsOf = (world: WorldState): number => MINUTE_MS / clockRateOf(world);

/** Whole game minutes in `ms`, rounded down. */
export const wholeMinutes = (ms: number, world: WorldState): number => Math.floor(ms / minuteMsOf(world));

const parse = (iso: string | null | undefined): number | null => {
  if (typeof iso !== 'string') return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
};

/** Minutes since the player's start, rounded down; null before the start. */
export function playedMinutes(player: PlayerState, world: WorldState, nowMs: number): number | null {
  const started = parse(player.startedWhen);
  return started === null ? null : wholeMinutes(nowMs - started, world);
}

/** The deadline of the player's time limit (epoch ms), or null without one. */
export function deadlineMs(player: PlayerState): number | null {
  return parse(player.clock?.deadline);
}

/** When the instance's clock was paused (epoch ms), or null while it runs. */
export function pausedMs(world: WorldState): number | null {
  return parse(world.clockPausedWhen);
}

/** Milliseconds left to the deadline (frozen while the clock is paused; never below 0), or null without one. */
export function msLeft(player: PlayerState, world: WorldState, nowMs: number): number | null {
  const deadline = deadlineMs(player);
  if (deadline === null) return null;
  return Math.max(0, deadline - (pausedMs(world) ?? nowMs));
}

/** Minutes left to the deadline, rounded up; null without a deadline. */
export function minutesLeft(player: PlayerState, world: WorldState, nowMs: number): number | null {
  const left = msLeft(player, world, nowMs);
  return left === null ? null : Math.ceil(left / minuteMsOf(world));
}

/** The player's time is up: a deadline that has passed, with the clock running. */
export function isTimeUp(player: PlayerState, world: WorldState, nowMs: number): boolean {
  const deadline = deadlineMs(player);
  return deadline !== null && pausedMs(world) === null && nowMs >= deadline;
}

/** Since when the player is in scene `sceneId` (epoch ms), or null when it is not their current scene. */
export function sceneSinceMs(player: PlayerState, sceneId: string): number | null {
  if (player.currentSceneId !== sceneId) return null;
  return parse(player.sceneSince ?? player.visitedScenes[sceneId]);
}

/** Since when the player holds mission `missionId` (assigned, not archived), or null. */
export function missionSinceMs(player: PlayerState, missionId: string): number | null {
  const progress = player.missions[missionId];
  if (!progress || progress.archivedWhen) return null;
  return parse(progress.assignedWhen);
}

/** The key of a named timer: trimmed, lower case (as codes are). */
export const timerName = (name: string | null | undefined): string => (name ?? '').trim().toLowerCase();

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      // An unknown time zone reads as UTC (the settings form refuses one).
      formatter = formatterOf('UTC');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock fields of `instant` in `timeZone`. */
function fieldsOf(instant: number, timeZone: string): { y: number; m: number; d: number; asUtc: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const y = parts.year!;
  const m = parts.month!;
  const d = parts.day!;
  return { y, m, d, asUtc: Date.UTC(y, m - 1, d, parts.hour!, parts.minute!, parts.second!) };
}

/** The offset of `timeZone` from UTC at `instant` (ms; positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return fieldsOf(whole, timeZone).asUtc - whole;
}

/**
 * The instant of `minuteOfDay` (minutes since midnight) on the day `nowMs`
 * falls on in `timeZone` (the game's playing period's time zone).
 */
export function timeOfDayInstant(nowMs: number, minuteOfDay: number, timeZone: string): number {
  const { y, m, d } = fieldsOf(nowMs, timeZone);
  const local = Date.UTC(y, m - 1, d) + minuteOfDay * MINUTE_MS;
  const first = local - offsetAt(local, timeZone);
  // Once more with the offset at the instant itself (a change of summer time that day).
  return local - offsetAt(first, timeZone);
}
