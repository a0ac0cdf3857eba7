import { DIRTY } from './conditions.js';
import { markDirty, note, setPlayer, type StepContext } from './context.js';
import {
  clockRateOf,
  deadlineMs,
  isTimeUp,
  minuteMsOf,
  missionSinceMs,
  pausedMs,
  sceneSinceMs,
  timeOfDayInstant,
  timerName,
} from './clock-time.js';
import { compileSpec, type CompiledSpec } from './compile.js';
import { ENGINE_TEXTS, parseTimeOfDay, type GameSpec } from '@loci/domain';
import { finishGame } from './status.js';
import { nextTaskDueMs, timeOutDueTasks } from './task-time.js';
import type { InstanceState, PlayerClock, PlayerState, StepResult } from './types.js';

/*
 * The clock (issue 28). The engine stays pure: time is the step's argument.
 * The player's deadline and named timers live in the player's state (a
 * team's row is one player), so a replay of the input log computes them again.
 * The server asks `nextDueOf` after every step when the player's clock must
 * next be looked at (the deadline, a timer running out, the instant a timed
 * condition may change) and, at that time, steps the operator event
 * `{ type: 'tick', playerId }`: due timers run out, time conditions are
 * evaluated at the tick's time, and when time is up the game ends for the
 * player (unless the game's time limit says the rules decide).
 */

/** The message of the end of a player's game when time is up (its key: `timeUp`). */
export const TIME_UP_MESSAGE = ENGINE_TEXTS.timeUp;

const EMPTY_CLOCK: PlayerClock = { deadline: null, timers: {}, elapsed: {}, timeUpWhen: null };

/** Whether the spec uses the clock at all: a time limit (the game's or a task's), a timed condition or a timer action. */
export function usesClock(c: CompiledSpec): boolean {
  return c.timeLimit.mode !== 'none' || c.timedConditions.length > 0 || c.taskTimeLimits;
}

function writeClock(ctx: StepContext, patch: Partial<PlayerClock>): void {
  setPlayer(ctx, 'clock', { ...EMPTY_CLOCK, ...ctx.player.clock, ...patch });
  markDirty(ctx, DIRTY.time);
}

/** At the player's start: the time limit's deadline (N minutes from now, or the fixed end for everyone). */
export function startClock(ctx: StepContext): void {
  const limit = ctx.c.timeLimit;
  if (limit.mode === 'none') return;
  const deadline =
    limit.mode === 'duration'
      ? new Date(ctx.nowMs + limit.minutes * minuteMsOf(ctx.world)).toISOString()
      : new Date(Date.parse(limit.endsAt!)).toISOString();
  writeClock(ctx, { deadline });
}

/**
 * What is due at the step's time: named timers whose time came run out
 * (their "has run out" conditions become true), and questions, quizzes and
 * missions whose time limit came time out (task-time.ts). Time conditions are
 * evaluated again by the step (DIRTY.time). Nothing runs out while the
 * instance's clock is paused.
 */
export function catchUpClock(ctx: StepContext): void {
  markDirty(ctx, DIRTY.time);
  const clock = ctx.player.clock;
  if (!clock || pausedMs(ctx.world) !== null) return;
  timeOutDueTasks(ctx);
  const due = Object.entries(clock.timers).filter(([, when]) => Date.parse(when) <= ctx.nowMs);
  if (due.length === 0) return;
  const timers = { ...clock.timers };
  const elapsed = { ...clock.elapsed };
  for (const [name] of due) {
    delete timers[name];
    elapsed[name] = ctx.when;
    ctx.trace.notes.push(`Timer ${name} ran out`);
  }
  writeClock(ctx, { timers, elapsed });
}

