import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type {
  AuditChange,
  AuditKind,
  DesignKind,
  GameSpec,
  GameValues,
  InitialState,
  InterfaceLanguage,
  LockKind,
  PublicAccess,
  Role,
  Sex,
} from '@loci/domain';
import type {
  AnalyticsRecord,
  InstanceStatus,
  LoggedInput,
  PlayerState,
  PlayerStatus,
  RecordName,
  WorldState,
} from '@loci/engine';

/** Accounts. Email is stored lower-cased; a social-only account has no password hash. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role').$type<Role>().notNull().default('player'),
    roleRequest: jsonb('role_request').$type<{ role: Role; date: string } | null>(),
    googleId: text('google_id'),
    facebookId: text('facebook_id'),
    appleId: text('apple_id'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Bumped whenever the password changes, so that a reset link works once. */
    credentialsVersion: integer('credentials_version').notNull().default(0),
    /**
     * Carried in every access token (claim `tv`); bumped to revoke every token
     * issued before: sign out everywhere, password change or reset.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    /** The player profile (account page, optional): 'YYYY-MM-DD', checked against a game's ages. */
    birthDate: text('birth_date'),
    /** The player profile: one of SEXES, for games with sexRequired. */
    sex: text('sex').$type<Sex>(),
    /** The player profile: the id of the account photo (a re-encoded JPEG in {dataDir}/account-photos), for games with photoRequired. */
    photoId: text('photo_id'),
    /** The interface language the account chose (the API's messages to it too); null follows the browser. */
    language: text('language').$type<InterfaceLanguage>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_id_unique')
      .on(t.googleId)
      .where(sql`${t.googleId} is not null`),
    uniqueIndex('users_facebook_id_unique')
      .on(t.facebookId)
      .where(sql`${t.facebookId} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;

// ─── Games (issue 3) ────────────────────────────────────────────────────────

/**
 * Games. `settings` holds the validated settings form (GameValues); `title` and
 * `public_access` are copies of two of its fields, kept in step by the games
 * service, so that the games list can filter and search without reading JSON.
 *
 * The owner is `set null` when the account is deleted: the game stays for its
 * co-designers, its players and the admins (who may delete it), and it is
 * presented with a "Deleted user" owner. Deleting it with the account would
 * take published games and other people's design work with it.
 */
export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    publicAccess: text('public_access').$type<PublicAccess>().notNull().default('no'),
    settings: jsonb('settings').$type<GameValues>().notNull(),
    publicVersionId: uuid('public_version_id').references((): AnyPgColumn => gameVersions.id, { onDelete: 'set null' }),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The games list: 'mine' (owner, newest first), 'all', and 'public', each ordered by updated_at.
    index('games_owner_updated_idx').on(t.ownerId, t.updatedAt.desc()),
    index('games_updated_idx').on(t.updatedAt.desc()),
    index('games_public_updated_idx')
      .on(t.updatedAt.desc())
      .where(sql`${t.publicAccess} <> 'no'`),
  ],
);
export type GameRow = typeof games.$inferSelect;

/**
 * Versions of a game: exactly one working version (`is_live_spec`), created with
 * the game, and the published snapshots. A published version's `spec` is the
 * whole game specification (GameSpec) taken when it was published, shaped by
 * `schema_version`; the working version's spec is assembled from
 * `design_entities` and `initial_state` when asked for, so its `spec` stays null.
 */
export const gameVersions = pgTable(
  'game_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    isLiveSpec: boolean('is_live_spec').notNull().default(false),
    isArchived: boolean('is_archived').notNull().default(false),
    versionNotes: text('version_notes').notNull().default(''),
    restrictAccessToDesigner: boolean('restrict_access_to_designer').notNull().default(false),
    multipleInstances: boolean('multiple_instances').notNull().default(false),
    newInstancesAllowed: boolean('new_instances_allowed').notNull().default(true),
    spec: jsonb('spec').$type<Record<string, unknown>>(),
    schemaVersion: integer('schema_version').notNull().default(1),
    /**
     * The number a published version is shown with (1, 2, …, per game, in
     * publishing order); 0 for the working version.
     */
    version: integer('version').notNull().default(0),
    /**
     * The initial world of the WORKING version (spec 3 §3), edited in place by the
     * initial-state area. A published version carries its own in `spec.initialState`
     * and leaves this column empty.
     */
    initialState: jsonb('initial_state')
      .$type<InitialState>()
      .notNull()
      .default(sql`'{"has":{"object":{},"offer":{}}}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_versions_game_idx').on(t.gameId, t.createdAt),
    uniqueIndex('game_versions_one_live_spec')
      .on(t.gameId)
      .where(sql`${t.isLiveSpec}`),
  ],
);
export type GameVersionRow = typeof gameVersions.$inferSelect;

