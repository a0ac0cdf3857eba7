/**
 * What a committed step pushes to sockets: each player's outputs and view,
 * to the player and to whoever watches them, and the instance's status to its
 * room, each player's in the language they read (step-languages.ts). Nothing
 * is pushed before the write committed.
 */
import { randomUUID } from 'node:crypto';
import { SOCKET_EVENTS, type ContentLanguage, type GameSpec, type PlayerView, type ViewPart } from '@loci/domain';
import { viewOf, type Output, type StepResult } from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { GameInstanceRow, PlayerStateRow } from '../../db/schema.js';
import type { JoinOptions } from './instance-rows.js';
import type { SaidStep, StepInLanguages } from './step-languages.js';
import { pushViewPart } from './views.js';
import { recordAnnouncements } from '../wall/service.js';

/** What must be pushed to sockets once the transaction has committed. */
export interface PendingPush {
  instanceId: string;
  status: string;
  /** The step's id, which its answer carries too (absent for a change that is no step of a player's). */
  stepId?: string;
  /** The step in any of the game's languages, for players who read another than it ran in (absent: one language). */
  said?: StepInLanguages;
  /**
   * Per player with outputs, and the acting player (whose position or state moved, maybe without outputs):
   * their account (null after anonymisation: nobody to push to), outputs and view.
   */
  players: Array<{
    playerId: string;
    userId: string | null;
    outputs: Output[];
    view: PlayerView;
    /** The language the player reads (kept with their row): their outputs and view are said in it. */
    language?: ContentLanguage;
    /** Pushed to the player even with no outputs (an operator changed what their screen shows). */
    always?: boolean;
    /**
     * How the view goes to the player's own sockets (views.ts): the acting player's is their answer's; for the
     * others it is decided when pushed.
     */
    part?: ViewPart;
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
  /** A view already computed (the acting player's, for the answer), and how its answer sends it: not computed again. */
  known?: { playerId: string; view: PlayerView; part?: ViewPart },
  /** The step in the game's languages; each player's language is the one their row keeps (the acting one's: the step's). */
  said?: StepInLanguages,
): PendingPush {
  const outputsByPlayer = new Map<string, Output[]>();
  if (actingPlayerId && result.state.players[actingPlayerId]) outputsByPlayer.set(actingPlayerId, []);
  for (const output of result.outputs) {
    if (!output.playerId || !result.state.players[output.playerId]) continue;
    const list = outputsByPlayer.get(output.playerId) ?? [];
    list.push(output);
    outputsByPlayer.set(output.playerId, list);
  }
  const languageOf = (playerId: string) =>
    !said ? undefined : playerId === actingPlayerId ? said.language : said.languageOf(byPlayer.get(playerId)?.language);
  return {
    instanceId: instance.id,
    status: instance.status,
    stepId,
    ...(said ? { said } : {}),
    players: [...outputsByPlayer].map(([playerId, outputs]) => {
      const language = languageOf(playerId);
      // Computed when first read — by the answer, or by a push that has someone to reach — and then kept.
      let view: PlayerView | undefined = known?.playerId === playerId ? known.view : undefined;
      return {
        playerId,
        userId: byPlayer.has(playerId) ? byPlayer.get(playerId)!.userId : (join?.userId ?? playerId),
        outputs,
        get view() {
          // The instance's updatedAt is the step's time: the view's clock carries it as the server's now.
          return (view ??= viewOf(spec, result.state, playerId, instance.updatedAt));
        },
        ...(language ? { language } : {}),
        ...(known?.playerId === playerId && known.part ? { part: known.part } : {}),
      };
    }),
  };
}

/**
 * What `player` of `push` is told in `language` (theirs by default; a team member's own): the step's outputs and
 * view as it ran when it ran in that language, else the step said again in it (step-languages.ts).
 */
export function pushedIn(
  push: PendingPush,
  player: PendingPush['players'][number],
  language: ContentLanguage | undefined = player.language,
): SaidStep & { part?: ViewPart } {
  if (!push.said || !language || language === push.said.language) {
    return { outputs: player.outputs, view: player.view, ...(player.part ? { part: player.part } : {}) };
  }
  return push.said.forPlayer(player.playerId, language);
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
      // In the player's language (their watchers see their screen as it is).
      const said = pushedIn(push, player);
      const pushed = {
        instanceId: push.instanceId,
        ...(push.stepId === undefined ? {} : { stepId: push.stepId }),
        outputs: said.outputs,
      };
      // The acting player reads their step's answer; only outputs (theirs, or caused by others) are pushed to them,
      // with the view whole or as what changed since the last view sent them (views.ts).
      if (player.userId && (player.outputs.length > 0 || player.always))
        ctx.realtime.toUser(player.userId, SOCKET_EVENTS.outputs, {
          ...pushed,
          ...(said.part ?? pushViewPart(push.instanceId, player.playerId, said.view)),
        });
      // Who watches the player (see as the player) is pushed the whole view.
      ctx.realtime.toPlayerWatchers(push.instanceId, player.playerId, SOCKET_EVENTS.playerView, {
        ...pushed,
        view: said.view,
        playerId: player.playerId,
      });
    }
    ctx.realtime.toInstance(push.instanceId, SOCKET_EVENTS.instance, {
      instanceId: push.instanceId,
      status: push.status,
    });
    // The wall's scoreboard and map may have moved (issue 29; coalesced per instance).
    ctx.realtime.toWall(push.instanceId);
  } catch (error) {
    // Pushes are fire-and-forget (lib/realtime.ts): the committed step stands, the player reads it in the next view.
    ctx.log.warn({ err: error, instanceId: push.instanceId }, 'realtime push failed');
  }
  // The designer's announcements go to the feed (issue 29), once the step committed.
  if (push.players.some((player) => player.outputs.some((output) => output.action === 'announceInFeed'))) {
    recordAnnouncements(ctx, push).catch((error: unknown) =>
      ctx.log.warn({ err: error, instanceId: push.instanceId }, 'feed: an announcement was not written'),
    );
  }
}
