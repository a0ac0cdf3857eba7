/**
 * The write of a player's event that leaves the world as it was (the hot path
 * of play: a location update, an answer, a code), grouped: the events that
 * become ready while a write is in flight wait for it and are then written
 * together, in ONE statement and ONE commit, each row keeping its own
 * conditions and answered by whether ITS row applied (group commit). A lone
 * event is written at once: batching adds no wait when nothing else is being
 * written.
 *
 * Why a batch is exactly the events written one by one (player-event.ts's header has
 * the rule; this is how a batch keeps it):
 *
 * - Each event applies only if its instance's world revision and its player
 *   row's version (`xmin`) are still the ones its step read, checked on the
 *   rows as they are once this statement holds them: `locked` takes the row
 *   lock of every instance of the batch (`FOR NO KEY UPDATE`, which conflicts
 *   with the locking path's `FOR UPDATE` and with another batch's lock) and
 *   returns each one's revision from its newest version — a lock that had to
 *   wait re-reads the row it waited for (READ COMMITTED re-checks a locked row
 *   on its newest version). `written` updates a player row only joined to its
 *   instance's locked row with the event's revision, and only if the row is
 *   still the version read (re-checked on the newest version, as the UPDATE of
 *   a row that changed meanwhile always is). An event that did not apply
 *   wrote nothing; its caller reads and steps it again, exactly as alone.
 * - So a player row is still only written while its instance's row is locked
 *   (by this statement, until its commit): a transaction that holds an
 *   instance's lock never writes a player over a batch it did not read, and
 *   two players of one instance in one batch are written under the same lock,
 *   taken once.
 * - No deadlock: the batch takes its instances' locks in the order of their
 *   ids (`order by id` under the lock), so two batches (two server processes)
 *   take common instances in the same order; the locking path holds one
 *   instance, and every writer takes an instance before its players. Should
 *   PostgreSQL still report one (an operator's expiry locks a game's
 *   instances in whatever order it finds them), the batch is written again
 *   event by event, and the event that met it reads and steps again.
 * - Two events of the same (instance, player) are never in one batch: the
 *   second waits for the next one (where its `xmin` has changed, so it reads
 *   again — the same player's two events are applied in sequence, none lost).
 *   In one UPDATE … FROM, two source rows for one player row would apply only
 *   one of them and report the other as written.
 * - The records, the delivered messages, the stored answer and the input
 *   log's entry (event-log.ts) are written per event, only `from written`: an
 *   event's parts exist exactly when its player row was written, all in the
 *   batch's one commit. Each entry's `seq` is drawn while the batch holds its
 *   instance's lock (an entry comes from `written`, which comes after
 *   `locked`), and the lock is held until the commit: the next writer of the
 *   instance draws after it, so `seq` stays the commit order per instance.
 *   The entries of one instance within the batch are in the batch's order;
 *   they are of different players, each stepped on the world as it was, as
 *   two optimistic writes of one instance one after the other already are.
 * - A moved due time (the clock, issue 28: runtime/clock.ts) is written `from written` too: the player's
 *   `due_timers` row is upserted (or deleted) in the same commit as its player row, under the same instance
 *   lock — as the locking path's `writeDueTimes` writes it in the step's transaction — so the row is never
 *   later than the player's state, and the scheduler, which locks the instance (`FOR UPDATE`, conflicting with
 *   this `FOR NO KEY UPDATE`) before it reads a timer row again, sees both or neither. One row per player:
 *   two events of one player are never in one batch, so no upsert meets its own row twice.
 * - A team member's position (a location event of a game in teams) is written `from written` too, on the
 *   member's row of that instance: it moves exactly when the team's row took the event, in the same commit.
 *   Two members of one team are never in one batch (the team's row is their one key).
 * - A step that left the player as it was (`unchanged`: a refusal) does not write its row: `kept` checks the row
 *   is still the version read and locks it `FOR KEY SHARE` (a locking read re-checks a row changed since the
 *   statement's snapshot on its newest version, as the UPDATE does), and its log entry and stored answer are
 *   written `from written` as any event's. Its entry comes after every write that made the version it read and
 *   before the next (that one changes the version under the same instance lock), so replaying it there refuses
 *   it again; and since the version stays, a concurrent step read on the same version — the three other members
 *   of a team answering the question the first one answered — still applies instead of reading again.
 * - A stored answer that already exists (a concurrent duplicate of a client
 *   event id, written by another process or by the locking path, which may
 *   store an answer without writing the player row) is a unique violation
 *   that fails the whole statement: nothing of the batch is written. The
 *   batch is then written again event by event, so the violation is only its
 *   own event's, which reads again and finds the first answer; the others
 *   apply (their conditions are checked again, on the rows as they are then).
 *   An `on conflict do nothing` would not do: the player row would already be
 *   written, the event applied twice.
 *
 * Nothing is pushed before the commit: the caller pushes when its write
 * resolves as applied.
 */