/**
 * The working copy of a game as it was just before a roll back (docs/versions.md):
 * its whole spec, so "Undo roll back" can restore it. Deleted when undone.
 */
export const rollbackSnapshots = pgTable(
  'rollback_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The version rolled back to. */
    versionId: uuid('version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rollback_snapshots_game_idx').on(t.gameId, t.createdAt)],
);
export type RollbackSnapshotRow = typeof rollbackSnapshots.$inferSelect;

/** Who a game's three email lists name (spec 1 §6): co-designers, authorised testers, authorised players. */
export type GameAccessKind = 'designer' | 'tester' | 'player';

/**
 * The email lists of a game, one row per (kind, email), rebuilt from the three
 * texts on every save. Emails are not resolved to user ids when stored: readers
 * join `users` on the (lower-cased, unique) email, so a person listed before
 * they sign up gets their access the moment their account exists, with no
 * sign-up hook and no stale ids.
 */
export const gameAccess = pgTable(
  'game_access',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<GameAccessKind>().notNull(),
    email: text('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.kind, t.email] }), index('game_access_email_idx').on(t.email, t.kind)],
);

/**
 * Edit locks (spec 2 §7): one holder per (game, kind, resource) until
 * `expires_at`. The game is part of the key because a clone keeps its
 * entities' ids: a lock in the clone must not block the original. An expired
 * row is simply taken over by the next request.
 */
export const editLocks = pgTable(
  'edit_locks',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LockKind>().notNull(),
    resourceId: text('resource_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.kind, t.resourceId] })],
);

/**
 * The media library of a game (spec 3 §3). The file lives at
 * `<dataDir>/media/<game_id>/<storage_name>`; `storage_name` is made by the
 * server from the row id and the sniffed type, never from the client.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    origFilename: text('orig_filename').notNull(),
    mimetype: text('mimetype').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageName: text('storage_name').notNull(),
    /**
     * Set for a player's upload (a photo, video or sound for a mission
     * submission): the instance it was made in. Such media belong to the
     * player's game play, not to the design: the media library leaves them out,
     * and they go with their instance.
     */
    instanceId: uuid('instance_id').references((): AnyPgColumn => gameInstances.id, { onDelete: 'cascade' }),
    /** The player who uploaded it (player uploads only; set null when the account is deleted). */
    uploadedBy: uuid('uploaded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_game_created_idx').on(t.gameId, t.createdAt.desc()),
    index('media_instance_idx')
      .on(t.instanceId)
      .where(sql`${t.instanceId} is not null`),
  ],
);
export type MediaRow = typeof media.$inferSelect;

// ─── Design workspace (issue 4) ─────────────────────────────────────────────

/**
 * Every design entity of every game (spec 2 §3): scenes, milestones, missions,
 * interactions, characters, items, attributes, archetypes, offers, locations
 * and rules, one row each, with the kind's fields in `body` (validated by the
 * kind's zod schema before they are written).
 *
 * Ids are made by the server and unique per (game, kind): a clone keeps them,
 * so every reference inside the copied design stays valid. `name`, `scene_id`
 * (rules, locations) and `idx` (rules: order within the scene from 1) are
 * columns rather than body fields because the database enforces or orders by
 * them: names are unique per kind, case-insensitively, by the unique index.
 */
export const designEntities = pgTable(
  'design_entities',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<DesignKind>().notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    sceneId: text('scene_id'),
    idx: integer('idx'),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.kind, t.id] }),
    uniqueIndex('design_entities_name_unique').on(t.gameId, t.kind, sql`lower(${t.name})`),
    // The rules and locations of a scene (scene page, scene delete, rule order).
    index('design_entities_scene_idx').on(t.gameId, t.sceneId, t.kind, t.idx),
  ],
);
export type DesignEntityRow = typeof designEntities.$inferSelect;