/** Something of the player's clock is due at the step's time (a timer, time up not yet handled). */
export function clockIsDue(player: PlayerState, state: InstanceState, nowMs: number): boolean {
  const clock = player.clock;
  if (!clock || pausedMs(state.world) !== null) return false;
  if (clock.timeUpWhen === null && isTimeUp(player, state.world, nowMs)) return true;
  const task = nextTaskDueMs(player);
  if (task !== null && task <= nowMs) return true;
  return Object.values(clock.timers).some((when) => Date.parse(when) <= nowMs);
}

/**
 * Time is up for the player (once): the game ends for them with a 'Time is up'
 * end (their results), unless the game's time limit leaves it to the rules
 * ("has run out of time" triggers fire either way, before the end).
 */
export function timeUpIfDue(ctx: StepContext): boolean {
  const clock = ctx.player.clock;
  if (!clock || clock.timeUpWhen !== null || !isTimeUp(ctx.player, ctx.world, ctx.nowMs)) return false;
  writeClock(ctx, { timeUpWhen: ctx.when });
  ctx.trace.notes.push('Time is up');
  if (ctx.c.timeLimit.endsGame && !ctx.player.finished) finishGame(ctx, false, TIME_UP_MESSAGE, { key: 'timeUp' });
  return true;
}

/** The startTimer action: the named timer runs out `minutes` from now (started again if running). */
export function startTimer(ctx: StepContext, name: string, minutes: number): void {
  const key = timerName(name);
  if (key === '' || !(minutes > 0)) return note(ctx, 'startTimer: a timer needs a name and minutes above 0');
  const clock = ctx.player.clock ?? EMPTY_CLOCK;
  const elapsed = { ...clock.elapsed };
  delete elapsed[key];
  writeClock(ctx, {
    timers: { ...clock.timers, [key]: new Date(ctx.nowMs + minutes * minuteMsOf(ctx.world)).toISOString() },
    elapsed,
  });
}

/** The stopTimer action: the named timer stops without running out. */
export function stopTimer(ctx: StepContext, name: string): void {
  const key = timerName(name);
  const clock = ctx.player.clock;
  if (!clock || !(key in clock.timers)) return note(ctx, `stopTimer: the timer ${key || '(no name)'} is not running`);
  const timers = { ...clock.timers };
  delete timers[key];
  writeClock(ctx, { timers });
}

/** The addTime action: minutes more (or fewer, negative) before the player's time is up. */
export function addTime(ctx: StepContext, minutes: number): void {
  const deadline = deadlineMs(ctx.player);
  if (deadline === null) return note(ctx, 'addTime: the player has no time limit');
  const next = deadline + minutes * minuteMsOf(ctx.world);
  const timeUpWhen = ctx.player.clock!.timeUpWhen;
  // Time that was up and is no longer (the game did not end): it may be up again later.
  writeClock(ctx, {
    deadline: new Date(next).toISOString(),
    timeUpWhen: timeUpWhen !== null && next > ctx.nowMs ? null : timeUpWhen,
  });
}

// ─── When the server must look again ────────────────────────────────────────

