/**
 * A player's event, where the pure engine meets the database: read, admit,
 * step, commit, answer, push — and why the runtime is race-safe.
 *
 * Why this is race-safe. Two ways to change an instance, one rule between them.
 *
 * The locking path: an operator's event, an operator's edit of the world, a
 * start, and a player's event that changes the shared world (a pick, an
 * offer, the end of the instance) run in ONE transaction that first takes the
 * instance row with `SELECT … FOR UPDATE`. Whoever holds that row lock is the
 * only one writing the instance's world until COMMIT; a second event on the
 * same instance waits at its own `FOR UPDATE` and then reads what the first
 * one wrote. So two players racing for the last offer are stepped one after
 * the other: the first takes it, the second's step sees quantity 0 and is
 * refused. The player rows are read in a statement AFTER the lock: a statement
 * that had to wait for the lock still reads the other tables as they were
 * when it began.
 *
 * The optimistic path (`runPlayerEvent`): a player's event that leaves the
 * world as it was — nearly all of them — reads without a lock, steps, and
 * writes in one statement that applies only if the world's revision and the
 * player row's version (`xmin`) are still the ones it read; else it writes
 * nothing and reads again. Its result is then exactly the step the locking
 * path would have made: it read nothing else. The events that arrive together
 * are read in one statement and written in one statement and one commit
 * (event-write.ts: why a batch is exactly its events written one by one —
 * each row keeps its own conditions, two events of one player never share a
 * batch, a failed batch is written again event by event).
 *
 * The rule that joins them: a player row is only written while its
 * instance's row is locked — by `FOR UPDATE`, or by the optimistic write's own
 * `FOR NO KEY UPDATE` of the instance rows of its batch (taken in the order of
 * their ids), which comes before its UPDATE of the players. So a
 * transaction holding the lock never writes a player row over an optimistic
 * write it did not read, and both always lock the instance before the
 * player: they never deadlock (a batch of several instances takes them in
 * id order, as any other batch does, and the locking path holds one).
 * Different instances never wait for each other, except that their events
 * may share a batch's commit. Nothing is pushed to sockets before the write committed, so a
 * player is never told of a change that was rolled back.
 *
 * Every change is also appended to the instance's input log with its own
 * write, in the order the row lock gives (event-log.ts: why that order is
 * the commit order, from which the engine replays a game).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { PLAY_ERROR_CODES, PLAY_MESSAGES, type GameSpec, type PlayerView, type Role } from '@loci/domain';
import {
  recordingRandom,
  step,
  viewOf,
  type PlayerEvent,
  type PlayerState,
  type StepResult,
  type WorldState,
} from '@loci/engine';
import type { AppContext } from '../../context.js';
import {
  playerEventAnswers,
  playerMessages,
  playerStates,
  users,
  type GameInstanceRow,
  type PlayerStateRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { stepEntry } from './event-log.js';
import { Batcher } from './batcher.js';
import { MAX_BATCH, writePlayerEvent, writeStats } from './event-write.js';
import { assembleState, lockInstance } from './instance-rows.js';
import { assertAcceptsPlayerEvent, stepLoaded } from './locked-step.js';
import { admitPlayerEvent } from '../../policies/play.js';
import { answerBody, type PlayAnswer } from '../../presenters/play.js';
import { deliverMessages, type DeliveredMessage } from './messages.js';
import { pushOf, pushStepped, stepIdOf } from './pushes.js';
import { playSettingsOf, specForRead } from './specs.js';

/** A player event as the client sends it: the server fills in the caller's player id. */
export type ClientPlayerEvent = PlayerEvent extends infer E
  ? E extends PlayerEvent
    ? Omit<E, 'playerId'>
    : never
  : never;

/** What a player's event answers: the step's answer for the player (presenters/play.ts), the version it ran on, and the operators' messages its write delivered. */
export type PlayerEventAnswer = Omit<PlayAnswer, 'messages'> & { versionId: string; messages: DeliveredMessage[] };