/**
 * The working version's texts in a game's other languages (issue 31): one row
 * per (game, language, text id). The text id names the entity and the field
 * (`scene:<id>:title`; design/translations.ts), so it stays the same across
 * versions. `source` is the main language's text the translation was made
 * from: when the main text changes, the translation is marked as needing a
 * look (the table and the exports show it). Publishing copies the rows of the
 * texts that exist into the spec's `translations`.
 */
export const gameTranslations = pgTable(
  'game_translations',
  {
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    textId: text('text_id').notNull(),
    text: text('text').notNull(),
    source: text('source').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.language, t.textId] })],
);
export type GameTranslationRow = typeof gameTranslations.$inferSelect;

// ─── Runtime (issue 5) ──────────────────────────────────────────────────────

/**
 * Game instances (spec 1 §3): one per player of a single-player game, shared by
 * the players of a multiplayer one. The instance row holds the shared world
 * (`world`, the engine's WorldState, with `status` copied to a column for
 * filtering); every event locks this row (`SELECT … FOR UPDATE`) for its one
 * transaction, so two players racing for the last object or offer of a shared
 * world are served one after the other. `spec` is the game specification the
 * instance runs: null for published versions (read from `game_versions.spec`),
 * a snapshot taken at start for working-version instances (playtests), so a
 * designer's later edits do not change a running playtest.
 */
export const gameInstances = pgTable(
  'game_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    /** Runs the working version (a playtest by a designer or an authorised tester). */
    isLiveSpec: boolean('is_live_spec').notNull().default(false),
    multiplayer: boolean('multiplayer').notNull().default(false),
    status: text('status').$type<InstanceStatus>().notNull().default('active'),
    /** The engine's WorldState. */
    world: jsonb('world').$type<WorldState>().notNull(),
    /**
     * One more with every update that sets `world`, by a trigger (drizzle/0029): the key of the worlds a process
     * holds (runtime/worlds.ts). Not the engine's `world.revision`, which a pause of the clock does not move.
     */
    worldRev: integer('world_rev').notNull().default(0),
    /** The engine's INSTANCE_STATE_VERSION the state was written with (migrateInstanceState reads older ones). */
    stateVersion: integer('state_version').notNull(),
    spec: jsonb('spec').$type<GameSpec>(),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_instances_game_idx').on(t.gameId, t.createdAt),
    index('game_instances_version_idx').on(t.versionId, t.status),
  ],
);
export type GameInstanceRow = typeof gameInstances.$inferSelect;

/**
 * A player's state inside an instance (spec 1 §3 "Player state"). `player_id`
 * is the engine's id of the player (the user's id when they joined, replaced by
 * a fresh one when the account is deleted); `user_id` links to the account and
 * is set null by account deletion, which also blanks `name` (gameplay data are
 * anonymised, not deleted: other players' worlds and the designers' analytics
 * stay whole). `status`, `latitude`, `longitude` and `name` are copies of the
 * engine's PlayerState fields for the operators' lists and live map.
 */
export const playerStates = pgTable(
  'player_states',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').$type<PlayerStatus | 'movedTo'>().notNull(),
    /** The engine's PlayerState. */
    state: jsonb('state').$type<PlayerState>().notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The device the player is bound to when the game enforces a single device (header X-Loci-Device). */
    deviceId: text('device_id'),
    /** When the player accepted the game's terms on their first start (null: the game had none, or a playtest). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /**
     * The language the player reads the game in (issue 31; a content language's code): the best of their app's
     * Accept-Language among the game's languages, kept at each of their calls that names one. Pushes they did not
     * cause (a clock tick, an operator's event, a verdict) are said in it. Null: never named (the main language).
     */
    language: text('language'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.playerId] }),
    index('player_states_user_idx').on(t.userId, t.gameId),
    index('player_states_game_idx').on(t.gameId, t.versionId),
  ],
);
export type PlayerStateRow = typeof playerStates.$inferSelect;

/**
 * Every migration of a live instance to another version (docs/versions.md):
 * the instance's world and its players' states just before (`before`) and just
 * after (`after`), so it can be undone while nothing has happened since.
 */
export const instanceMigrations = pgTable(
  'instance_migrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    fromVersionId: uuid('from_version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    toVersionId: uuid('to_version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    before: jsonb('before').$type<MigrationSnapshot>().notNull(),
    after: jsonb('after').$type<MigrationSnapshot>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('instance_migrations_instance_idx').on(t.instanceId, t.createdAt)],
);
export type InstanceMigrationRow = typeof instanceMigrations.$inferSelect;
/** An instance's world and players' states at one moment of a migration. */
export interface MigrationSnapshot {
  world: WorldState;
  players: Record<string, PlayerState>;
}