import type { PlayerState } from '@loci/engine';
import type { DatabaseHandle } from '../../db/client.js';
import { Batcher, type BatchStats } from './batcher.js';
import { playerRowCopies } from './instance-rows.js';
import type { MemberPosition } from './team-step.js';

/** One event's write: the player row as the step left it, and the conditions it was stepped on. */
export interface PlayerEventWrite {
  instanceId: string;
  /** The instance is shared (multiplayer: an event, a team game): its writes go in a lane of their own. */
  shared: boolean;
  playerId: string;
  /** The world revision the step read. */
  revision: number;
  /** The player row's version (`xmin`) the step read. */
  playerRev: string;
  player: PlayerState;
  /** Binds the player to this device (if not bound yet). */
  deviceId: string | null;
  gameId: string;
  versionId: string;
  /** The step's clock (ISO): the rows' `updated_at`, the log entry's `at`, the answer's `created_at`. */
  at: string;
  /** The input log's entry (event-log.ts `stepEntry`). */
  entry: unknown;
  /** The gameplay records the step made (none: null). */
  records: Array<{ playerId: string; name: string; at: string; record: unknown }> | null;
  /** Operator messages waited when the event read: deliver them with this write. */
  messages: boolean;
  /** Stores `answer` under this id (with the delivered messages). */
  clientEventId: string | null;
  answer: unknown;
  /**
   * The clock (issue 28): the step moved when the player's clock must next be looked at — a question's or a
   * mission's time limit started or ended, a named timer started — so the player's `due_timers` row is written
   * with the event: the ISO due time, or null when nothing is due any more (the row goes). Absent: unchanged.
   */
  due?: string | null;
  /**
   * A team member's location event (games played in teams): the member's own position, kept with their member
   * row in the same commit (team-step.ts `memberPositionOf`). Absent: a solo player, or not a location event.
   */
  member?: MemberPosition;
  /**
   * The step left the player as it was (a refusal: "already answered", an offer out of range) and has nothing
   * else to write with the row (no records, no messages, no device, no due time, no position): the row is only
   * checked, not written. Its log entry and answer are written when the row is still the version read; the
   * row's version does not move, so the steps of the same row read with it (a team's other members) still apply.
   */
  unchanged?: boolean;
}

/** What an applied write delivered: the operator messages, oldest first, as the answer carries them. */
export interface PlayerEventWritten {
  messages: Array<{ id: string; message: string; sceneId: string | null; when: string }>;
}

/** The most events in one statement: a large batch's JSON and plan cost more than they save. */
export const MAX_BATCH = 64;

/**
 * Batches written at once. One: the events that wait meanwhile make the next batch larger, which is what saves
 * (bench/play, C = 32: two in flight halved the mean batch and cost more CPU per event on both sides).
 */
const IN_FLIGHT = 1;

const UNIQUE_VIOLATION = '23505';
const DEADLOCK = '40P01';
const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** The parts any event of a batch needs; each combination is its own named prepared statement (at most 32). */
interface WriteParts {
  records: boolean;
  messages: boolean;
  answer: boolean;
  clock: boolean;
  member: boolean;
}