/** The answer of a step for the acting player, without the messages (which the write delivers). */
function answerOf(
  spec: GameSpec,
  versionId: string,
  result: StepResult,
  playerId: string,
  /** The player's view after the step (the same object the push to their watchers carries). */
  view: PlayerView,
  traceAllRules: boolean,
  stepId: string,
): Omit<PlayerEventAnswer, 'messages'> {
  return {
    versionId,
    stepId,
    ...answerBody({
      spec,
      state: result.state,
      playerId,
      view,
      outputs: result.outputs,
      trace: traceAllRules ? result.trace : null,
    }),
  };
}

/**
 * Optimistic attempts before a player event falls back to the instance's row
 * lock. A conflict means another write to the same instance's world or to the
 * same player landed between our read and our write; with players of
 * different instances it never happens, so a few attempts are plenty.
 */
const OPTIMISTIC_ATTEMPTS = 4;

/** A short random pause before retrying: two conflicting writers do not meet again in lockstep. */
const jitter = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 2 ** attempt * 2));

/**
 * The read of a player event, one statement without a lock: the caller's
 * account (name, role, token version: the auth lookup), the instance, the
 * game row's version (for the cached play settings), the caller's player row
 * and its version (`xmin`, which every update of the row changes), whether
 * operator messages wait, and the stored answer of this client event id.
 * The instance's own spec snapshot (working-version playtests, large) is not
 * read: `specForRead` reads it once per instance into the cache.
 */
const READ_FOR_PLAYER = `
select r.n, u.name as user_name, u.email as user_email, u.role as user_role, u.token_version,
  x.*
from jsonb_to_recordset($1::jsonb) as r(n int, instance uuid, account uuid, client_event_id text)
join users u on u.id = r.account
left join lateral (
  select i.id, i.game_id, i.version_id, i.is_live_spec, i.multiplayer, i.status, i.world, i.state_version,
    i.spec is not null as own_spec, i.notes, i.created_at, i.updated_at,
    g.xmin::text as game_rev,
    p.player_id, p.user_id, p.name, p.status as player_status, p.state, p.latitude, p.longitude, p.device_id,
    p.terms_accepted_at, p.joined_at, p.updated_at as player_updated_at, p.xmin::text as player_rev,
    exists (select 1 from player_messages m where m.instance_id = i.id and m.player_id = p.player_id
      and m.delivered_at is null) as has_messages,
    (select a.answer from player_event_answers a where a.instance_id = i.id and a.player_id = p.player_id
      and a.client_event_id = r.client_event_id) as stored_answer
  from game_instances i
  left join games g on g.id = i.game_id
  left join player_states p on p.instance_id = i.id and p.user_id = u.id
  where i.id = r.instance
  order by p.joined_at
  limit 1
) x on true`;

/** What one event's read asks for. */
interface ReadRequest {
  instanceId: string | null;
  userId: string;
  clientEventId: string | null;
}

/**
 * The reads of the events that arrive together, grouped like their writes (event-write.ts): what arrives while
 * a read is in flight goes in the next one. A read takes no lock and each event checks what it read when it
 * writes, so reading many in one statement (one snapshot) changes nothing of the reasoning.
 */
const readers = new WeakMap<AppContext['database'], Batcher<ReadRequest, ReadRow | undefined>>();

/** Reads at once: one, for the same reason as the writes' (event-write.ts `IN_FLIGHT`). */
const READ_IN_FLIGHT = 1;

function readPlayerEvent(database: AppContext['database'], request: ReadRequest): Promise<ReadRow | undefined> {
  let reader = readers.get(database);
  if (!reader) {
    reader = new Batcher<ReadRequest, ReadRow | undefined>({
      maxBatch: MAX_BATCH,
      inFlight: READ_IN_FLIGHT,
      run: async (batch) => {
        const rows = await database.query<ReadRow & { n: number }>('play_event_read', READ_FOR_PLAYER, [
          JSON.stringify(
            batch.map((one, n) => ({
              n,
              instance: one.instanceId,
              account: one.userId,
              client_event_id: one.clientEventId,
            })),
          ),
        ]);
        const byN = new Map<number, ReadRow>(rows.map((row) => [row.n, row]));
        return batch.map((_, n) => byN.get(n));
      },
    });
    readers.set(database, reader);
  }
  return reader.add(request);
}

