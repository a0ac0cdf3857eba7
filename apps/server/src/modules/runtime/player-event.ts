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
 * instance's row is locked — by `FOR UPDATE` (the locking path writes player
 * rows through one writer, instance-rows.ts `writePlayerRows`, which copies a
 * state into its row with the same `playerRowCopies` as the grouped write), or
 * by the optimistic write's own
 * `FOR NO KEY UPDATE` of the instance rows of its batch (taken in the order of
 * their ids), which comes before its UPDATE of the players. So a
 * transaction holding the lock never writes a player row over an optimistic
 * write it did not read, and both always lock the instance before the
 * player: they never deadlock (a batch of several instances takes them in
 * id order, as any other batch does, and the locking path holds one).
 * Different instances never wait for each other, except that their events
 * may share a batch's commit. The same order holds for an instance's other
 * rows: a transaction that locks one of its team rows (a team's join,
 * teams/service.ts `bindMember`) locks the instance row first. Nothing is
 * pushed to sockets before the write committed, so a player is never told of
 * a change that was rolled back.
 *
 * Every change is also appended to the instance's input log with its own
 * write, in the order the row lock gives (event-log.ts: why that order is
 * the commit order, from which the engine replays a game).
 */
import { sql } from 'drizzle-orm';
import {
  gameLanguagesOf,
  PLAY_ERROR_CODES,
  PLAY_MESSAGES,
  specInLanguage,
  type GameSpec,
  type PlayerView,
  type Role,
  type ViewPart,
} from '@loci/domain';
import {
  nextDueOf,
  recordingRandom,
  replayRandom,
  step,
  viewOf,
  type InstanceState,
  type PlayerEvent,
  type PlayerState,
  type StepResult,
  type WorldState,
} from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { Executor, Transaction } from '../../db/client.js';
import { playerEventAnswers, type GameInstanceRow, type PlayerStateRow } from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { stepEntry } from './event-log.js';
import { Batcher } from './batcher.js';
import { MAX_BATCH, writePlayerEvent, writeStats } from './event-write.js';
import { assembleState, lockInstance } from './instance-rows.js';
import { assertAcceptsPlayerEvent, stepLoaded } from './locked-step.js';
import { admitPlayerEvent, type PlayerEventAdmission } from '../../policies/play.js';
import { answerBody, type PlayAnswer } from '../../presenters/play.js';
import { deliverMessages, type DeliveredMessage } from './messages.js';
import { pushOf, pushStepped, stepIdOf } from './pushes.js';
import { answerViewPart, rememberAnswered } from './views.js';
import { playSettingsOf, specForRead, type PlaySettings } from './specs.js';
import {
  afterTeamStep,
  keepMemberPosition,
  memberPositionOf,
  keepMemberLanguage,
  teamActorOf,
  withMember,
  type TeamActor,
  type Teammate,
} from './team-step.js';
import { playerLanguageOf, recordsWithLanguages, stepInLanguages } from './step-languages.js';
import { keepsClock } from './due-timers.js';
import { WorldCache } from './worlds.js';
import { recordSubmission } from '../judging/service.js';
import { admitChat, keepChatMessage, pushChatMessages } from '../messages/service.js';

/** A player event as the client sends it: the server fills in the caller's player id. */
export type ClientPlayerEvent = PlayerEvent extends infer E
  ? E extends PlayerEvent
    ? Omit<E, 'playerId'>
    : never
  : never;

/**
 * What a player's event answers: the step's answer for the player (presenters/play.ts) with its view whole or
 * as what changed (views.ts), the version it ran on, and the operators' messages its write delivered.
 */
export type PlayerEventAnswer = Omit<PlayAnswer, 'messages' | 'view'> &
  ViewPart & { versionId: string; messages: DeliveredMessage[] };