const HEAD = `
with e as (
  select * from jsonb_to_recordset($1::jsonb) as e(n int, instance uuid, player text, revision int,
    player_rev text, name text, status text, state jsonb, latitude float8, longitude float8, device text,
    game uuid, version uuid, at timestamptz, entry jsonb, records jsonb, messages boolean,
    client_event_id text, answer jsonb, due_set boolean, due_at timestamptz, member uuid, member_latitude float8,
    member_longitude float8, unchanged boolean)
), locked as (
  select id, (world->>'revision')::int as revision from game_instances
  where id = any (array(select instance from e))
  order by id
  for no key update
), ok as (
  select e.* from e join locked l on l.id = e.instance and l.revision = e.revision
), touched as (
  update game_instances i set updated_at = t.at
  from (select instance, max(at) as at from ok group by instance) t
  where i.id = t.instance
), updated as (
  update player_states p
  set name = ok.name, status = ok.status, state = ok.state, latitude = ok.latitude, longitude = ok.longitude,
    updated_at = ok.at, device_id = coalesce(p.device_id, ok.device)
  from ok
  where not ok.unchanged and p.instance_id = ok.instance and p.player_id = ok.player
    and p.xmin = ok.player_rev::xid
  returning ok.n, ok.instance, ok.player, ok.game, ok.version, ok.at, ok.entry, ok.records, ok.messages,
    ok.client_event_id, ok.answer, ok.due_set, ok.due_at, ok.member, ok.member_latitude, ok.member_longitude
), kept as (
  select ok.n, ok.instance, ok.player, ok.game, ok.version, ok.at, ok.entry, ok.records, ok.messages,
    ok.client_event_id, ok.answer, ok.due_set, ok.due_at, ok.member, ok.member_latitude, ok.member_longitude
  from ok join player_states p on p.instance_id = ok.instance and p.player_id = ok.player
  where ok.unchanged and p.xmin = ok.player_rev::xid
  for key share of p
), written as (
  select * from updated union all select * from kept
), logged as (
  insert into instance_events (instance_id, player_id, version_id, at, entry)
  select instance, player, version, at, entry from written order by n
)`;
const RECORDS = `, recorded as (
  insert into gameplay_records (instance_id, game_id, version_id, player_id, name, "when", record)
  select w.instance, w.game, w.version, r.value->>'playerId', r.value->>'name', (r.value->>'at')::timestamptz,
    r.value->'record'
  from written w cross join lateral jsonb_array_elements(w.records) with ordinality r
  where w.records is not null
  order by w.n, r.ordinality
)`;
const MESSAGES = `, delivered as (
  update player_messages m set delivered_at = w.at
  from written w
  where w.messages and m.instance_id = w.instance and m.player_id = w.player and m.delivered_at is null
  returning w.n, m.id, m.message, m.scene_id, m.created_at
), messages as (
  select n, jsonb_agg(jsonb_build_object('id', id, 'message', message, 'sceneId', scene_id,
      'when', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by created_at) as list
  from delivered group by n
)`;
const CLOCK = `, timed as (
  insert into due_timers (instance_id, player_id, due_at, lease_until)
  select instance, player, due_at, null from written where due_set and due_at is not null
  on conflict (instance_id, player_id) do update set due_at = excluded.due_at, lease_until = null
), untimed as (
  delete from due_timers d using written w
  where w.due_set and w.due_at is null and d.instance_id = w.instance and d.player_id = w.player
)`;
const MEMBER = `, moved as (
  update team_members t set latitude = w.member_latitude, longitude = w.member_longitude
  from written w
  where w.member is not null and t.id = w.member and t.instance_id = w.instance
)`;
const ANSWER = (messages: boolean) => `, answered as (
  insert into player_event_answers (instance_id, player_id, client_event_id, answer, created_at)
  select w.instance, w.player, w.client_event_id,
    ${messages ? `jsonb_set(w.answer, '{messages}', coalesce(m.list, '[]'::jsonb))` : 'w.answer'}, w.at
  from written w ${messages ? 'left join messages m on m.n = w.n' : ''}
  where w.client_event_id is not null
)`;

const statements = new Map<string, { name: string; text: string }>();

/** The batch statement of `parts`; it answers one row per event that applied: its `n` and its delivered messages. */
function batchStatement(parts: WriteParts): { name: string; text: string } {
  const name = `play_event_batch_${+parts.records}${+parts.messages}${+parts.answer}${+parts.clock}${+parts.member}`;
  let statement = statements.get(name);
  if (!statement) {
    const text =
      HEAD +
      (parts.records ? RECORDS : '') +
      (parts.clock ? CLOCK : '') +
      (parts.member ? MEMBER : '') +
      (parts.messages ? MESSAGES : '') +
      (parts.answer ? ANSWER(parts.messages) : '') +
      (parts.messages
        ? `\nselect w.n, coalesce(m.list, '[]'::jsonb) as messages from written w left join messages m on m.n = w.n`
        : `\nselect n, '[]'::jsonb as messages from written`);
    statement = { name, text };
    statements.set(name, statement);
  }
  return statement;
}