/**
 * How many statements of each batch size the events' reads and writes on `database` ran (size → statements), and
 * how long they were in flight:
 * the bench's measure of the grouping (bench/README.md "play", `LOCI_BATCH_STATS_DIR`).
 */
export function groupedStatementSizes(database: AppContext['database']): {
  reads: Record<number, number>;
  writes: Record<number, number>;
  /** Each kind's statements' time in flight, summed (ms). */
  busyMs: { reads: number; writes: number };
} {
  const writes = writeStats(database);
  return {
    reads: Object.fromEntries(readers.get(database)?.sizes ?? []),
    writes: Object.fromEntries(writes.sizes),
    busyMs: { reads: Math.round(readers.get(database)?.busyMs ?? 0), writes: Math.round(writes.busyMs) },
  };
}

interface ReadRow {
  user_name: string;
  user_email: string;
  user_role: Role;
  token_version: number;
  id: string | null;
  game_id: string;
  version_id: string;
  is_live_spec: boolean;
  multiplayer: boolean;
  status: GameInstanceRow['status'];
  world: WorldState;
  state_version: number;
  own_spec: boolean;
  notes: string;
  created_at: Date;
  updated_at: Date;
  game_rev: string | null;
  player_id: string | null;
  user_id: string | null;
  name: string;
  player_status: PlayerStateRow['status'];
  state: PlayerState;
  latitude: number | null;
  longitude: number | null;
  device_id: string | null;
  terms_accepted_at: Date | null;
  joined_at: Date;
  player_updated_at: Date;
  player_rev: string;
  has_messages: boolean;
  stored_answer: PlayerEventAnswer | null;
}

/** The instance and player rows as drizzle would have read them, from the event's read. */
function rowsOfRead(found: ReadRow): { row: GameInstanceRow; player: PlayerStateRow } {
  const row: GameInstanceRow = {
    id: found.id!,
    gameId: found.game_id,
    versionId: found.version_id,
    isLiveSpec: found.is_live_spec,
    multiplayer: found.multiplayer,
    status: found.status,
    world: found.world,
    stateVersion: found.state_version,
    spec: null,
    notes: found.notes,
    createdAt: found.created_at,
    updatedAt: found.updated_at,
  };
  const player: PlayerStateRow = {
    instanceId: row.id,
    playerId: found.player_id!,
    userId: found.user_id,
    gameId: row.gameId,
    versionId: row.versionId,
    name: found.name,
    status: found.player_status,
    state: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
    deviceId: found.device_id,
    termsAcceptedAt: found.terms_accepted_at,
    joinedAt: found.joined_at,
    updatedAt: found.player_updated_at,
  };
  return { row, player };
}

const notAPlayer = () =>
  new AppError('FORBIDDEN', PLAY_MESSAGES.notAPlayer, { extra: { errorCode: PLAY_ERROR_CODES.NOT_A_PLAYER } });

/**
 * Runs one event of the signed-in user's player and returns its answer (the
 * player's outputs and view, with the messages delivered by the same write) —
 * one pipeline, read → admit → step → commit → answer → push, with optimistic
 * concurrency instead of a transaction holding the instance's row lock:
 *
 * 1. ONE read, no lock (READ_FOR_PLAYER): the caller's account (401 when it is
 *    gone or the token was revoked), the instance (404), the caller's player
 *    row (403 NOT_A_PLAYER) with its version, the game's settings version,
 *    whether messages wait and the stored answer of `clientEventId` — which,
 *    when present, is the answer: the event was applied already.
 * 2. The admission (policies/play.ts `admitPlayerEvent`: device binding,
 *    playtest debug, a medium's kind) and the step, in memory, on the world
 *    and the player as read.
 * 3. When the world did not change, ONE conditional write writes it all
 *    (event-write.ts, `writePlayerEvent`: with the other events ready at the
 *    same time, in one statement and one commit): it applies only if the
 *    world's revision and the player row are still the ones read, so the step
 *    is exactly what a step under the lock would have computed; otherwise
 *    nothing of this event is written and it is read and stepped again (a few
 *    times, with jitter).
 * 4. An event that changes the world (a pick, an offer, the instance's end),
 *    or one that kept conflicting, runs in the locking transaction
 *    (`runLockedPlayerEvent`): the world is shared by every player of the
 *    instance, and the last unit's one winner is decided there, under the row
 *    lock, exactly as before.
 *
 * Nothing is pushed before the write committed. Engine refusals are not
 * errors: they come back as 'error' outputs. 409 INSTANCE_NOT_ACTIVE as
 * `runEvent`.
 */