/** The instants (epoch ms) at which a timed condition about `player` may change its value. */
function conditionInstants(
  c: CompiledSpec,
  player: PlayerState,
  world: InstanceState['world'],
  nowMs: number,
  out: number[],
): void {
  const minute = minuteMsOf(world);
  const deadline = deadlineMs(player);
  const started = player.startedWhen === null ? null : Date.parse(player.startedWhen);
  for (const condition of c.timedConditions) {
    const n =
      typeof condition.someNumber === 'number' && Number.isFinite(condition.someNumber) ? condition.someNumber : 1;
    const some = condition.some ?? 'at_least';
    const around = (base: number | null, sign: 1 | -1) => {
      if (base === null || Number.isNaN(base)) return;
      // Where the whole-minute reading crosses N (clock-time.ts): minutes since `base` reach N at base + N,
      // pass it at base + N + 1; minutes left (rounded up) reach N at base - N, drop below it at base - (N - 1).
      const reach = base + sign * n * minute;
      const pass = sign === 1 ? base + (n + 1) * minute : base - (n - 1) * minute;
      const rising = sign === 1 ? 'at_least' : 'at_most';
      if (some === rising || some === 'exact') out.push(reach);
      if (some !== rising) out.push(pass);
    };
    switch (condition.conditionType) {
      case 'player-clock':
        if (condition.verb === 'has_played_for') around(started, 1);
        else if (condition.verb === 'has_time_left') around(deadline, -1);
        else if (deadline !== null) out.push(deadline);
        break;
      case 'clock-time': {
        const minute = parseTimeOfDay(condition.designerInputString ?? '');
        if (minute === null) break;
        const today = timeOfDayInstant(nowMs, minute, c.timezone);
        out.push(today > nowMs ? today : timeOfDayInstant(nowMs + 86_400_000, minute, c.timezone));
        break;
      }
      case 'player-scene-time':
        around(sceneSinceMs(player, condition.elementId ?? ''), 1);
        break;
      case 'player-mission-time':
        around(missionSinceMs(player, condition.elementId ?? ''), 1);
        break;
      default:
        // Named timers: their due times are below.
        break;
    }
  }
}

/**
 * When the server must next step a `tick` for `playerId` (ISO), or null for
 * never: the deadline (until time is up), the named timers running, and the
 * next instant one of the spec's timed conditions may change for the player —
 * all strictly after `now` (what is due at `now` the step at `now` handled).
 * Nothing is due for a player whose game is over or who left, nor while the
 * instance's clock is paused (resuming asks again).
 */
export function nextDueOf(spec: GameSpec, state: InstanceState, playerId: string, now: Date): string | null {
  const player = state.players[playerId];
  if (!player || player.finished || player.status === 'left game' || player.startedWhen === null) return null;
  if (state.world.status !== 'active' || pausedMs(state.world) !== null) return null;
  const c = compileSpec(spec);
  if (!usesClock(c) && !player.clock) return null;
  const nowMs = now.getTime();
  const instants: number[] = [];
  const clock = player.clock;
  const deadline = deadlineMs(player);
  if (deadline !== null && clock?.timeUpWhen == null) instants.push(deadline);
  for (const when of Object.values(clock?.timers ?? {})) instants.push(Date.parse(when));
  for (const when of Object.values(clock?.tasks ?? {})) instants.push(Date.parse(when));
  conditionInstants(c, player, state.world, nowMs, instants);
  let next = Number.POSITIVE_INFINITY;
  for (const instant of instants) if (instant > nowMs && instant < next) next = instant;
  // Overdue work (a timer or time up the step did not handle) is due at once.
  if (clockIsDue(player, state, nowMs)) next = nowMs;
  return Number.isFinite(next) ? new Date(next).toISOString() : null;
}

// ─── The operators' controls ────────────────────────────────────────────────

/** A player's clock moved by `ms` (its deadline and running timers). */
function shifted(player: PlayerState, ms: number, nowMs: number): PlayerState {
  const clock = player.clock;
  if (!clock) return player;
  const move = (iso: string) => new Date(Date.parse(iso) + ms).toISOString();
  const deadline = clock.deadline === null ? null : move(clock.deadline);
  return {
    ...player,
    clock: {
      ...clock,
      deadline,
      timers: Object.fromEntries(Object.entries(clock.timers).map(([name, when]) => [name, move(when)])),
      ...(clock.tasks
        ? { tasks: Object.fromEntries(Object.entries(clock.tasks).map(([key, when]) => [key, move(when)])) }
        : {}),
      timeUpWhen:
        clock.timeUpWhen !== null && !player.finished && deadline !== null && Date.parse(deadline) > nowMs
          ? null
          : clock.timeUpWhen,
    },
  };
}

/**
 * A player's running times at a new speed: what was left of each (from `anchorMs`) lasts `factor` times as
 * long. A fixed end time for everyone (`until`) is a time of day and does not move.
 */
