import type { GameSpec, PlayingPeriod } from '@loci/domain';
import { migrateInstanceState } from './state.js';
import { step } from './step.js';
import {
  INSTANCE_STATE_VERSION,
  type EngineEvent,
  type InstanceState,
  type PlayerState,
  type StepResult,
  type WorldState,
} from './types.js';

/**
 * One entry of an instance's input log (the server's `instance_events`): every
 * change of an instance, in the order it was committed, so the instance can be
 * stepped again from its creation (docs/engine.md "Replay").
 * - `create`: the instance's first world (before any player joined).
 * - `step`: an engine event exactly as it was stepped, at `now`, with the
 *   random numbers the step drew (none today) — any event type, so new ones
 *   replay without a change here.
 * - `world`: the world set outside a step (an operator's edit, the expiry of
 *   every active instance of a game): replay takes it as it was written.
 * - `players`: player states set outside a step: a live migration to another
 *   version, or its undo (`cause`) — the states as the migration wrote them;
 *   the entries after it name the version they ran on.
 */
export type LoggedInput =
  | { kind: 'create'; world: WorldState; multiplayer: boolean }
  | {
      kind: 'step';
      event: EngineEvent;
      now: string;
      random?: number[];
      /** The game's playing period at the time, when the runtime laid one over the version's spec. */
      period?: PlayingPeriod | null;
    }
  | { kind: 'world'; world: WorldState }
  | { kind: 'players'; players: Record<string, PlayerState>; cause?: PlayersEntryCause };

/** Why player states were set outside a step (docs/versions.md "Migrating live games"). */
export type PlayersEntryCause = 'migration' | 'migrationUndo';

/** A logged input with the spec it ran on (the version of its time, with the playing period of its time). */
export interface ReplayEntry {
  input: LoggedInput;
  spec: GameSpec;
}

/** The instance after one logged input; `result` for a step (its outputs and trace). */
export interface ReplayedStep {
  input: LoggedInput;
  state: InstanceState;
  result: StepResult | null;
}

/** A `random` that gives back the numbers a step drew, then the engine's default (a step stepped again). */
export function replayRandom(drawn: readonly number[] = []): () => number {
  let next = 0;
  return () => (next < drawn.length ? drawn[next++]! : 0.5);
}

/** A `random` that records what it draws (for the log), by `Math.random`. */
export function recordingRandom(): { random: () => number; drawn: number[] } {
  const drawn: number[] = [];
  return {
    drawn,
    random: () => {
      const value = Math.random();
      drawn.push(value);
      return value;
    },
  };
}

/**
 * What a runtime keeps of a step, exactly as the server's store writes it
 * back: the world, and every player the step changed — except a player a
 * refused `start` joined (a refusal adds nobody).
 */
export function keptOfStep(before: InstanceState, result: StepResult): InstanceState {
  const refused = result.outputs.length > 0 && result.outputs.every((output) => output.action === 'error');
  const players = { ...before.players };
  for (const [playerId, player] of Object.entries(result.state.players)) {
    if (!before.players[playerId] && refused) continue;
    players[playerId] = player;
  }
  return { ...before, world: result.state.world, players };
}

/** Applies one logged input to `state` (null before the `create`). */
export function applyLogged(
  spec: GameSpec,
  state: InstanceState | null,
  input: LoggedInput,
  options: { traceAllRules?: boolean } = {},
): ReplayedStep {
  if (input.kind === 'create') {
    const created = migrateInstanceState({
      version: INSTANCE_STATE_VERSION,
      gameId: spec.game.id,
      multiplayer: input.multiplayer,
      world: input.world,
      players: {},
    });
    return { input, state: created, result: null };
  }
  if (!state) throw new Error('An instance log must begin with its creation');
  if (input.kind === 'world') return { input, state: { ...state, world: input.world }, result: null };
  if (input.kind === 'players') {
    return { input, state: { ...state, players: { ...state.players, ...input.players } }, result: null };
  }
  const result = step(spec, state, input.event, new Date(input.now), replayRandom(input.random), options);
  return { input, state: keptOfStep(state, result), result };
}

/**
 * Replays an instance's whole log from its creation, every input on the spec
 * it ran on; returns the instance after each input. Deterministic: the same
 * log gives the same states (the clock and the random numbers are logged).
 */
export function replayLog(entries: readonly ReplayEntry[], options: { traceAllRules?: boolean } = {}): ReplayedStep[] {
  const steps: ReplayedStep[] = [];
  let state: InstanceState | null = null;
  for (const { input, spec } of entries) {
    const replayed = applyLogged(spec, state, input, options);
    steps.push(replayed);
    state = replayed.state;
  }
  return steps;
}