/** The answer of a step for the acting player, without the messages (which the write delivers). */
function answerOf(
  spec: GameSpec,
  versionId: string,
  result: StepResult,
  playerId: string,
  /** The player's view after the step (the same object the push to their watchers carries). */
  view: PlayerView,
  /** How the view goes to the app: whole, or what changed (views.ts `answerViewPart`). */
  part: ViewPart,
  traceAllRules: boolean,
  stepId: string,
): Omit<PlayerEventAnswer, 'messages'> {
  const { view: _whole, ...body } = answerBody({
    spec,
    state: result.state,
    playerId,
    view,
    outputs: result.outputs,
    trace: traceAllRules ? result.trace : null,
  });
  return { versionId, stepId, ...body, ...part };
}

/**
 * When the player's clock must next be looked at, if the step moved it (its due timer is then written with the
 * event: the ISO time, or null when nothing is due any more); undefined when it did not move.
 */
function movedDue(
  spec: GameSpec,
  before: InstanceState,
  after: InstanceState,
  playerId: string,
  now: Date,
): string | null | undefined {
  if (!keepsClock(spec, after, [playerId])) return undefined;
  const next = nextDueOf(spec, after, playerId, now);
  if (nextDueOf(spec, before, playerId, now) === next) return undefined;
  return next === null ? null : new Date(next).toISOString();
}

/**
 * Optimistic attempts before a player event falls back to the instance's row
 * lock. A conflict means another write to the same instance's world or to the
 * same player landed between our read and our write; with players of
 * different instances it never happens. In a busy shared instance it does
 * (an event of 100 teams: a pick or a drop changes the world ~10 times a
 * second, and every step of the instance read before it must read again), and
 * there an attempt again — a read, a step, a write, no lock held — costs far
 * less than the lock, whose queue every event of the instance then waits in:
 * bench/README.md "teams" measured 4 attempts tipping the event into a queue
 * of the lock (p50 5.5–6.9 s) that 16 kept it out of (p50 71 ms).
 */
const OPTIMISTIC_ATTEMPTS = 16;

/** A short random pause before retrying (at most 64 ms): two conflicting writers do not meet again in lockstep. */
const jitter = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 32) * 2));

/**
 * The read of a player event, one statement without a lock: the caller's
 * account (name, role, token version: the auth lookup), the instance, the
 * game row's version (for the cached play settings), the caller's player row
 * and its version (`xmin`, which every update of the row changes), whether
 * operator messages wait, and the stored answer of this client event id.
 * The instance's own spec snapshot (working-version playtests, large) is not
 * read: `specForRead` reads it once per instance into the cache; nor is its
 * world when the process holds it at the row's `world_rev` (worlds.ts).
 */
