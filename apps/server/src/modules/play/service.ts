/**
 * The player API (spec 4 §4): starting or joining an instance, reading one's
 * view, sending events. Who may play what is decided here (docs/play.md);
 * everything that changes an instance goes through the runtime store, which
 * serialises it per instance.
 */
import { and, desc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import {
  gameLanguagesOf,
  isRichTextEmpty,
  PLAY_MESSAGES,
  specInLanguage,
  type ContentLanguage,
  type GameSpec,
  type PlayEvent,
  type JoinRefusal,
  type PlayLobby,
  type PlayMessage,
  type PlayerView,
  type PlayingPeriod,
  type StartPlayBody,
  TEAM_MESSAGES,
  teamsSettingsOf,
} from '@loci/domain';
import { createInstanceState, outputsInSpec, type InstanceState, type Output, type StepTrace } from '@loci/engine';
import type { AppContext } from '../../context.js';
import {
  gameInstances,
  gameVersions,
  playerStates,
  teamMembers,
  type GameInstanceRow,
  type GameVersionRow,
  type PlayerStateRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight, type LoadedGame } from '../../policies/games.js';
import {
  assertMayPlay,
  assertProfileAdmits,
  deviceToBind,
  findInstanceAndPlayer,
  loadPlayableGame,
  mayDebug,
  playRefusal,
  type PlayAccess,
} from '../../policies/play.js';
import type { Executor, Transaction } from '../../db/client.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { CURRENT_VERSION } from '../versions/service.js';
import { answerBody, presentPlayInstance, type PlayAnswer, type StartAnswer } from '../../presenters/play.js';
import { bindPlayerDevice, keepPlayerLanguage, lockPlayerRow, removePlayerRows } from '../runtime/instance-rows.js';
import { runEvent, stepInTransaction, stepNewInstance, type SteppedEvent } from '../runtime/locked-step.js';
import { deliverMessages, waitingMessages } from '../runtime/messages.js';
import { runPlayerEvent, type PlayerEventAnswer } from '../runtime/player-event.js';
import { pushStepped } from '../runtime/pushes.js';
import { specOfInstance, specOfVersion } from '../runtime/specs.js';
import { playerLanguageOf } from '../runtime/step-languages.js';
import { rememberAnswered, viewRevision } from '../runtime/views.js';
import { assertMayPlayAgain, findOwnFinishedGame, presentFinishedGame, type FinishedRow } from './finished.js';
import { rankingsOf } from '../rankings/service.js';
import { activeMembershipOf, holdsTeams } from '../teams/service.js';
import { playerSafeSpec } from './player-spec.js';
import { lobbyGameOf, lobbyTextsIn, pickGameTexts, termsOf } from './lobby.js';
import { removeUploadFiles, uploadsOf, type UploadFile } from '../media/service.js';

const emptyTrace = (): StepTrace => ({ rules: [], notes: [] });

// ─── Rules of playing ────────────────────────────────────────────────────────

/**
 * 403 NOT_STARTED_YET / PERIOD_ENDED outside the game's playing period (the
 * game's current period: operators may move it after publishing). A playtest
 * of the working version may start before the period: designers test their
 * games before they open.
 */
function assertInPeriod(period: Partial<PlayingPeriod> | undefined, now: Date, isLiveSpec: boolean): void {
  const start = period?.start ? Date.parse(period.start) : Number.NaN;
  const end = period?.end ? Date.parse(period.end) : Number.NaN;
  if (!isLiveSpec && !Number.isNaN(start) && now.getTime() < start) {
    throw playRefusal('NOT_STARTED_YET', PLAY_MESSAGES.notStartedYet);
  }
  if (!Number.isNaN(end) && now.getTime() > end) throw playRefusal('PERIOD_ENDED', PLAY_MESSAGES.periodEnded);
}

/** 403 WRONG_PASSCODE (with errors.passcode) unless the passcode matches; editors and testers need none. */
function assertPasscode(playPassword: string, passcode: string | undefined, access: PlayAccess): void {
  if (!playPassword || access.playWorking || access.editor) return;
  if (!passcode) {
    throw playRefusal('WRONG_PASSCODE', PLAY_MESSAGES.passcodeRequired, {
      errors: { passcode: PLAY_MESSAGES.passcodeRequired },
    });
  }
  if (passcode.trim() !== playPassword) {
    throw playRefusal('WRONG_PASSCODE', PLAY_MESSAGES.wrongPasscode, {
      errors: { passcode: PLAY_MESSAGES.wrongPasscode },
    });
  }
}

/**
 * `deviceToBind` for a player coming back (409 OTHER_DEVICE on another device), and binds an unbound row to the
 * caller's device at once. The row read before (`found`) only spares the lock when it is bound already; the
 * binding itself reads the row again under its instance's row lock and writes through the runtime's one writer
 * of player rows, so of two phones (or a phone's start and its event) arriving together exactly one takes the
 * player and the other is told 409 (the rule at the head of runtime/player-event.ts). Answers the row as bound.
 */
async function assertDevice(
  ctx: AppContext,
  found: PlayerStateRow,
  enforce: boolean,
  deviceId: string | null,
): Promise<PlayerStateRow> {
  if (!deviceToBind(found, enforce, deviceId)) return found;
  return ctx.db.transaction(async (tx) => {
    const { row, player } = await lockPlayerRow(tx, found.instanceId, found.playerId);
    if (!player) return found;
    const bind = deviceToBind(player, enforce, deviceId);
    return bind ? bindPlayerDevice(tx, { row, player }, bind, ctx.now()) : player;
  });
}

/** A version's row without its spec (runtime/specs.ts reads a published snapshot once into its cache). */
type VersionHead = Omit<GameVersionRow, 'spec'>;
const { spec: _spec, ...versionHeadColumns } = getTableColumns(gameVersions);

/** The version to play: the one asked for ('current' = the working version), else the game's published version. */
async function resolveVersion(db: Executor, game: LoadedGame, versionId: string | undefined): Promise<VersionHead> {
  const id = versionId ?? game.row.publicVersionId;
  if (!id) throw playRefusal('NOT_PUBLISHED', PLAY_MESSAGES.notPublished, { status: 'CONFLICT' });
  const working = id === CURRENT_VERSION;
  if (!working && !isUuid(id)) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  const [version] = await db
    .select(versionHeadColumns)
    .from(gameVersions)
    .where(
      and(eq(gameVersions.gameId, game.row.id), working ? eq(gameVersions.isLiveSpec, true) : eq(gameVersions.id, id)),
    )
    .limit(1);
  if (!version) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  if (version.isArchived) throw playRefusal('VERSION_ARCHIVED', PLAY_MESSAGES.versionArchived, { status: 'CONFLICT' });
  return version;
}

// ─── Messages and answers ────────────────────────────────────────────────────

/** The answer for `playerId` in `state` with its view's revision; `debug` when the caller playtests. */
async function answerFor(
  ctx: AppContext,
  args: {
    spec: GameSpec;
    state: InstanceState;
    instanceId: string;
    playerId: string;
    outputs: Output[];
    trace: StepTrace | null;
    /** False when the caller knows that no message waits (read with the instance): no statement is spent. */
    hasMessages?: boolean;
    /** The app sent `viewRevision` with its start (protocol 2): name the view's revision and remember it. */
    speaksDeltas?: boolean;
    /** The player's view in `state`, when the caller has it already (a step's push made it). */
    view?: PlayerView | undefined;
  },
): Promise<PlayAnswer & { revision?: string }> {
  const messages =
    args.hasMessages === false ? [] : await deliverMessages(ctx.db, args.instanceId, args.playerId, ctx.now());
  const body = answerBody({ ...args, now: ctx.now() });
  if (!args.speaksDeltas) return { ...body, messages };
  // An app that speaks deltas is told its view's revision, as an event's answer tells it (runtime/views.ts), and
  // the view is remembered as the last one it was sent: its first event is answered with what changed.
  const part = { view: body.view, revision: viewRevision(body.view) };
  rememberAnswered(args.instanceId, args.playerId, part, body.view);
  return { ...body, messages, revision: part.revision };
}

// ─── Finding instances ───────────────────────────────────────────────────────

/** The caller's newest active instance of a version with their row in it, or null. */
async function findOwnActiveInstance(
  db: Executor,
  userId: string,
  versionId: string,
): Promise<{ instance: GameInstanceRow; player: PlayerStateRow } | null> {
  const [found] = await db
    .select({ instance: gameInstances, player: playerStates })
    .from(playerStates)
    .innerJoin(gameInstances, eq(gameInstances.id, playerStates.instanceId))
    .where(
      and(
        eq(playerStates.userId, userId),
        eq(playerStates.versionId, versionId),
        eq(gameInstances.status, 'active'),
        ne(playerStates.status, 'movedTo'),
      ),
    )
    .orderBy(desc(gameInstances.createdAt))
    .limit(1);
  return found ?? null;
}

/** The caller's team's row in the newest active instance of a version they are a member of, or null. */
async function teamRowOf(
  db: Executor,
  userId: string,
  versionId: string,
): Promise<{ instance: GameInstanceRow; player: PlayerStateRow } | null> {
  const membership = await activeMembershipOf(db, userId, versionId);
  if (!membership) return null;
  const [player] = await db
    .select()
    .from(playerStates)
    .where(and(eq(playerStates.instanceId, membership.instance.id), eq(playerStates.playerId, membership.teamId)))
    .limit(1);
  return player ? { instance: membership.instance, player } : null;
}

/**
 * The language the caller reads `instance` in (issue 31, runtime/step-languages.ts): the best of their request's
 * languages the game has, else the one kept with them — their row's, or a team member's own (their member row:
 * the team's row is shared). Kept with them when their request names another, so what reaches them without a
 * request of theirs (a tick, an operator's event, a teammate's step) is said in it too.
 */
async function callerLanguage(
  ctx: AppContext,
  args: {
    instance: GameInstanceRow;
    player: PlayerStateRow;
    userId: string;
    spec: GameSpec;
    languages?: readonly string[] | undefined;
  },
): Promise<ContentLanguage> {
  const { instance, player, userId } = args;
  const languages = gameLanguagesOf(args.spec.game);
  const member =
    player.userId === userId
      ? null
      : ((
          await ctx.db
            .select({ id: teamMembers.id, language: teamMembers.language })
            .from(teamMembers)
            .where(and(eq(teamMembers.instanceId, instance.id), eq(teamMembers.userId, userId)))
            .limit(1)
        )[0] ?? null);
  const kept = member ? member.language : player.language;
  const language = playerLanguageOf(languages, args.languages, kept);
  if (!args.languages || args.languages.length === 0 || kept === language) return language;
  if (member) {
    await ctx.db.update(teamMembers).set({ language }).where(eq(teamMembers.id, member.id));
  } else {
    // The one writer of player rows, under the instance's row lock (runtime/player-event.ts).
    await ctx.db.transaction(async (tx) => {
      const locked = await lockPlayerRow(tx, instance.id, player.playerId);
      if (locked.player && locked.player.language !== language) {
        await keepPlayerLanguage(tx, { row: locked.row, player: locked.player }, language, ctx.now());
      }
    });
  }
  return language;
}

/** The id of the newest active shared instance of a version, or null (its world is read under its lock). */
async function findSharedInstance(db: Executor, versionId: string): Promise<{ id: string } | null> {
  const [found] = await db
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .where(
      and(
        eq(gameInstances.versionId, versionId),
        eq(gameInstances.status, 'active'),
        eq(gameInstances.multiplayer, true),
      ),
    )
    .orderBy(desc(gameInstances.createdAt))
    .limit(1);
  return found ?? null;
}

/**
 * Takes a lock on the starts of `versionId` for this transaction: one caller's starts (with `userId`), or
 * the opening of a shared world (null). A transaction-scoped advisory lock, keyed by a 64-bit hash of the
 * pair (a collision only makes two starts wait for each other), released at COMMIT or ROLLBACK. See the
 * reasoning in `startPlaying`.
 */
export async function holdStartLock(tx: Transaction, versionId: string, userId: string | null): Promise<void> {
  const key = userId === null ? `start:${versionId}` : `start:${versionId}:${userId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * The active shared instance a start joins, or null when there is none — then the version's lock is held,
 * so the caller may open one. Looked up without the version's lock first (the usual case: the world is
 * open); when none is found, looked up again under the version's lock, in a statement that reads what an
 * earlier opener committed.
 */
async function joinableSharedInstance(tx: Transaction, versionId: string): Promise<{ id: string } | null> {
  const found = await findSharedInstance(tx, versionId);
  if (found) return found;
  await holdStartLock(tx, versionId, null);
  return findSharedInstance(tx, versionId);
}

/**
 * 403 NEW_INSTANCES_NOT_ALLOWED when a published version without *multiple
 * instances* would get a second shared world: its one shared instance has
 * ended (docs/play.md "Starting and joining", step 9). Playtests are not limited.
 */
async function assertMayOpenSharedWorld(
  db: Executor,
  version: Pick<GameVersionRow, 'id' | 'isLiveSpec' | 'multipleInstances'>,
): Promise<void> {
  if (version.isLiveSpec || version.multipleInstances) return;
  const [earlier] = await db
    .select({ id: gameInstances.id })
    .from(gameInstances)
    .where(and(eq(gameInstances.versionId, version.id), eq(gameInstances.multiplayer, true)))
    .limit(1);
  if (earlier) throw playRefusal('NEW_INSTANCES_NOT_ALLOWED', PLAY_MESSAGES.sharedWorldEnded);
}

/** The instances of a version the user has a row in (their playtests, for the working version). */
async function playtestIdsOf(db: Executor, userId: string, versionId: string): Promise<string[]> {
  const mine = await db
    .select({ instanceId: playerStates.instanceId })
    .from(playerStates)
    .where(and(eq(playerStates.userId, userId), eq(playerStates.versionId, versionId)));
  return mine.map((row) => row.instanceId);
}

/**
 * The Playtest reset, inside the caller's transaction: the caller's playtests
 * of the working version are thrown away — instances they play alone are
 * deleted (with their records and messages, by cascade), and they leave shared
 * ones (their row is deleted; the others play on). Returns the uploads whose
 * files the caller removes after COMMIT.
 */
async function removePlaytests(tx: Transaction, userId: string, versionId: string): Promise<UploadFile[]> {
  const ids = await playtestIdsOf(tx, userId, versionId);
  if (ids.length === 0) return [];
  const others = await tx
    .select({ instanceId: playerStates.instanceId })
    .from(playerStates)
    .where(and(inArray(playerStates.instanceId, ids), ne(playerStates.userId, userId)));
  const shared = new Set(others.map((row) => row.instanceId));
  const alone = ids.filter((id) => !shared.has(id));
  const gone = await uploadsOf(tx, { instanceIds: alone });
  if (alone.length > 0) await tx.delete(gameInstances).where(inArray(gameInstances.id, alone));
  await removePlayerRows(tx, { instanceIds: [...shared], userId });
  return gone;
}

// ─── Start or join ───────────────────────────────────────────────────────────

/**
 * GET /api/play/games/{gameId}: the lobby of the published version — the
 * game's introduction, whether a passcode will be asked, the caller's own
 * active instance, and the refusal a start would meet now (the same checks as
 * `startPlaying`, in its order, without starting anything). 404 for an
 * unknown game; every other refusal is answered as `refusal`, so the page can
 * show the introduction with it. A game without a public version is shown
 * only to who may playtest it (404 for anyone else, as for an unknown game).
 */
export async function getPlayLobby({
  ctx,
  user,
  gameId,
  languages = [],
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  /** The languages the caller reads, best first (Accept-Language): the game's texts follow them. */
  languages?: readonly string[];
}): Promise<PlayLobby> {
  const { game, access } = await loadPlayableGame(ctx, user, gameId);
  const settings = game.row.settings;
  const { instanceId, refusal, finished } = await joinRefusal(ctx, game, { user, access });
  return {
    game: lobbyGameOf(game.row, await lobbyTextsIn(ctx, game.row, languages)),
    needsPasscode: Boolean(settings.playPassword) && !access.playWorking && !access.editor && instanceId === null,
    instanceId,
    refusal,
    finished: finished ? presentFinishedGame(finished, settings) : null,
  };
}

/**
 * Why a start (or join) of the game's published version would be refused now:
 * the checks of `startPlaying`, in its order, without starting anything, and
 * the caller's own active instance, which they may always come back to. With
 * `who` null it answers for a player the game admits (the share panel, the
 * public lobby): who-may-play and one's own instance are not checked.
 */
export async function joinRefusal(
  ctx: AppContext,
  game: LoadedGame,
  who: { user: CurrentUser; access: PlayAccess } | null,
): Promise<{ instanceId: string | null; refusal: JoinRefusal | null; finished: FinishedRow | null }> {
  const settings = game.row.settings;
  let instanceId: string | null = null;
  let finished: FinishedRow | null = null;
  try {
    if (game.row.isArchived) throw fail.conflict(PLAY_MESSAGES.gameArchived);
    const version = await resolveVersion(ctx.db, game, undefined);
    if (who) assertMayPlay(version, who.access);
    if (who) instanceId = (await findOwnActiveInstance(ctx.db, who.user.id, version.id))?.instance.id ?? null;
    if (who && !instanceId && teamsSettingsOf(settings).enabled && !version.isLiveSpec) {
      instanceId = (await teamRowOf(ctx.db, who.user.id, version.id))?.instance.id ?? null;
      if (!instanceId) throw fail.forbidden(TEAM_MESSAGES.teamRequired);
    }
    // One's own active instance stays open when the period is moved to start later.
    assertInPeriod(settings.playingPeriod, ctx.now(), instanceId !== null);
    if (who && !instanceId) {
      finished = await findOwnFinishedGame(ctx.db, who.user.id, version.id);
      assertMayPlayAgain(settings, finished, true);
    }
    if (who && !instanceId) await assertProfileAdmits(ctx, who.user, game, who.access);
    if (!instanceId && settings.multiplayer && !(await findSharedInstance(ctx.db, version.id))) {
      await assertMayOpenSharedWorld(ctx.db, version);
    }
    if (!instanceId && !version.newInstancesAllowed && !settings.multiplayer) {
      throw playRefusal('NEW_INSTANCES_NOT_ALLOWED', PLAY_MESSAGES.newInstancesNotAllowed);
    }
    return { instanceId, refusal: null, finished };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const code = error.extra?.errorCode;
    const refusal = { errorCode: typeof code === 'string' ? code : error.code, message: error.message };
    return { instanceId, refusal, finished };
  }
}

/**
 * POST /api/play/games/{gameId}/instances: starts or joins (spec 4 §3).
 * Order of checks: game (404, also when the caller does not see its lobby), archived game (409), version (404 / 409
 * NOT_PUBLISHED / 409 VERSION_ARCHIVED), who may play it (403
 * NOT_AUTHORISED), playing period (403 NOT_STARTED_YET / PERIOD_ENDED); then
 * the caller's own active instance of the version is rejoined (200; device
 * check 409 OTHER_DEVICE); else the player's profile (403 AGE_NOT_ALLOWED /
 * PROFILE_INCOMPLETE), the passcode (403 WRONG_PASSCODE), then a
 * multiplayer game's newest active instance is joined, else a new instance is
 * made (403 NEW_INSTANCES_NOT_ALLOWED when the version takes none) — 201.
 */
export async function startPlaying({
  ctx,
  user,
  gameId,
  body,
  deviceId,
  languages,
}: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  body: StartPlayBody;
  deviceId: string | null;
  /** The languages the player reads, best first (Accept-Language; issue 31). */
  languages?: readonly string[];
}): Promise<StartAnswer> {
  const { game, access } = await loadPlayableGame(ctx, user, gameId);
  if (game.row.isArchived) throw fail.conflict(PLAY_MESSAGES.gameArchived);
  const version = await resolveVersion(ctx.db, game, body.versionId);
  assertMayPlay(version, access);
  if (body.restart && !version.isLiveSpec) {
    throw fail.validation({ restart: PLAY_MESSAGES.restartWorkingOnly }, PLAY_MESSAGES.restartWorkingOnly);
  }
  const settings = game.row.settings;
  const own = body.restart ? null : await findOwnActiveInstance(ctx.db, user.id, version.id);
  // One's own active instance stays open when the period is moved to start later (its events are taken).
  assertInPeriod(settings.playingPeriod, ctx.now(), version.isLiveSpec || own !== null);
  const debug = version.isLiveSpec && access.playWorking;
  // An app that speaks view deltas sends `viewRevision` (null) with its start: its answer names the revision.
  const speaksDeltas = body.viewRevision !== undefined;

  if (own) {
    const player = await assertDevice(ctx, own.player, settings.enforceSingleDevice, deviceId);
    return rejoin(ctx, { user, instance: own.instance, player, debug, speaksDeltas, languages });
  }
  // A game played in teams: a member plays their team's row (joined with the team's code first); playtests of
  // the working version are played alone, as any playtest (docs/outings.md).
  if (!version.isLiveSpec && teamsSettingsOf(settings).enabled) {
    const team = await teamRowOf(ctx.db, user.id, version.id);
    if (!team) throw fail.forbidden(TEAM_MESSAGES.teamRequired);
    return rejoin(ctx, { user, instance: team.instance, player: team.player, debug, speaksDeltas, languages });
  }
  if (!version.isLiveSpec) {
    assertMayPlayAgain(settings, await findOwnFinishedGame(ctx.db, user.id, version.id), body.again === true);
  }
  // What a restart was asked to replace: the playtests the caller had when the request came in.
  const replacing = body.restart ? new Set(await playtestIdsOf(ctx.db, user.id, version.id)) : null;
  await assertProfileAdmits(ctx, user, game, access);
  assertPasscode(settings.playPassword, body.passcode, access);
  const termsAcceptedAt = acceptedTermsAt(settings, version.isLiveSpec, body.acceptTerms, ctx.now());

  const spec = await specOfVersion(ctx.db, game.row, version);
  const multiplayer = Boolean(spec.game.multiplayer);
  const join = { userId: user.id, deviceId, termsAcceptedAt };
  const inLanguage = languages ? { languages } : {};
  const startEvent = { type: 'start' as const, playerId: user.id, name: user.name };
  let removedUploads: UploadFile[] = [];
  // Whether this start opened a new instance: no message can wait for its player there yet.
  let opened = false;

  // Why this is race-safe (as runtime/player-event.ts), without queueing every start of a version behind one lock
  // (issue 25 §3: a city's 2,000 starts queued on the version row stalled every event). Joining, creating
  // and a restart's removal run in ONE transaction that first takes a transaction-scoped advisory lock on
  // (version, caller): one caller's starts of a version are served one after the other, and each one's
  // statements see (READ COMMITTED: a statement reads what committed before it began) what the one before
  // committed. So a double click makes one single-player instance. Different callers' starts of a
  // published single-player game share no lock at all.
  //
  // The version's own lock (an advisory lock on the version alone) is then taken by every start of the
  // working version, and by a start of a published multiplayer version that found no active shared
  // instance — it is about to open one. The openers are served one at a time and look again, after the
  // lock, whether a shared instance is active now, so two players arriving together at a multiplayer game
  // end up in the same new instance; a start that finds the shared world open joins it under the
  // instance's row lock alone (stepInTransaction), as any event does. Playtests stay serialised per
  // version as a whole (only designers and testers start them, so they seldom wait for one another): ten
  // restarts at once leave one playtest, as a restart's removal and its new instance commit together, so
  // no other start can slip an instance in between, and a designer's restart that removes a shared
  // playtest is never raced by another's join of it. A restart that finds under the lock an active
  // playtest it was not asked to replace (not in `replacing`) joins it instead: an overlapping start or
  // restart made it after this request came in, so it is already fresh, and the overlapping callers are
  // all answered with the playtest that stays. The locks are taken in the order caller → version →
  // instance row, and nobody holding an instance row waits for the others, so they never deadlock. The
  // version ROW is not locked: an edit of the version by its operators does not hold up starts. On PGlite
  // (one connection) transactions already run one at a time.
  const outcome = await ctx.db.transaction(
    async (tx): Promise<SteppedEvent | { rejoin: { instance: GameInstanceRow; player: PlayerStateRow } }> => {
      await holdStartLock(tx, version.id, user.id);
      if (version.isLiveSpec) await holdStartLock(tx, version.id, null);
      const own = await findOwnActiveInstance(tx, user.id, version.id);
      if (own && !replacing?.has(own.instance.id)) return { rejoin: own };
      if (replacing) {
        removedUploads = await removePlaytests(tx, user.id, version.id);
      } else if (multiplayer) {
        const shared = await joinableSharedInstance(tx, version.id);
        if (shared) {
          return stepInTransaction(ctx, tx, {
            instanceId: shared.id,
            event: startEvent,
            traceAllRules: debug,
            join,
            ...inLanguage,
          });
        }
        await assertMayOpenSharedWorld(tx, version);
      }
      if (!version.isLiveSpec && !version.newInstancesAllowed) {
        throw playRefusal('NEW_INSTANCES_NOT_ALLOWED', PLAY_MESSAGES.newInstancesNotAllowed);
      }
      // The new instance is stepped in memory and written with what its first start left (stepNewInstance).
      const instance = {
        gameId: game.row.id,
        versionId: version.id,
        isLiveSpec: version.isLiveSpec,
        multiplayer,
        world: createInstanceState(spec, { multiplayer }).world,
        // A playtest runs the design as it was when it started, whatever the designer changes next.
        spec: version.isLiveSpec ? spec : null,
        now: ctx.now(),
      };
      opened = true;
      return stepNewInstance(ctx, tx, {
        instance,
        // The period the instance row's lock would read (instance-rows.ts `lockInstance`): the game's own, read with it.
        period: (settings.playingPeriod ?? null) as PlayingPeriod | null,
        args: { event: startEvent, traceAllRules: debug, join, ...inLanguage },
      });
    },
  );
  await removeUploadFiles(ctx, removedUploads);
  if ('rejoin' in outcome) {
    const { instance } = outcome.rejoin;
    const player = await assertDevice(ctx, outcome.rejoin.player, settings.enforceSingleDevice, deviceId);
    return rejoin(ctx, { user, instance, player, debug, speaksDeltas, languages });
  }

  // The answer first, with the view the push holds (made once): an app that speaks deltas then has the view
  // remembered as answered, and the push to the player's sockets carries only what changed since (none).
  const answer = await answerFor(ctx, {
    spec: outcome.spec,
    state: outcome.result.state,
    instanceId: outcome.instance.id,
    playerId: user.id,
    outputs: outcome.result.outputs,
    trace: debug ? outcome.result.trace : null,
    speaksDeltas,
    hasMessages: !opened,
    view: outcome.push.players.find((player) => player.playerId === user.id)?.view,
  });
  pushStepped(ctx, outcome.push);
  return { instanceId: outcome.instance.id, rejoined: false, stepId: outcome.push.stepId, ...answer };
}

/**
 * Back to one's own active instance: the view with what still waits for an
 * answer as `outputs`. A player who had left a shared instance is brought back
 * by a `start` event (the engine lets them in again).
 */
async function rejoin(
  ctx: AppContext,
  args: {
    user: CurrentUser;
    instance: GameInstanceRow;
    player: PlayerStateRow;
    debug: boolean;
    speaksDeltas: boolean;
    languages?: readonly string[] | undefined;
  },
): Promise<StartAnswer> {
  const { instance, player, debug } = args;
  if (player.state.status === 'left game' && instance.multiplayer) {
    const { result, spec } = await runEvent(ctx, {
      instanceId: instance.id,
      // A team's row keeps its team's name.
      event: { type: 'start', playerId: player.playerId, name: player.userId ? args.user.name : player.name },
      traceAllRules: debug,
      ...(args.languages ? { languages: args.languages } : {}),
      // A team's row is shared: its member's language is kept with their member row.
      ...(player.userId === args.user.id ? {} : { keepLanguage: false }),
    });
    const answer = await answerFor(ctx, {
      spec,
      state: result.state,
      instanceId: instance.id,
      playerId: player.playerId,
      outputs: [...result.outputs, ...(result.state.players[player.playerId]?.pending ?? [])],
      trace: debug ? result.trace : null,
      speaksDeltas: args.speaksDeltas,
    });
    return { instanceId: instance.id, rejoined: true, ...answer };
  }
  const base = await specOfInstance(ctx, instance);
  const language = await callerLanguage(ctx, { ...args, userId: args.user.id, spec: base });
  const spec = specInLanguage(base, language);
  const state = stateWithPlayer(instance, spec, player);
  const answer = await answerFor(ctx, {
    spec,
    state,
    instanceId: instance.id,
    playerId: player.playerId,
    // What waits for an answer, said in the player's language (it was asked in the language of its step).
    outputs: outputsInSpec(spec, player.state.pending),
    trace: debug ? emptyTrace() : null,
    speaksDeltas: args.speaksDeltas,
  });
  return { instanceId: instance.id, rejoined: true, ...answer };
}

/** The instance's state with only this player in it: all a view needs. */
function stateWithPlayer(instance: GameInstanceRow, spec: GameSpec, player: PlayerStateRow): InstanceState {
  return {
    version: instance.stateVersion,
    gameId: spec.game.id,
    multiplayer: instance.multiplayer,
    world: instance.world,
    players: { [player.playerId]: player.state },
  };
}

// ─── Reading and events ──────────────────────────────────────────────────────

/** GET /api/play/instances/{instanceId}: the caller's view of an instance they play. */
export async function getPlayState({
  ctx,
  user,
  instanceId,
  languages,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  /** The languages the player reads, best first (Accept-Language; issue 31). */
  languages?: readonly string[];
}) {
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  const debug = mayDebug(ctx, user, instance);
  return playStateOf(ctx, {
    instance,
    player,
    debug,
    messages: deliverMessages,
    caller: { userId: user.id, languages },
  });
}

/**
 * The answer of GET /api/play/instances/{instanceId} for `player`: the one
 * presenter of a player's view, for the player and for the operators who see
 * their screen. `messages` reads the operators' messages that wait for them:
 * the player's own read delivers them (stamps them delivered), an operator's
 * read only looks.
 */
async function playStateOf(
  ctx: AppContext,
  args: {
    instance: GameInstanceRow;
    player: PlayerStateRow;
    debug: boolean | Promise<boolean>;
    messages: (db: Executor, instanceId: string, playerId: string, now: Date) => Promise<PlayMessage[]>;
    /** The player's own read, with their request's languages (kept with them); absent: an operator's, who see it in the player's. */
    caller?: { userId: string; languages?: readonly string[] | undefined };
  },
) {
  const { instance, player } = args;
  const [base, debug] = await Promise.all([specOfInstance(ctx, instance), args.debug]);
  const spec = specInLanguage(
    base,
    args.caller
      ? await callerLanguage(ctx, { instance, player, spec: base, ...args.caller })
      : playerLanguageOf(gameLanguagesOf(base.game), undefined, player.language),
  );
  const body = answerBody({
    spec,
    state: stateWithPlayer(instance, spec, player),
    playerId: player.playerId,
    outputs: [],
    trace: debug ? emptyTrace() : null,
    now: ctx.now(),
  });
  const messages = await args.messages(ctx.db, instance.id, player.playerId, ctx.now());
  return { instance: presentPlayInstance(instance), view: body.view, messages, debug: body.debug };
}

/** The instance and one player's row in it when the caller operates its game (manage right); 404 / 403 otherwise. */
async function findWatchedPlayer(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
  playerId: string,
): Promise<{ instance: GameInstanceRow; player: PlayerStateRow }> {
  const [found] = isUuid(instanceId)
    ? await ctx.db
        .select({ instance: gameInstances, player: playerStates })
        .from(gameInstances)
        .leftJoin(playerStates, and(eq(playerStates.instanceId, gameInstances.id), eq(playerStates.playerId, playerId)))
        .where(eq(gameInstances.id, instanceId))
        .limit(1)
    : [];
  if (!found) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  await requireGameRight({ ctx, user, gameId: found.instance.gameId, right: 'manage' });
  if (!found.player) throw fail.notFound(PLAY_MESSAGES.playerNotFound);
  return { instance: found.instance, player: found.player };
}

/** An operator's call about one player of an instance. */
interface WatchedPlayerCall {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  playerId: string;
}

/**
 * GET /api/instances/{instanceId}/players/{playerId}/view ("See as the
 * player"): that player's view exactly as their own GET /api/play/instances/
 * {instanceId} answers it, without debug, and without delivering the messages
 * that wait for them (read-only: nothing is stamped, no event is run).
 */
export async function getWatchedPlayState({ ctx, user, instanceId, playerId }: WatchedPlayerCall) {
  const { instance, player } = await findWatchedPlayer(ctx, user, instanceId, playerId);
  return playStateOf(ctx, { instance, player, debug: false, messages: waitingMessages });
}

/** GET /api/instances/{instanceId}/players/{playerId}/game: the game as that player's app reads it. */
export async function getWatchedPlayGame({ ctx, user, instanceId, playerId }: WatchedPlayerCall) {
  const { instance, player } = await findWatchedPlayer(ctx, user, instanceId, playerId);
  const base = await specOfInstance(ctx, instance);
  return playGameOf(ctx, instance, base, playerLanguageOf(gameLanguagesOf(base.game), undefined, player.language));
}

/**
 * POST /api/play/instances/{instanceId}/events: one event of the caller.
 * Engine refusals are game feedback: they come back as 'error' outputs with a
 * 200, the state unchanged.
 */
export async function sendPlayEvent({
  ctx,
  claims,
  instanceId,
  event,
  clientEventId,
  deviceId,
  viewRevision,
  languages,
}: {
  ctx: AppContext;
  /** The caller's verified token (the route defers the account lookup to the event's read). */
  claims: { id: string; tv?: number };
  instanceId: string;
  event: PlayEvent;
  clientEventId: string | null;
  deviceId: string | null;
  /** The revision of the view the app holds (runtime/views.ts); absent: answer the whole view. */
  viewRevision?: string | null;
  /** The languages the player reads, best first (Accept-Language; issue 31). */
  languages?: readonly string[];
}): Promise<PlayerEventAnswer> {
  return runPlayerEvent(ctx, {
    instanceId,
    claims,
    event,
    clientEventId,
    deviceId,
    viewRevision,
    ...(languages ? { languages } : {}),
  });
}

/**
 * A first start of a published version whose game has terms must accept them
 * (`acceptTerms: true`, else 400 with a field error): the time it did, or null
 * when there was nothing to accept. Playtests of the working version skip it.
 */
function acceptedTermsAt(
  settings: { terms?: string | null },
  isLiveSpec: boolean,
  acceptTerms: boolean | undefined,
  now: Date,
): Date | null {
  if (isLiveSpec || isRichTextEmpty(termsOf(settings))) return null;
  if (acceptTerms !== true) {
    throw fail.validation({ acceptTerms: PLAY_MESSAGES.termsNotAccepted }, PLAY_MESSAGES.termsNotAccepted);
  }
  return now;
}

/** GET /api/play/instances/{instanceId}/game: the game as its instance runs it, with a player-safe spec. */
export async function getPlayGame({
  ctx,
  user,
  instanceId,
  languages,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  /** The languages the player reads, best first (Accept-Language; issue 31). */
  languages?: readonly string[];
}) {
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  const base = await specOfInstance(ctx, instance);
  // A player who switched language reads the game again (the web player's menu): their language is kept then.
  return playGameOf(
    ctx,
    instance,
    base,
    await callerLanguage(ctx, { instance, player, userId: user.id, spec: base, languages }),
  );
}

/** The game an instance runs, as a player's app reads it in `language`, with a player-safe spec. */
async function playGameOf(ctx: AppContext, instance: GameInstanceRow, base: GameSpec, language: ContentLanguage) {
  const spec = specInLanguage(base, language);
  const game = spec.game;
  const gameLanguages = gameLanguagesOf(game);
  return {
    game: {
      id: instance.gameId,
      versionId: instance.versionId,
      title: game.title,
      ...pickGameTexts(game),
      language: game.language,
      // The language the texts below are in, and every language the game has (issue 31).
      textLanguage: language,
      languages: [gameLanguages.main, ...gameLanguages.others],
      logoId: game.logoId,
      pg: game.pg,
      capabilities: game.capabilities,
      market: game.market,
      currencyName: game.currencyName,
      currencyIcon: game.currencyIcon,
      rankings: rankingsOf(game),
      endPolicies: {
        redeemAssets: game.endPolicies?.redeemAssets === true,
        pickOffers: game.endPolicies?.pickOffers === true,
        redeemOffers: game.endPolicies?.redeemOffers === true,
        tradeAssets: game.endPolicies?.tradeAssets === true,
      },
      multiplayer: instance.multiplayer,
      timezone: game.playingPeriod?.timezone || 'UTC',
      teams: await holdsTeams(ctx.db, instance.id),
    },
    spec: playerSafeSpec(spec),
  };
}
