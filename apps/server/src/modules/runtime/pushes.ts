/**
 * What a committed step pushes to sockets: each player's outputs and view,
 * to the player and to whoever watches them, and the instance's status to its
 * room. Nothing is pushed before the write committed.
 */
import { randomUUID } from 'node:crypto';
import { SOCKET_EVENTS, type GameSpec, type PlayerView } from '@loci/domain';
import { viewOf, type Output, type StepResult } from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { GameInstanceRow, PlayerStateRow } from '../../db/schema.js';
import type { JoinOptions } from './instance-rows.js';

/** What must be pushed to sockets once the transaction has committed. */
export interface PendingPush {
  instanceId: string;
  status: string;
  /** The step's id, which its answer carries too (absent for a change that is no step of a player's). */
  stepId?: string;
  /**
   * Per player with outputs, and the acting player (whose position or state moved, maybe without outputs):
   * their account (null after anonymisation: nobody to push to), outputs and view.
   */
  players: Array<{
    playerId: string;
    userId: string | null;
    outputs: Output[];
    view: PlayerView;
    /** Pushed to the player even with no outputs (an operator changed what their screen shows). */
    always?: boolean;
  }>;
}

/**
 * What a committed step pushes: per player with outputs (and the acting player, for who sees their screen),
 * their outputs and view (computed once, when first read); the instance's status.
 */
export function pushOf(
  spec: GameSpec,
  instance: GameInstanceRow,
  result: StepResult,
  byPlayer: ReadonlyMap<string, PlayerStateRow>,
  join: JoinOptions | undefined,
  actingPlayerId: string | null,
  /** The step's id (runtime/player-event.ts `stepIdOf`). */
  stepId: string,
  /** A view already computed (the acting player's, for the answer): not computed again. */
  known?: { playerId: string; view: PlayerView },
): PendingPush {
  const outputsByPlayer = new Map<string, Output[]>();
  if (actingPlayerId && result.state.players[actingPlayerId]) outputsByPlayer.set(actingPlayerId, []);
  for (const output of result.outputs) {
    if (!output.playerId || !result.state.players[output.playerId]) continue;
    const list = outputsByPlayer.get(output.playerId) ?? [];
    list.push(output);
    outputsByPlayer.set(output.playerId, list);
  }
  return {
    instanceId: instance.id,
    status: instance.status,
    stepId,
    players: [...outputsByPlayer].map(([playerId, outputs]) => {
      // Computed when first read — by the answer, or by a push that has someone to reach — and then kept.
      let view: PlayerView | undefined = known?.playerId === playerId ? known.view : undefined;
      return {
        playerId,
        userId: byPlayer.has(playerId) ? byPlayer.get(playerId)!.userId : (join?.userId ?? playerId),
        outputs,
        get view() {
          return (view ??= viewOf(spec, result.state, playerId));
        },
      };
    }),
  };
}

/**
 * The id of a step: the client event id when the app sent one (its retries are answered with the first
 * answer, which carries it), else one drawn for the step. A push of the step's outputs carries it too, so
 * the app shows a step that it reads twice — its answer and its push, in either order — once.
 */
export function stepIdOf(clientEventId: string | null | undefined): string {
  return clientEventId ?? randomUUID();
}

/** Pushes what a committed step produced: each player's outputs and view, and the instance's status. */
export function pushStepped(ctx: AppContext, push: PendingPush): void {
  try {
    for (const player of push.players) {
      const pushed = {
        instanceId: push.instanceId,
        ...(push.stepId === undefined ? {} : { stepId: push.stepId }),
        outputs: player.outputs,
        view: player.view,
      };
      // The acting player reads their step's answer; only outputs (theirs, or caused by others) are pushed to them.
      if (player.userId && (player.outputs.length > 0 || player.always))
        ctx.realtime.toUser(player.userId, SOCKET_EVENTS.outputs, pushed);
      ctx.realtime.toPlayerWatchers(push.instanceId, player.playerId, SOCKET_EVENTS.playerView, {
        ...pushed,
        playerId: player.playerId,
      });
    }
    ctx.realtime.toInstance(push.instanceId, SOCKET_EVENTS.instance, {
      instanceId: push.instanceId,
      status: push.status,
    });
  } catch (error) {
    // Pushes are fire-and-forget (lib/realtime.ts): the committed step stands, the player reads it in the next view.
    ctx.log.warn({ err: error, instanceId: push.instanceId }, 'realtime push failed');
  }
}
