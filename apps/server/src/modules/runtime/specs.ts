/**
 * The one source of GameSpecs: the spec an instance runs, a version's, and
 * the working version's assembled from the design, with both caches (specs by
 * version or instance, the games' play settings by the game row's version)
 * and the game's current playing period laid over a published snapshot.
 */
import { eq, sql } from 'drizzle-orm';
import {
  migrateGameSpec,
  parseGameSpec,
  PLAY_MESSAGES,
  type GameSpec,
  type InitialState,
  type PlayingPeriod,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import {
  gameInstances,
  games,
  gameVersions,
  type GameInstanceRow,
  type GameRow,
  type GameVersionRow,
} from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import type { Executor } from '../../db/client.js';
import { loadEntitiesByKind } from '../design/store.js';
import { workingTranslations } from '../translations/service.js';

/**
 * Specs by key. The engine compiles a spec once per spec OBJECT (a WeakMap), so
 * handing it the same object for every event of a version is what keeps a step
 * cheap. Keys carry the game's current playing period (see `withPeriod`).
 */
const specCache = new Map<string, GameSpec>();

const SPEC_CACHE_SIZE = 500;

function remember(key: string, spec: GameSpec): GameSpec {
  if (specCache.size >= SPEC_CACHE_SIZE) {
    const oldest = specCache.keys().next().value;
    if (oldest !== undefined) specCache.delete(oldest);
  }
  specCache.set(key, spec);
  return spec;
}

/**
 * The spec with the game's playing period as it is NOW. Operators change a
 * game's playing period after publishing (spec 1 §2 "Change Game Period":
 * "All instances with the same game version will get updated"), and the engine
 * expires an instance by the period of the spec it is given, so the period is
 * read from the game row rather than from the snapshot.
 */
function withPeriod(spec: GameSpec, period: PlayingPeriod | null): GameSpec {
  if (!period) return spec;
  return { ...spec, game: { ...spec.game, playingPeriod: period } };
}

/** The published version's stored spec (published specs never change; cached by version id). */
async function publishedSpec(db: Executor, versionId: string): Promise<GameSpec> {
  const key = `version:${versionId}`;
  const cached = specCache.get(key);
  if (cached) return cached;
  const [version] = await db
    .select({ spec: gameVersions.spec })
    .from(gameVersions)
    .where(eq(gameVersions.id, versionId))
    .limit(1);
  if (!version?.spec) throw fail.notFound(PLAY_MESSAGES.versionNotFound);
  return remember(key, migrateGameSpec(version.spec));
}

/** The spec `row` runs, with `period` laid over it; the same object for the same (instance source, period). */
export async function specFor(db: Executor, row: GameInstanceRow, period: PlayingPeriod | null): Promise<GameSpec> {
  const periodKey = period ? `${period.start}|${period.end ?? ''}|${period.timezone}` : '';
  // A working-version instance runs its own snapshot, which never changes after the start.
  const key = row.spec ? `instance:${row.id}|${periodKey}` : `version:${row.versionId}|${periodKey}`;
  const cached = specCache.get(key);
  if (cached) return cached;
  const base = row.spec ? migrateGameSpec(row.spec) : await publishedSpec(db, row.versionId);
  return remember(key, withPeriod(base, period));
}

/** What a step needs of the game's settings: its playing period and whether players are bound to one device. */
export interface PlaySettings {
  period: PlayingPeriod | null;
  enforceSingleDevice: boolean;
}

/**
 * Play settings by game, with the game row's version (`xmin`, which changes
 * with every update of the row) they were read at. The settings are a large
 * JSON document; an event reads only the row version beside the lock and
 * reads the settings again only when the game was changed since.
 */
const playSettingsCache = new Map<string, { rev: string; settings: PlaySettings }>();

const PLAY_SETTINGS_CACHE_SIZE = 1_000;

/** The game row's version, to be selected with the instance (see playSettingsOf). */
export const gameRev = sql<string | null>`${games}.xmin::text`;

export async function playSettingsOf(db: Executor, gameId: string, rev: string | null): Promise<PlaySettings> {
  const cached = playSettingsCache.get(gameId);
  if (cached && rev !== null && cached.rev === rev) return cached.settings;
  const [found] = await db
    .select({
      rev: gameRev,
      period: sql<PlayingPeriod | null>`${games.settings}->'playingPeriod'`,
      enforceSingleDevice: sql<boolean | null>`(${games.settings}->>'enforceSingleDevice')::boolean`,
    })
    .from(games)
    .where(eq(games.id, gameId))
    .limit(1);
  const settings = { period: found?.period ?? null, enforceSingleDevice: found?.enforceSingleDevice === true };
  if (found?.rev) {
    if (playSettingsCache.size >= PLAY_SETTINGS_CACHE_SIZE)
      playSettingsCache.delete(playSettingsCache.keys().next().value!);
    playSettingsCache.set(gameId, { rev: found.rev, settings });
  }
  return settings;
}

/**
 * The spec an instance runs: its own snapshot (working-version instances) or
 * its published version's, with the game's current playing period.
 */
export async function specOfInstance(ctx: AppContext, row: GameInstanceRow): Promise<GameSpec> {
  return specFor(ctx.db, row, (await playSettingsOf(ctx.db, row.gameId, null)).period);
}

/**
 * The whole specification of the working version as it is now: game settings,
 * every entity by kind (one query), the initial world — parsed as a stored spec
 * is (`parseGameSpec`), so publishing and playtests store typed entities.
 */
export async function buildWorkingSpec(
  db: Executor,
  { game, initialState }: { game: GameRow; initialState: InitialState },
): Promise<GameSpec> {
  return parseGameSpec({
    game: { ...game.settings, id: game.id, title: game.title },
    entities: await loadEntitiesByKind(db, game.id),
    initialState,
    // The other languages' texts (issue 31): a published version and a playtest carry them.
    translations: await workingTranslations(db, game),
  });
}

/**
 * The spec of a version: a published version's snapshot (cached; read from
 * `version` when it carries it), or the working version assembled now from
 * the design (a new playtest snapshots it into its instance row). The
 * snapshot's own playing period, not the game's current one (specOfInstance).
 */
export async function specOfVersion(db: Executor, game: GameRow, version: VersionForSpec): Promise<GameSpec> {
  if (version.isLiveSpec) return buildWorkingSpec(db, { game, initialState: version.initialState });
  const cached = specCache.get(`version:${version.id}`);
  if (cached) return cached;
  if (version.spec) return remember(`version:${version.id}`, migrateGameSpec(version.spec));
  return publishedSpec(db, version.id);
}

/**
 * A version as `specOfVersion` needs it. Its `spec` may be left unread (`versionHeadColumns`): a published
 * snapshot is read once into the cache, not with every start (the city game's is 140 KB of JSON).
 */
export type VersionForSpec = Pick<GameVersionRow, 'id' | 'isLiveSpec' | 'initialState'> & {
  spec?: GameVersionRow['spec'];
};

/** The spec an entry of `row`'s input log ran on: `versionId`'s (or the row's own snapshot) with the logged period. */
export async function specOfLogged(
  db: Executor,
  row: GameInstanceRow,
  versionId: string,
  period: PlayingPeriod | null,
): Promise<GameSpec> {
  return specFor(db, { ...row, versionId }, period);
}

/** The spec of an instance read without its snapshot column (`own`: it has one): read once into the cache. */
export async function specForRead(
  db: Executor,
  row: GameInstanceRow,
  own: boolean,
  period: PlayingPeriod | null,
): Promise<GameSpec> {
  if (!own) return specFor(db, row, period);
  const periodKey = period ? `${period.start}|${period.end ?? ''}|${period.timezone}` : '';
  const cached = specCache.get(`instance:${row.id}|${periodKey}`);
  if (cached) return cached;
  const [found] = await db
    .select({ spec: gameInstances.spec })
    .from(gameInstances)
    .where(eq(gameInstances.id, row.id))
    .limit(1);
  return specFor(db, { ...row, spec: found?.spec ?? null }, period);
}

/** Forgets cached specs (tests that rewrite a version's spec in place). */
export function clearSpecCache(): void {
  specCache.clear();
}