export async function runPlayerEvent(
  ctx: AppContext,
  args: {
    instanceId: string;
    /** The caller's verified token: the account is read with the instance. */
    claims: { id: string; tv?: number };
    event: ClientPlayerEvent;
    /** The app's id for this event: applied at most once per (instance, player, id). */
    clientEventId?: string | null;
    /** The caller's device (games that bind a player to one device). */
    deviceId: string | null;
  },
): Promise<PlayerEventAnswer> {
  if (!isUuid(args.claims.id)) throw fail.unauthenticated();
  const clientEventId = args.clientEventId ?? null;
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await jitter(attempt);
    const found = await readPlayerEvent(ctx.database, {
      instanceId: isUuid(args.instanceId) ? args.instanceId : null,
      userId: args.claims.id,
      clientEventId,
    });
    if (!found || found.token_version !== (args.claims.tv ?? 0)) throw fail.unauthenticated();
    if (!found.id) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
    if (!found.player_id) throw notAPlayer();
    // The stored answer is the JSON of one this same call built for the same client event id.
    if (found.stored_answer) return found.stored_answer as PlayerEventAnswer;
    const { row, player } = rowsOfRead(found);
    const user = { id: args.claims.id, name: found.user_name, email: found.user_email, role: found.user_role };
    const settings = await playSettingsOf(ctx.db, row.gameId, found.game_rev);
    const read = { row, player, user, enforceSingleDevice: settings.enforceSingleDevice };
    const checked = await admitPlayerEvent(ctx, ctx.db, read, { event: args.event, deviceId: args.deviceId });
    const event = { ...checked.event, playerId: player.playerId } as PlayerEvent;
    assertAcceptsPlayerEvent(row.status, event.type);
    const spec = await specForRead(ctx.db, row, found.own_spec, settings.period);
    const now = ctx.now();
    const state = assembleState(row, spec, [player]);
    const drawn = recordingRandom();
    const result = step(spec, state, event, now, drawn.random, { traceAllRules: checked.traceAllRules });
    const next = result.state.players[player.playerId];
    // The world changed (or, never with one player loaded, someone else did): the locking path decides.
    if (result.state.world !== row.world || !next || Object.keys(result.state.players).length !== 1) break;

    const view = viewOf(spec, result.state, player.playerId);
    const stepId = stepIdOf(clientEventId);
    const body = answerOf(spec, row.versionId, result, player.playerId, view, checked.traceAllRules, stepId);
    const written = await writePlayerEvent(ctx.database, {
      instanceId: row.id,
      playerId: player.playerId,
      revision: row.world.revision,
      playerRev: found.player_rev,
      player: next,
      deviceId: checked.bindDevice,
      gameId: row.gameId,
      versionId: row.versionId,
      at: now.toISOString(),
      entry: stepEntry(event, now, drawn.drawn, settings.period),
      records:
        result.records.length === 0
          ? null
          : result.records.map((record) => ({
              playerId: record.playerId,
              name: record.name,
              at: new Date(record.when).toISOString(),
              record,
            })),
      messages: found.has_messages,
      clientEventId,
      answer: clientEventId === null ? null : { ...body, messages: [] },
    });
    // Not applied: the world or the player changed since the read, or a duplicate stored its answer first.
    if (!written) continue;
    const instance = { ...row, updatedAt: now };
    const known = { playerId: player.playerId, view };
    pushStepped(
      ctx,
      pushOf(spec, instance, result, new Map([[player.playerId, player]]), undefined, player.playerId, stepId, known),
    );
    return { ...body, messages: written.messages };
  }
  return runLockedPlayerEvent(ctx, { ...args, clientEventId });
}

/**
 * A player's event in ONE transaction that holds the instance's row lock (the
 * reasoning of the file's header): the path of events that change the shared
 * world, and of events whose optimistic writes kept conflicting. The stored
 * answer of the client event id is looked up under the lock, and written in
 * the same transaction, so a duplicate waits for the first and then answers
 * with its answer.
 */