const READ_FOR_PLAYER = `
select r.n, u.name as user_name, u.email as user_email, u.role as user_role, u.token_version,
  x.*
from jsonb_to_recordset($1::jsonb) as r(n int, instance uuid, account uuid, client_event_id text, held_rev int)
join users u on u.id = r.account
left join lateral (
  select i.id, i.game_id, i.version_id, i.is_live_spec, i.multiplayer, i.status, i.world_rev,
    case when i.world_rev is not distinct from r.held_rev then null else i.world end as world, i.state_version,
    i.spec is not null as own_spec, i.notes, i.created_at, i.updated_at,
    g.xmin::text as game_rev,
    p.player_id, p.user_id, p.name, p.status as player_status, p.state, p.latitude, p.longitude, p.device_id,
    p.terms_accepted_at, p.language, p.joined_at, p.updated_at as player_updated_at, p.xmin::text as player_rev,
    exists (select 1 from player_messages m where m.instance_id = i.id and m.player_id = p.player_id
      and m.delivered_at is null) as has_messages,
    (select a.answer from player_event_answers a where a.instance_id = i.id and a.player_id = p.player_id
      and a.client_event_id = r.client_event_id) as stored_answer,
    tm.id as member_id, tm.name as member_name, tm.team_id, tm.language as member_language,
    case when tm.id is null then null else (select json_agg(json_build_object('userId', o.user_id::text,
      'language', o.language)) from team_members o
      where o.instance_id = i.id and o.team_id = tm.team_id and o.user_id is not null and o.id <> tm.id)
    end as teammates
  from game_instances i
  left join games g on g.id = i.game_id
  left join team_members tm on tm.instance_id = i.id and tm.user_id = u.id and tm.team_id is not null
  left join player_states p on p.instance_id = i.id and (p.user_id = u.id or p.player_id = tm.team_id)
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
const worldsOf = new WeakMap<AppContext['database'], WorldCache>();

/** Reads at once: one, for the same reason as the writes' (event-write.ts `IN_FLIGHT`). */
const READ_IN_FLIGHT = 1;

function readPlayerEvent(database: AppContext['database'], request: ReadRequest): Promise<ReadRow | undefined> {
  let reader = readers.get(database);
  if (!reader) {
    const worlds = new WorldCache();
    worldsOf.set(database, worlds);
    reader = new Batcher<ReadRequest, ReadRow | undefined>({
      maxBatch: MAX_BATCH,
      inFlight: READ_IN_FLIGHT,
      run: async (batch) => {
        // The worlds held when the read was sent: a row that answers no world is at exactly that one's rev.
        const held = batch.map((one) => (one.instanceId === null ? undefined : worlds.get(one.instanceId)));
        const rows = await database.query<ReadRow & { n: number }>('play_event_read', READ_FOR_PLAYER, [
          JSON.stringify(
            batch.map((one, n) => ({
              n,
              instance: one.instanceId,
              account: one.userId,
              client_event_id: one.clientEventId,
              held_rev: held[n]?.rev ?? null,
            })),
          ),
        ]);
        const byN = new Map<number, ReadRow>();
        for (const row of rows) {
          if (row.id !== null) {
            if (row.world === null) row.world = held[row.n]!.world;
            else worlds.set(row.id, row.world_rev, row.world);
          }
          byN.set(row.n, row);
        }
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
  world_rev: number;
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
  language: string | null;
  joined_at: Date;
  player_updated_at: Date;
  player_rev: string;
  has_messages: boolean;
  stored_answer: PlayerEventAnswer | null;
  /** The caller's member row when they play for a team (games played in teams), else null. */
  member_id: string | null;
  member_name: string | null;
  /** The caller's team (games played in teams): they play its row when `player_id` is it. */
  team_id: string | null;
  /** The language the caller's member row keeps (issue 31). */
  member_language: string | null;
  /** The accounts of the team's other members with the language each keeps (null for a solo player). */
  teammates: Teammate[] | null;
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
    worldRev: found.world_rev,
    stateVersion: found.state_version,
    spec: null,
    notes: found.notes,
    // Read in a transaction (drizzle's `execute`), timestamps come as text: the same Date either way.
    createdAt: new Date(found.created_at),
    updatedAt: new Date(found.updated_at),
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
    termsAcceptedAt: found.terms_accepted_at === null ? null : new Date(found.terms_accepted_at),
    language: found.language,
    joinedAt: new Date(found.joined_at),
    updatedAt: new Date(found.player_updated_at),
  };
  return { row, player };
}

/**
 * The same read, of one event, inside a transaction that holds the instance's row lock (the locking path):
 * run AFTER the lock, in a statement of its own — a statement that waited for the lock reads the other tables as
 * they were when it began, so a player row read beside the lock could miss the write of the event that held it
 * (two events of one player at once would lose one).
 */
async function readLockedPlayerEvent(tx: Transaction, request: ReadRequest): Promise<ReadRow | undefined> {
  const [head, tail] = READ_FOR_PLAYER.split('$1');
  const batch = [
    { n: 0, instance: request.instanceId, account: request.userId, client_event_id: request.clientEventId },
  ];
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const { rows } = (await tx.execute(sql`${sql.raw(head!)}${JSON.stringify(batch)}${sql.raw(tail!)}`)) as unknown as {
    rows: ReadRow[];
  };
  return rows[0];
}

/** What an event's read admits: the rows as read, the caller, the game's settings, the team and the event to step. */
interface AdmittedEvent {
  row: GameInstanceRow;
  player: PlayerStateRow;
  settings: PlaySettings;
  team: TeamActor | null;
  checked: PlayerEventAdmission;
  event: PlayerEvent;
  found: ReadRow;
}

/**
 * The admission of a read event, the same on both paths: 401 when the account is gone or the token was revoked,
 * 404 without the instance, 403 NOT_A_PLAYER without the caller's row; the stored answer of the client event id
 * when the event was applied already; else the admission (policies/play.ts `admitPlayerEvent`: device binding,
 * playtest debug, a medium's kind), the member who acts for a team, and 409 INSTANCE_NOT_ACTIVE.
 */
async function admitRead(
  ctx: AppContext,
  db: Executor,
  found: ReadRow | undefined,
  args: { claims: { id: string; tv?: number }; event: ClientPlayerEvent; deviceId: string | null },
): Promise<{ stored: PlayerEventAnswer } | AdmittedEvent> {
  if (!found || found.token_version !== (args.claims.tv ?? 0)) throw fail.unauthenticated();
  if (!found.id) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  if (!found.player_id) throw notAPlayer();
  // The stored answer is the JSON of one this same pipeline built for the same client event id.
  if (found.stored_answer) return { stored: found.stored_answer };
  const { row, player } = rowsOfRead(found);
  const user = { id: args.claims.id, name: found.user_name, email: found.user_email, role: found.user_role };
  const settings = await playSettingsOf(db, row.gameId, found.game_rev);
  // A member of a team plays the team's row (games played in teams).
  const team =
    found.team_id !== null && found.player_id === found.team_id
      ? teamActorOf(found.member_id, found.member_name, found.member_language, found.teammates)
      : null;
  // A team's row is shared by its members' phones: it is never bound to one device.
  const read = { row, player, user, enforceSingleDevice: settings.enforceSingleDevice && !team };
  const checked = await admitPlayerEvent(ctx, db, read, { event: args.event, deviceId: args.deviceId });
  const event = withMember({ ...checked.event, playerId: player.playerId } as PlayerEvent, team);
  assertAcceptsPlayerEvent(row.status, event.type);
  return { row, player, settings, team, checked, event, found };
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
 *    one whose request names another language than the player's row keeps
 *    (issue 31: the row keeps the new one, written by the one writer), or one
 *    that kept conflicting, runs in the locking transaction
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
    /**
     * The revision of the view the app holds: given (null: none), the answer carries only what changed
     * since it when the server knows that view (views.ts); absent, the whole view.
     */
    viewRevision?: string | null;
    /** The languages the player reads, best first (Accept-Language; issue 31). */
    languages?: readonly string[];
  },
): Promise<PlayerEventAnswer> {
  if (!isUuid(args.claims.id)) throw fail.unauthenticated();
  const clientEventId = args.clientEventId ?? null;
  // A message (issue 29) is written with its event, in the locking transaction (messages/service.ts).
  if (args.event.type === 'chat') return runLocked(ctx, 'chat', { ...args, clientEventId });
  // Why the event goes to the lock, when it does (the metric loci_play_locked_events_total).
  let reason: LockedReason = 'conflicts';
  for (let attempt = 0; attempt < OPTIMISTIC_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await jitter(attempt);
    const found = await readPlayerEvent(ctx.database, {
      instanceId: isUuid(args.instanceId) ? args.instanceId : null,
      userId: args.claims.id,
      clientEventId,
    });
    const admitted = await admitRead(ctx, ctx.db, found, args);
    if ('stored' in admitted) return admitted.stored;
    const { row, player, settings, team, checked, event } = admitted;
    // The step is said in the caller's language (issue 31, step-languages.ts); a solo player's row keeps it.
    const base = await specForRead(ctx.db, row, admitted.found.own_spec, settings.period);
    const languages = gameLanguagesOf(base.game);
    const language = playerLanguageOf(languages, args.languages, team ? team.language : player.language);
    // A language to keep with the player's row is written by the one writer, under the lock.
    if (!team && (args.languages?.length ?? 0) > 0 && player.language !== language) {
      reason = 'language';
      break;
    }
    const spec = specInLanguage(base, language);
    const now = ctx.now();
    const state = assembleState(row, spec, [player]);
    const drawn = recordingRandom();
    const options = { traceAllRules: checked.traceAllRules };
    const result = step(spec, state, event, now, drawn.random, options);
    const next = result.state.players[player.playerId];
    // The world changed (or, never with one player loaded, someone else did): the locking path decides.
    if (result.state.world !== row.world || !next || Object.keys(result.state.players).length !== 1) {
      reason = result.state.world.status !== row.world.status ? 'status' : 'world';
      break;
    }
    // The clock (issue 28): a step that changes when the player's clock must next be looked at (a timer
    // started, a question's time limit begun or ended) writes its due timer with the event (event-write.ts).
    const due = movedDue(spec, state, result.state, player.playerId, now);
    // Judged submissions (issue 29): a submission's row is written in its step's transaction, under the lock.
    if (event.type === 'submission') {
      reason = 'submission';
      break;
    }

    const view = viewOf(spec, result.state, player.playerId, now);
    const stepId = stepIdOf(clientEventId);
    const part = answerViewPart({
      instanceId: row.id,
      playerId: player.playerId,
      held: args.viewRevision,
      view,
      before: () => viewOf(spec, state, player.playerId),
    });
    const body = answerOf(spec, row.versionId, result, player.playerId, view, part, checked.traceAllRules, stepId);
    // A team member's location: their own position is kept in the same commit.
    const member = memberPositionOf(team, event);
    // A refusal (the engine answers the state it was given) with nothing else to write: the row is only checked.
    const unchanged =
      result.state === state &&
      result.records.length === 0 &&
      due === undefined &&
      !member &&
      checked.bindDevice === null &&
      !admitted.found.has_messages;
    const written = await writePlayerEvent(ctx.database, {
      instanceId: row.id,
      shared: row.multiplayer,
      playerId: player.playerId,
      revision: row.world.revision,
      playerRev: admitted.found.player_rev,
      player: next,
      deviceId: checked.bindDevice,
      gameId: row.gameId,
      versionId: row.versionId,
      at: now.toISOString(),
      entry: stepEntry(event, now, drawn.drawn, settings.period),
      records:
        result.records.length === 0
          ? null
          : recordsWithLanguages(spec, result.records, () => language).map((record) => ({
              playerId: record.playerId,
              name: record.name,
              at: new Date(record.when).toISOString(),
              record,
            })),
      messages: admitted.found.has_messages,
      clientEventId,
      answer: clientEventId === null ? null : { ...body, messages: [] },
      ...(due === undefined ? {} : { due }),
      ...(member ? { member } : {}),
      ...(unchanged ? { unchanged } : {}),
    });
    // Not applied: the world or the player changed since the read, or a duplicate stored its answer first.
    if (!written) continue;
    rememberAnswered(row.id, player.playerId, part, view);
    const instance = { ...row, updatedAt: now };
    const known = { playerId: player.playerId, view, part };
    // Only a team's other members may read another language than the step's (the player is its only player).
    const said =
      team && languages.others.length > 0
        ? stepInLanguages({
            base,
            language,
            result,
            now,
            again: (other) => step(other, state, event, now, replayRandom(drawn.drawn), options),
          })
        : undefined;
    pushStepped(
      ctx,
      pushOf(spec, instance, result, new Map([[player.playerId, player]]), undefined, player.playerId, stepId, known),
    );
    if (team) {
      await keepMemberLanguage(ctx.db, team, language, args.languages);
      await afterTeamStep(ctx, { instanceId: row.id, team, event, result, view, stepId, said });
    }
    return { ...body, messages: written.messages };
  }
  return runLocked(ctx, reason, { ...args, clientEventId });
}

/** Why a player's event took the locking path (the metric's `reason`). */
type LockedReason = 'world' | 'status' | 'conflicts' | 'chat' | 'submission' | 'language';

/** `runLockedPlayerEvent`, counted by `reason` (docs/deployment.md "Metrics"). */
function runLocked(
  ctx: AppContext,
  reason: LockedReason,
  args: Parameters<typeof runLockedPlayerEvent>[1],
): Promise<PlayerEventAnswer> {
  ctx.metrics.lockedEvents.inc({ reason });
  return runLockedPlayerEvent(ctx, args);
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
    viewRevision?: string | null;
    /** The languages the player reads, best first (Accept-Language; issue 31). */
    languages?: readonly string[];
  },
): Promise<PlayerEventAnswer> {
  const done = await ctx.db.transaction(async (tx) => {
    // The instance row locked (404 when missing), then the same read and admission as the optimistic path's,
    // in a statement after the lock (`readLockedPlayerEvent`). The step runs on the locked row.
    const { row } = await lockInstance(tx, args.instanceId);
    const found = await readLockedPlayerEvent(tx, {
      instanceId: row.id,
      userId: args.claims.id,
      clientEventId: args.clientEventId,
    });
    const admitted = await admitRead(ctx, tx, found, args);
    if ('stored' in admitted) return { body: admitted.stored, push: null, remember: null, teamStep: null, chat: null };
    const { player, settings, team, checked, event } = admitted;
    if (event.type === 'chat') {
      await admitChat(ctx, tx, {
        gameId: row.gameId,
        instanceId: row.id,
        userId: args.claims.id,
        channel: event.channel,
        inTeam: team !== null,
      });
    }
    const stepped = await stepLoaded(ctx, tx, {
      row,
      period: settings.period,
      rows: [player],
      args: {
        instanceId: row.id,
        event,
        traceAllRules: checked.traceAllRules,
        stepId: stepIdOf(args.clientEventId),
        // The device binding is written with the step, by the one writer of player rows.
        bind: checked.bindDevice ? { playerId: player.playerId, deviceId: checked.bindDevice } : null,
        ...(args.languages ? { languages: args.languages } : {}),
        // A team's row is shared by its members: each member keeps their own language (team-step.ts).
        ...(team ? { keepLanguage: false, keptLanguage: team.language } : {}),
      },
    });
    await keepMemberPosition(tx, team, event);
    await recordSubmission(tx, {
      spec: stepped.spec,
      instanceId: row.id,
      event,
      before: stepped.before,
      after: stepped.result.state,
      at: stepped.instance.updatedAt,
    });
    const messages = admitted.found.has_messages ? await deliverMessages(tx, row.id, player.playerId, ctx.now()) : [];
    const stepId = stepped.push.stepId!;
    // A message the engine took (not refused: a player who left) is kept with its event.
    const chat =
      event.type === 'chat' && !stepped.result.outputs.some((output) => output.action === 'error')
        ? await keepChatMessage(tx, {
            gameId: row.gameId,
            instanceId: row.id,
            playerId: player.playerId,
            userId: args.claims.id,
            memberId: team?.memberId ?? null,
            author: team?.name ?? player.name,
            channel: event.channel,
            text: event.text,
            now: stepped.instance.updatedAt,
          })
        : null;
    // The push's view of the acting player (computed here, once, for both).
    const acting = stepped.push.players.find((pushed) => pushed.playerId === player.playerId);
    const view =
      acting?.view ?? viewOf(stepped.spec, stepped.result.state, player.playerId, stepped.instance.updatedAt);
    const part = answerViewPart({
      instanceId: row.id,
      playerId: player.playerId,
      held: args.viewRevision,
      view,
      before: () => viewOf(stepped.spec, stepped.before, player.playerId),
    });
    // The acting player's push carries the same view part as the answer: the app reads whichever comes first.
    if (acting) acting.part = part;
    const body = {
      ...answerOf(
        stepped.spec,
        row.versionId,
        stepped.result,
        player.playerId,
        view,
        part,
        checked.traceAllRules,
        stepId,
      ),
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
    const teamStep = team
      ? { team, event, result: stepped.result, view, stepId, said: stepped.push.said, language: stepped.language }
      : null;
    return {
      body,
      push: stepped.push,
      remember: () => rememberAnswered(row.id, player.playerId, part, view),
      teamStep,
      chat,
    };
  });
  done.remember?.();
  if (done.push) pushStepped(ctx, done.push);
  if (done.teamStep) {
    const { language, ...teamStep } = done.teamStep;
    await keepMemberLanguage(ctx.db, teamStep.team, language, args.languages);
    await afterTeamStep(ctx, { instanceId: args.instanceId, ...teamStep });
  }
  if (done.chat) await pushChatMessages(ctx, [done.chat]);
  return done.body;
}