/** Runs one batch of writes: for each write, what it delivered, or null when it did not apply. */
async function writeBatch(
  database: DatabaseHandle,
  batch: PlayerEventWrite[],
): Promise<Array<PlayerEventWritten | null>> {
  const parts: WriteParts = { records: false, messages: false, answer: false, clock: false, member: false };
  const rows = batch.map((write, n) => {
    if (write.records) parts.records = true;
    if (write.due !== undefined) parts.clock = true;
    if (write.member) parts.member = true;
    if (write.messages) parts.messages = true;
    if (write.clientEventId !== null) parts.answer = true;
    const player = write.player;
    return {
      n,
      instance: write.instanceId,
      player: write.playerId,
      revision: write.revision,
      player_rev: write.playerRev,
      // The columns a player row copies of the state: the same mapping as every other writer's.
      ...playerRowCopies(player),
      device: write.deviceId,
      game: write.gameId,
      version: write.versionId,
      at: write.at,
      entry: write.entry,
      records: write.records,
      messages: write.messages,
      client_event_id: write.clientEventId,
      answer: write.clientEventId === null ? null : write.answer,
      due_set: write.due !== undefined,
      due_at: write.due ?? null,
      member: write.member?.memberId ?? null,
      member_latitude: write.member?.latitude ?? null,
      member_longitude: write.member?.longitude ?? null,
      unchanged: write.unchanged === true,
    };
  });
  const statement = batchStatement(parts);
  const found = await database.query<{ n: number; messages: PlayerEventWritten['messages'] }>(
    statement.name,
    statement.text,
    [JSON.stringify(rows)],
  );
  const applied = new Map(found.map((row) => [row.n, { messages: row.messages }]));
  return batch.map((_, n) => applied.get(n) ?? null);
}

/**
 * A database's writers, in lanes: one for the instances of one player each, and one per shared instance while it
 * has writes waiting or in flight. A batch waits at its instances' row locks (`locked`), and a shared instance's
 * row is also taken by the locking path (a pick, an offer, a tick; held for its transaction's round trips): in a
 * lane of its own, the wait holds up only that instance's events, not every event of the process. The lanes take
 * disjoint instances, so a process's batches in flight at once never wait for each other's locks.
 */
interface Writers {
  stats: BatchStats;
  common: Batcher<PlayerEventWrite, PlayerEventWritten | null>;
  shared: Map<string, Batcher<PlayerEventWrite, PlayerEventWritten | null>>;
}

const writers = new WeakMap<DatabaseHandle, Writers>();

function newWriter(database: DatabaseHandle, stats: BatchStats): Batcher<PlayerEventWrite, PlayerEventWritten | null> {
  return new Batcher({
    maxBatch: MAX_BATCH,
    inFlight: IN_FLIGHT,
    stats,
    keyOf: (write) => `${write.instanceId}|${write.playerId}`,
    run: (batch) => writeBatch(database, batch),
    failedAlone: (error) => {
      // A concurrent duplicate stored its answer first, or a deadlock: not applied; the event reads again.
      const code = codeOf(error);
      if (code === UNIQUE_VIOLATION || code === DEADLOCK) return null;
      throw error;
    },
  });
}

function writersOf(database: DatabaseHandle): Writers {
  let found = writers.get(database);
  if (!found) {
    const stats: BatchStats = { sizes: new Map(), busyMs: 0 };
    found = { stats, common: newWriter(database, stats), shared: new Map() };
    writers.set(database, found);
  }
  return found;
}

/** `database`'s writers: how many write statements of each batch size they ran (size → statements), and their time. */
export function writeStats(database: DatabaseHandle): { sizes: ReadonlyMap<number, number>; busyMs: number } {
  return writersOf(database).stats;
}

/**
 * Writes one player's event with whatever other events are ready at the same time (see the file's header):
 * resolves with what it delivered once the batch committed, or null when its conditions no longer held
 * (the caller reads and steps it again).
 */
export function writePlayerEvent(
  database: DatabaseHandle,
  write: PlayerEventWrite,
): Promise<PlayerEventWritten | null> {
  const lanes = writersOf(database);
  if (!write.shared) return lanes.common.add(write);
  let lane = lanes.shared.get(write.instanceId);
  if (!lane) {
    lane = newWriter(database, lanes.stats);
    lanes.shared.set(write.instanceId, lane);
  }
  const written = lane.add(write);
  // An idle lane goes (an instance's next write makes a new one): nothing waits in it, nothing is in flight.
  const done = () => {
    if (lane.idle && lanes.shared.get(write.instanceId) === lane) lanes.shared.delete(write.instanceId);
  };
  written.then(done, done);
  return written;
}