/**
 * Trades between two players of one instance (docs/play.md "Trading"): what
 * the proposer gives and wants (asset id → units) and where the trade stands.
 * Accepting exchanges the assets in the transaction that locks the instance
 * and both player rows (modules/trades/service.ts).
 */
export const playerTrades = pgTable(
  'player_trades',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    fromPlayerId: text('from_player_id').notNull(),
    toPlayerId: text('to_player_id').notNull(),
    give: jsonb('give').$type<Record<string, number>>().notNull(),
    want: jsonb('want').$type<Record<string, number>>().notNull(),
    status: text('status').$type<'open' | 'accepted' | 'declined' | 'cancelled'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('player_trades_instance_idx').on(t.instanceId, t.status)],
);
export type PlayerTradeRow = typeof playerTrades.$inferSelect;

/**
 * The operators' audit log of an instance (issue 16 §3): each rescue of a
 * player and each edit of the world, written in the transaction of the change
 * it describes: who, when, what (`what`), why (`reason`) and the changed parts
 * before → after (`changes`).
 */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AuditKind>().notNull(),
    playerId: text('player_id'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    what: jsonb('what').notNull(),
    reason: text('reason').notNull(),
    changes: jsonb('changes').$type<AuditChange[]>().notNull(),
  },
  (t) => [index('operator_audit_instance_idx').on(t.instanceId, t.id)],
);
export type OperatorAuditRow = typeof operatorAudit.$inferSelect;

/**
 * The append-only analytics log (spec 3 §3): one row per engine record, named
 * as spec 3 §3 names them, with the whole record in `record`. The analytics
 * endpoint groups them by player per version.
 */
export const gameplayRecords = pgTable(
  'gameplay_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    name: text('name').$type<RecordName>().notNull(),
    when: timestamp('when', { withTimezone: true }).notNull(),
    record: jsonb('record').$type<AnalyticsRecord>().notNull(),
  },
  (t) => [index('gameplay_records_version_idx').on(t.versionId, t.playerId, t.id)],
);
export type GameplayRecordRow = typeof gameplayRecords.$inferSelect;

/**
 * The input log of an instance (docs/operations.md "Replay"): every change of
 * an instance's world or players — an engine event exactly as stepped, or a
 * state written outside a step — appended with the change's own write, so the
 * engine can replay a player's game. `seq` orders one instance's entries in
 * commit order (see runtime/event-log.ts); `version_id` is the version the
 * entry ran on.
 */
export const instanceEvents = pgTable(
  'instance_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    /** The acting player (null for the instance's own entries: creation, operators, expiry). */
    playerId: text('player_id'),
    versionId: uuid('version_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    entry: jsonb('entry').$type<LoggedInput>().notNull(),
  },
  (t) => [index('instance_events_instance_idx').on(t.instanceId, t.seq)],
);
export type InstanceEventRow = typeof instanceEvents.$inferSelect;

/**
 * The game clock's due timers (issue 28; runtime/clock.ts has the reasoning): one row per player row (a solo
 * player or a team) whose clock must next be looked at — a deadline, a named timer, the instant a timed rule
 * may fire — at `due_at`. Written in the transaction of every step that changes when that is, and, when the
 * scheduler fires it, updated (the next due time) or deleted in the transaction of the tick's step: a timer is
 * fired exactly once. `lease_until` is a claim's lease, so several processes share the work.
 */
export const dueTimers = pgTable(
  'due_timers',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.playerId] }), index('due_timers_due_idx').on(t.dueAt)],
);
export type DueTimerRow = typeof dueTimers.$inferSelect;

/**
 * Scheduled messages (issue 28): an organiser's message to everyone of an instance or to one player row (a
 * solo player or a team), sent at `due_at`. Its due timer is a `due_timers` row whose `player_id` is
 * `message:{id}` (runtime/scheduled-messages.ts), so the clock's scheduler sends it once across processes and
 * restarts. `sent_at` / `cancelled_at` say what became of it; `recipients` how many player rows got it.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    playerId: text('player_id'),
    message: text('message').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    afterMinutes: integer('after_minutes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    recipients: integer('recipients'),
  },
  (t) => [index('scheduled_messages_instance_idx').on(t.instanceId, t.dueAt)],
);
export type ScheduledMessageRow = typeof scheduledMessages.$inferSelect;

/**
 * Where each player was, one row per change of `player_states.latitude` /
 * `longitude` (the map analytics' heatmap, tracks and geofence visits,
 * docs/analytics.md "Map analytics"). Written by the database itself: the
 * triggers `player_states_track_position` (on insert, migration map-analytics)
 * and `player_states_track_move` (on an update that moved the player, called
 * only then: migration position-trigger-when) append a row whenever a player
 * row is inserted with, or updated to, a new position, whichever write path
 * did it.
 */