async function runLockedPlayerEvent(
  ctx: AppContext,
  args: {
    instanceId: string;
    claims: { id: string; tv?: number };
    event: ClientPlayerEvent;
    clientEventId: string | null;
    deviceId: string | null;
  },
): Promise<PlayerEventAnswer> {
  const done = await ctx.db.transaction(async (tx) => {
    const { row, settings } = await lockInstance(tx, args.instanceId);
    // Read AFTER the lock, in a statement of its own: a statement that waited for the lock reads the other
    // tables as they were when it began, so a player row read beside the lock could miss the write of the
    // event that held it (two events of one player at once would lose one).
    const [found] = await tx
      .select({
        player: playerStates,
        user: { name: users.name, email: users.email, role: users.role, tokenVersion: users.tokenVersion },
        hasMessages: sql<boolean>`exists (select 1 from ${playerMessages} where ${playerMessages.instanceId} = ${playerStates.instanceId} and ${playerMessages.playerId} = ${playerStates.playerId} and ${playerMessages.deliveredAt} is null)`,
        stored: sql<PlayerEventAnswer | null>`(select ${playerEventAnswers.answer} from ${playerEventAnswers} where ${playerEventAnswers.instanceId} = ${playerStates.instanceId} and ${playerEventAnswers.playerId} = ${playerStates.playerId} and ${playerEventAnswers.clientEventId} = ${sql.placeholder('clientEventId')})`,
      })
      .from(users)
      .leftJoin(
        playerStates,
        and(eq(playerStates.instanceId, sql.placeholder('instanceId')), eq(playerStates.userId, users.id)),
      )
      .where(eq(users.id, sql.placeholder('userId')))
      .orderBy(asc(playerStates.joinedAt))
      .limit(1)
      .prepare('play_locked_player')
      .execute({ instanceId: row.id, userId: args.claims.id, clientEventId: args.clientEventId });
    if (!found || found.user.tokenVersion !== (args.claims.tv ?? 0)) throw fail.unauthenticated();
    if (!found.player) throw notAPlayer();
    const player = found.player;
    if (found.stored) return { body: found.stored, push: null };
    const user = { id: args.claims.id, name: found.user.name, email: found.user.email, role: found.user.role };
    const read = { row, player, user, enforceSingleDevice: settings.enforceSingleDevice };
    const checked = await admitPlayerEvent(ctx, tx, read, { event: args.event, deviceId: args.deviceId });
    const event = { ...checked.event, playerId: player.playerId } as PlayerEvent;
    assertAcceptsPlayerEvent(row.status, event.type);
    if (checked.bindDevice) {
      await tx
        .update(playerStates)
        .set({ deviceId: checked.bindDevice })
        .where(
          and(
            eq(playerStates.instanceId, player.instanceId),
            eq(playerStates.playerId, player.playerId),
            isNull(playerStates.deviceId),
          ),
        );
    }
    const stepped = await stepLoaded(ctx, tx, {
      row,
      period: settings.period,
      rows: [player],
      args: { instanceId: row.id, event, traceAllRules: checked.traceAllRules, stepId: stepIdOf(args.clientEventId) },
    });
    const messages = found.hasMessages ? await deliverMessages(tx, row.id, player.playerId, ctx.now()) : [];
    const stepId = stepped.push.stepId!;
    // The push's view of the acting player (computed here, once, for both).
    const view =
      stepped.push.players.find((pushed) => pushed.playerId === player.playerId)?.view ??
      viewOf(stepped.spec, stepped.result.state, player.playerId);
    const body = {
      ...answerOf(stepped.spec, row.versionId, stepped.result, player.playerId, view, checked.traceAllRules, stepId),
      messages,
    };
    if (args.clientEventId !== null) {
      await tx.insert(playerEventAnswers).values({
        instanceId: row.id,
        playerId: player.playerId,
        clientEventId: args.clientEventId,
        answer: body,
        createdAt: ctx.now(),
      });
    }
    return { body, push: stepped.push };
  });
  if (done.push) pushStepped(ctx, done.push);
  return done.body;
}
