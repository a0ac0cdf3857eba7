/**
 * Replay (docs/operations.md "Replay"): a player's game stepped again by the
 * engine from the instance's input log (runtime/event-log.ts), on the version
 * and playing period each entry ran on. The whole instance is replayed in log
 * order — the world is shared — and the chosen player's states are kept.
 */
import { isDeepStrictEqual } from 'node:util';
import { REPLAY_MESSAGES, type GameSpec, type PlayerReplay, type PlayingPeriod, type ReplayStep } from '@loci/domain';
import { applyLogged, type InstanceState, type LoggedInput, type PlayerState, type ReplayedStep } from '@loci/engine';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import {
  chatMessages,
  instanceEvents,
  playerMessages,
  type GameInstanceRow,
  type InstanceEventRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { requireManagedInstance } from '../manage/service.js';
import { loadInstanceState } from '../runtime/instance-rows.js';
import { specOfLogged } from '../runtime/specs.js';

/** An operator's send-message and its copy in the player's conversation are written this close together. */
const SAME_MESSAGE_MS = 5000;

/** The instance's input log, oldest first. */
async function logOf(ctx: AppContext, instanceId: string): Promise<InstanceEventRow[]> {
  return ctx.db
    .select()
    .from(instanceEvents)
    .where(eq(instanceEvents.instanceId, instanceId))
    .orderBy(asc(instanceEvents.seq));
}

const periodOf = (entry: LoggedInput): PlayingPeriod | null => (entry.kind === 'step' ? (entry.period ?? null) : null);

/**
 * Replays an instance's whole log; 409 when it does not begin with the
 * instance's creation (started before the log existed).
 */
export async function replayInstance(
  ctx: AppContext,
  instance: GameInstanceRow,
): Promise<Array<{ row: InstanceEventRow; replayed: ReplayedStep }>> {
  const rows = await logOf(ctx, instance.id);
  if (rows[0]?.entry.kind !== 'create') {
    throw new AppError('NOT_RECORDED');
  }
  const steps: Array<{ row: InstanceEventRow; replayed: ReplayedStep }> = [];
  let state: InstanceState | null = null;
  for (const row of rows) {
    const spec: GameSpec = await specOfLogged(ctx.db, instance, row.versionId, periodOf(row.entry));
    const replayed = applyLogged(spec, state, row.entry);
    steps.push({ row, replayed });
    state = replayed.state;
  }
  return steps;
}

/** Whether the replayed instance is the one stored: its world and every player's state. */
export function sameAsStored(replayed: InstanceState | null, stored: InstanceState): boolean {
  if (!replayed) return false;
  const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  return (
    isDeepStrictEqual(json(replayed.world), json(stored.world)) &&
    isDeepStrictEqual(json(replayed.players), json(stored.players))
  );
}

/** A replayed step as the answer presents it, for `playerId`. */
function presentStep(row: InstanceEventRow, replayed: ReplayedStep, playerId: string): ReplayStep {
  const player = replayed.state.players[playerId] ?? null;
  const entry = row.entry;
  return {
    seq: row.seq,
    at: row.at.toISOString(),
    kind:
      entry.kind === 'step' ? 'event' : entry.kind === 'players' ? (entry.cause ? 'migration' : 'players') : 'world',
    event: entry.kind === 'step' ? (entry.event as ReplayStep['event']) : null,
    message: null,
    position: player?.location ? { latitude: player.location.latitude, longitude: player.location.longitude } : null,
    state: player as ReplayStep['state'],
    outputs: (replayed.result?.outputs ?? []).filter((output) => output.playerId === playerId),
    trace: replayed.result && entry.kind === 'step' && row.playerId === playerId ? replayed.result.trace : null,
  };
}

/**
 * The steps of one player: their own events, and every other entry that
 * changed their state (an operator's event, a trade); the operators' messages
 * to them in between, at the state they arrived on.
 */
function stepsOfPlayer(
  steps: Array<{ row: InstanceEventRow; replayed: ReplayedStep }>,
  playerId: string,
  messages: Array<{ message: string; createdAt: Date }>,
): ReplayStep[] {
  const kept: ReplayStep[] = [];
  let before: PlayerState | undefined;
  for (const { row, replayed } of steps) {
    const after = replayed.state.players[playerId];
    if (row.playerId === playerId || (after !== before && before !== undefined)) {
      kept.push(presentStep(row, replayed, playerId));
    }
    before = after;
  }
  for (const sent of messages) {
    const at = sent.createdAt.toISOString();
    const previous = [...kept].reverse().find((step) => step.kind !== 'message' && step.at <= at);
    kept.push({
      seq: 0,
      at,
      kind: 'message',
      event: null,
      message: sent.message,
      position: previous?.position ?? null,
      state: previous?.state ?? null,
      outputs: [],
      trace: null,
    });
  }
  // Stable: a message sent at the very time of an event comes after it.
  return kept.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** GET /api/instances/{id}/players/{playerId}/replay (manage right): the player's game step by step. */
export async function replayPlayer({
  ctx,
  user,
  instanceId,
  playerId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  playerId: string;
}): Promise<PlayerReplay> {
  const { instance } = await requireManagedInstance(ctx, user, instanceId);
  const loaded = await loadInstanceState(ctx, instance.id);
  const stored = loaded?.state.players[playerId];
  if (!loaded || !stored) throw fail.notFound(REPLAY_MESSAGES.playerNotFound);
  const steps = await replayInstance(ctx, instance);
  // The operators' messages (send-message) and the organiser's replies in the inbox (issue 29): what reached the
  // player from outside the game. The player's own messages are events of the log already (`chat`).
  const [sent, replies] = await Promise.all([
    ctx.db
      .select({ message: playerMessages.message, createdAt: playerMessages.createdAt })
      .from(playerMessages)
      .where(and(eq(playerMessages.instanceId, instance.id), eq(playerMessages.playerId, playerId)))
      .orderBy(asc(playerMessages.createdAt)),
    ctx.db
      .select({ message: chatMessages.text, createdAt: chatMessages.createdAt })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.instanceId, instance.id),
          eq(chatMessages.playerId, playerId),
          eq(chatMessages.channel, 'organiser'),
          eq(chatMessages.direction, 'out'),
        ),
      )
      .orderBy(asc(chatMessages.createdAt)),
  ]);
  // send-message keeps its message in the conversation too: the same text within a few seconds is one message.
  const echoes = (reply: { message: string; createdAt: Date }) =>
    sent.some(
      (one) =>
        one.message === reply.message &&
        Math.abs(one.createdAt.getTime() - reply.createdAt.getTime()) < SAME_MESSAGE_MS,
    );
  const messages = [...sent, ...replies.filter((reply) => !echoes(reply))];
  return {
    instanceId: instance.id,
    playerId,
    name: stored.name,
    isLiveSpec: instance.isLiveSpec,
    matchesStored: sameAsStored(steps.at(-1)?.replayed.state ?? null, loaded.state),
    steps: stepsOfPlayer(steps, playerId, messages),
  };
}