export const playerPositions = pgTable(
  'player_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id')
      .notNull()
      .references(() => gameVersions.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    when: timestamp('when', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('player_positions_version_idx').on(t.versionId, t.id),
    index('player_positions_player_idx').on(t.instanceId, t.playerId, t.id),
  ],
);

/**
 * Operator messages sent asynchronously (spec 1 §7 send-message with
 * `asynchronous`): one row per recipient, delivered (and stamped) with the
 * player's next view or event.
 */
export const playerMessages = pgTable(
  'player_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    sceneId: text('scene_id'),
    message: text('message').notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('player_messages_pending_idx')
      .on(t.instanceId, t.playerId)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
export type PlayerMessageRow = typeof playerMessages.$inferSelect;

/**
 * The answers of player events sent with a client event id (issue 11: an app
 * that queues events offline sends each with its own id). A row is written in
 * the same statement as the event's own writes (runtime/event-write.ts), so an
 * event is applied at most once per `(instance, player, clientEventId)` and a
 * retry is answered with `answer`, the original body, without stepping again.
 */
export const playerEventAnswers = pgTable(
  'player_event_answers',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    clientEventId: text('client_event_id').notNull(),
    /** The answer's body as it was sent the first time. */
    answer: jsonb('answer').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.playerId, t.clientEventId] })],
);

// ─── Teams (issue 28; docs/outings.md) ───────────────────────────────────────

/**
 * The teams of an instance of a game played in teams. Each team IS one engine player: its `player_states` row
 * (`player_id` = `team_id`, `user_id` null) holds the team's shared progress; this row holds what the engine
 * does not know — the team's colour and its join code (unique among all teams, so a code alone finds the team).
 */
export const teams = pgTable(
  'teams',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    teamId: text('team_id').notNull(),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    /** The team's avatar: an emoji of TEAM_AVATARS, or null. */
    avatar: text('avatar'),
    /**
     * The team's picture: an image the organiser uploaded (a medium of the instance, as players' uploads are;
     * kept out of their quotas and of the sweep of unused uploads), or null.
     */
    pictureId: uuid('picture_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.teamId] }),
    uniqueIndex('teams_code_idx').on(t.code),
    index('teams_picture_idx').on(t.pictureId),
  ],
);
export type TeamRow = typeof teams.$inferSelect;

/**
 * The members of an instance's teams: a person of the organiser's class list (name, email, group) or a player
 * who joined with a team's code. `user_id` is bound when the person joins on a phone (their account); `team_id`
 * is null while they are not dealt into a team. Each member keeps their own position (`latitude`, `longitude`).
 * A member's events step their team's row (runtime/player-event.ts).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    teamId: text('team_id'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    groupName: text('group_name'),
    position: integer('position').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * The language the member reads the game in (issue 31), kept as a player row keeps its player's: the team's
     * row is shared, each member's phone is said the team's steps in its member's language. Null: never named.
     */
    language: text('language'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('team_members_team_idx').on(t.instanceId, t.teamId),
    uniqueIndex('team_members_user_idx').on(t.instanceId, t.userId),
  ],
);
export type TeamMemberRow = typeof teamMembers.$inferSelect;

