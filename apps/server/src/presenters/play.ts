/**
 * What the player API answers for a step (an event, a start, a rejoin, a
 * view): the player's outputs and view, and for a playtest with debug the
 * trace and the raw states. Built by the runtime (runtime/player-event.ts)
 * and the player API alike.
 */
import type { GameSpec, PlayMessage } from '@loci/domain';
import {
  viewOf,
  type InstanceState,
  type Output,
  type PlayerState,
  type PlayerView,
  type StepTrace,
  type WorldState,
} from '@loci/engine';
import type { GameInstanceRow } from '../db/schema.js';

/** What a playtest also answers: the step's trace and the raw states (spec 3 §2 debugging). */
export interface PlayDebug {
  trace: StepTrace;
  player: PlayerState;
  world: WorldState;
}

export interface PlayAnswer {
  /** The step's id, when the answer is one step's and its push carries the same outputs (runtime/pushes.ts). */
  stepId?: string;
  outputs: Output[];
  view: PlayerView;
  messages: PlayMessage[];
  debug?: PlayDebug;
}

export interface StartAnswer extends PlayAnswer {
  instanceId: string;
  /** The caller came back to an instance they were already playing (HTTP 200 rather than 201). */
  rejoined: boolean;
  /**
   * The revision of `view` (runtime/views.ts), to an app that speaks deltas (it sent `viewRevision`): it sends
   * the revision with its next event, answered with what changed.
   */
  revision?: string;
}

/** The answer for `playerId` in `state` without the operators' messages. */
export function answerBody(args: {
  spec: GameSpec;
  state: InstanceState;
  playerId: string;
  outputs: Output[];
  trace: StepTrace | null;
  /** The view of `playerId` in `state`, when the caller has it already. */
  view?: PlayerView;
  /** The server's time, which the view's clock carries (issue 28). */
  now?: Date;
}): Omit<PlayAnswer, 'messages'> {
  const { spec, state, playerId } = args;
  const player = state.players[playerId]!;
  return {
    outputs: args.outputs.filter((output) => output.playerId === playerId),
    view: args.view ?? viewOf(spec, state, playerId, args.now),
    ...(args.trace ? { debug: { trace: args.trace, player, world: state.world } } : {}),
  };
}

/** The instance as the player API presents it. */
export function presentPlayInstance(instance: GameInstanceRow) {
  return {
    id: instance.id,
    _id: instance.id,
    gameId: instance.gameId,
    versionId: instance.versionId,
    isLiveSpec: instance.isLiveSpec,
    multiplayer: instance.multiplayer,
    status: instance.status,
  };
}