function rescaled(player: PlayerState, anchorMs: number, factor: number, moveDeadline: boolean): PlayerState {
  const clock = player.clock;
  if (!clock) return player;
  const move = (iso: string) => new Date(anchorMs + Math.max(0, Date.parse(iso) - anchorMs) * factor).toISOString();
  const each = (times: Record<string, string>) =>
    Object.fromEntries(Object.entries(times).map(([key, when]) => [key, move(when)]));
  return {
    ...player,
    clock: {
      ...clock,
      deadline:
        clock.deadline !== null && moveDeadline && clock.timeUpWhen === null ? move(clock.deadline) : clock.deadline,
      timers: each(clock.timers),
      ...(clock.tasks ? { tasks: each(clock.tasks) } : {}),
    },
  };
}

/**
 * The operator's clock event: `pause` freezes every player's clock (nothing
 * runs out, time left stands still), `resume` moves every deadline and timer
 * on by the pause's length, `addTime` gives one player (or team row) minutes
 * more (negative: fewer), `rate` runs the clock at N× (a playtest's speed,
 * the server allows it nowhere else): what is left of each deadline, timer and
 * task's limit is rescaled, and from then on a game minute lasts 60/N seconds.
 * Pushed to the players as a new view (no output).
 */
export function clockStep(
  spec: GameSpec,
  state: InstanceState,
  event: { control: string; playerId?: string; minutes?: number; rate?: number },
  now: Date,
): StepResult {
  const nowMs = now.getTime();
  const when = now.toISOString();
  const unchanged: StepResult = { state, outputs: [], records: [], trace: { rules: [], notes: [] } };
  const paused = pausedMs(state.world);
  switch (event.control) {
    case 'pause': {
      if (paused !== null) return unchanged;
      const world = { ...state.world, clockPausedWhen: when };
      return { ...unchanged, state: { ...state, world }, trace: { rules: [], notes: ['Clock paused'] } };
    }
    case 'resume': {
      if (paused === null) return unchanged;
      const ms = nowMs - paused;
      const players = Object.fromEntries(
        Object.entries(state.players).map(([id, player]) => [id, shifted(player, ms, nowMs)]),
      );
      const world = { ...state.world, clockPausedWhen: null };
      return { ...unchanged, state: { ...state, world, players }, trace: { rules: [], notes: ['Clock resumed'] } };
    }
    case 'rate': {
      const rate = event.rate;
      const before = clockRateOf(state.world);
      if (typeof rate !== 'number' || !(rate >= 1 && rate <= 20) || rate === before) return unchanged;
      const anchor = paused ?? nowMs;
      const moveDeadline = compileSpec(spec).timeLimit.mode === 'duration';
      const players = Object.fromEntries(
        Object.entries(state.players).map(([id, player]) => [
          id,
          rescaled(player, anchor, before / rate, moveDeadline),
        ]),
      );
      const world = { ...state.world, clockRate: rate };
      return { ...unchanged, state: { ...state, world, players }, trace: { rules: [], notes: [`Clock at ${rate}×`] } };
    }
    case 'addTime': {
      const player = event.playerId ? state.players[event.playerId] : undefined;
      const minutes = event.minutes ?? 0;
      if (!player || deadlineMs(player) === null || minutes === 0) return unchanged;
      // Only the deadline moves: named timers and tasks' time limits keep their times.
      const { tasks, timers } = player.clock!;
      const bare = { ...player, clock: { ...player.clock!, timers: {}, tasks: {} } };
      const next = shifted(bare, minutes * minuteMsOf(state.world), nowMs);
      const changed = { ...player, clock: { ...next.clock!, timers, ...(tasks ? { tasks } : {}) } };
      return {
        ...unchanged,
        state: { ...state, players: { ...state.players, [player.id]: changed } },
        trace: { rules: [], notes: [`${minutes > 0 ? '+' : ''}${minutes} minutes for ${player.name}`] },
      };
    }
    default:
      return unchanged;
  }
}