/**
 * Judged submissions (issue 29, modules/judging): every submission a player (or a team, through one of its
 * members) made to a mission, written in the transaction of the player's step. `status` is `pending` until an
 * organiser judges it (missions judged `wait` or `later`; missions accepted as they arrive are stored
 * `approved` with no judge), then `approved`, `rejected` or — an approval taken back — `withdrawn`.
 * `player_id` is the player state's id (a team's row in games played in teams); `member_id` and
 * `member_name` the member who acted for the team.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    memberId: text('member_id'),
    memberName: text('member_name'),
    missionId: text('mission_id').notNull(),
    mediaId: text('media_id'),
    text: text('text'),
    status: text('status').$type<'pending' | 'approved' | 'rejected' | 'withdrawn'>().notNull(),
    points: integer('points').notNull().default(0),
    reason: text('reason'),
    judgedBy: uuid('judged_by').references(() => users.id, { onDelete: 'set null' }),
    judgedByName: text('judged_by_name'),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submissions_queue_idx').on(t.instanceId, t.status, t.createdAt),
    index('submissions_player_idx').on(t.instanceId, t.playerId, t.missionId),
  ],
);
export type SubmissionRow = typeof submissions.$inferSelect;

// ─── The feed and the wall (issue 29; docs/outings.md "The wall") ────────────

/**
 * An instance's feed: approved submissions, the designer's announcements and the organiser's posts. Only rows
 * written here are ever shown (a submission is written once approved); `withdrawn_at` hides one everywhere.
 * `source_id` is unique per kind and instance (a submission's id, an announcement's step, a post's own id), so
 * writing the same item twice is one item.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'submission' | 'announcement' | 'post'>().notNull(),
    sourceId: text('source_id').notNull(),
    /** The player (or team: a team is one player) the item is about; null for an organiser's post. */
    playerId: text('player_id'),
    /** The member who acted (teams), or the player's name, as shown. */
    memberName: text('member_name'),
    text: text('text').notNull().default(''),
    mediaId: uuid('media_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('feed_items_source_idx').on(t.instanceId, t.kind, t.sourceId),
    index('feed_items_instance_idx').on(t.instanceId, t.createdAt),
  ],
);
export type FeedItemRow = typeof feedItems.$inferSelect;

/**
 * Likes of feed items (issue 29, a game's `wall.likes` setting): one row per person and item — the primary key
 * makes a second like (two phones, a double tap, a retry) the same like. Only counts are ever shown. Deleted
 * with the item, and with the account.
 */
export const feedLikes = pgTable(
  'feed_likes',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => feedItems.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] })],
);

/**
 * The projector link of an instance (one per instance): a random token, stored only as its SHA-256, that opens
 * the wall without signing in. Revoking sets `revoked_at`; creating it again replaces the token.
 */
export const wallLinks = pgTable(
  'wall_links',
  {
    instanceId: uuid('instance_id')
      .primaryKey()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The teams' markers on the wall's map (the organiser's choice; off by default). */
    showMap: boolean('show_map').notNull().default(false),
    /** 'rotate' (the panels take turns) or 'grid' (all at once). */
    layout: text('layout').$type<'rotate' | 'grid'>().notNull().default('grid'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('wall_links_token_idx').on(t.tokenHash)],
);
export type WallLinkRow = typeof wallLinks.$inferSelect;

/**
 * When each player (or team) of an instance reached its points, for the scoreboard's ties (issue 29): kept by
 * the wall's reads — a read that finds a player's points changed stores them with the time of the player's last
 * step (which, with a wall open, is the step that changed them: the wall reads within a moment of each change).
 */
export const scoreMarks = pgTable(
  'score_marks',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    points: doublePrecision('points').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.playerId] })],
);

// ─── Messages both ways (issue 29; docs/outings.md "Messages") ───────────────

/**
 * The conversations of an instance: a player's (or a team's) messages with the organiser (`channel` 'organiser';
 * `direction` 'in' from the player's side, 'out' from the organiser) and a team's own chat (`channel` 'team').
 * A player's message is written in the transaction of its `chat` event (runtime/player-event.ts), so it is kept
 * exactly when the event is; the organiser's are written by the inbox (modules/messages). `player_id` is the
 * player row (a solo player, or the team); `member_id` the team member who wrote; `read_at` when the other side
 * read it. Deleted with the instance; anonymised with the account of its author (account/service.ts).
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => gameInstances.id, { onDelete: 'cascade' }),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    playerId: text('player_id').notNull(),
    memberId: uuid('member_id').references(() => teamMembers.id, { onDelete: 'set null' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author').notNull(),
    direction: text('direction').$type<'in' | 'out'>().notNull(),
    channel: text('channel').$type<'organiser' | 'team'>().notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.instanceId, t.playerId, t.createdAt)],
);
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** An organiser's quick replies for a game's inbox (absent: the console's defaults). */
export const messageQuickReplies = pgTable('message_quick_replies', {
  gameId: uuid('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  replies: jsonb('replies').$type<string[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
