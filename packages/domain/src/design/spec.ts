import type { GameValues } from '../game.js';
import type { DesignEntitiesByKind } from './index.js';
import { parsePublishedEntities, parsePublishedGame } from './published.js';
import { translationsSchema, type Translations } from './translations.js';

/**
 * The version of the shape of a stored game specification (a published
 * version's snapshot). Bump it with every change of shape and add a migration
 * to `SPEC_MIGRATIONS` (STYLE.md rule 7).
 *
 * 1: entities as they were saved (a field may be missing, a number stored as text).
 * 2: entities typed, each through its kind's published schema (design/published.ts).
 * 3: `translations` (issue 31): the other languages' texts by language and text id (design/translations.ts).
 */
export const GAME_SPEC_SCHEMA_VERSION = 3;

/** One object or offer placed in the initial world (spec 3 §3). */
export interface WorldEntry {
  id: string;
  name: string;
  sceneId: string;
  /** Set for objects. */
  archetypeId?: string;
  /** Set for offers. */
  offerId?: string;
  payload: Record<string, unknown>;
  location: { latitude: number; longitude: number };
  approved?: boolean;
  type: 'object' | 'offer';
}

/** The initial world: objects and offers keyed by scene id, then by their own id (spec 3 §3: state.has.object / state.has.offer). */
export interface InitialState {
  has: {
    object: Record<string, Record<string, WorldEntry>>;
    offer: Record<string, Record<string, WorldEntry>>;
  };
}

/** Everything a game version is: its settings, every design entity by kind, and its initial world. */
export type GameSpec = {
  schemaVersion: number;
  game: GameValues & { id: string; title: string };
  /** Every design entity by kind, as its kind's schema gives it (DesignEntityOf). */
  entities: DesignEntitiesByKind;
  initialState: InitialState;
  /**
   * The game's texts in its other languages, by language code then text id
   * (`scene:<id>:title`); a text without one reads in the main language.
   */
  translations: Translations;
};

/** An empty initial world. */
export function emptyInitialState(): InitialState {
  return { has: { object: {}, offer: {} } };
}

type StoredSpec = Record<string, unknown>;

/** From each schema version to the next. */
const SPEC_MIGRATIONS: Record<number, (spec: StoredSpec) => StoredSpec> = {
  // Version 2 stores what version 1 stored, typed: the published schemas read a version 1 spec as they read any.
  1: (spec) => ({ ...spec, schemaVersion: 2, entities: parsePublishedEntities(spec.entities) }),
  // Version 3 adds the other languages' texts: a game published before had only its main language.
  2: (spec) => ({ ...spec, schemaVersion: 3, translations: {} }),
};

/**
 * Brings a stored spec of any earlier schema version up to the current one and
 * parses it: every entity through its kind's published schema (tolerant of
 * what older specs lack), the game settings the engine reads normalised. This
 * is the one place a stored spec becomes typed; publishing and playtests store
 * what it gives, and the engine reads nothing else.
 */
export function migrateGameSpec(stored: unknown): GameSpec {
  let spec: StoredSpec = typeof stored === 'object' && stored !== null ? (stored as StoredSpec) : {};
  let version = typeof spec.schemaVersion === 'number' ? spec.schemaVersion : 1;
  if (version > GAME_SPEC_SCHEMA_VERSION) {
    throw new Error(`Game spec schema version ${version} is newer than this Loci (${GAME_SPEC_SCHEMA_VERSION})`);
  }
  for (; version < GAME_SPEC_SCHEMA_VERSION; version += 1) spec = SPEC_MIGRATIONS[version]!(spec);
  const initialState = spec.initialState as InitialState | undefined;
  return {
    schemaVersion: GAME_SPEC_SCHEMA_VERSION,
    game: parsePublishedGame(spec.game),
    entities: parsePublishedEntities(spec.entities),
    initialState: initialState?.has ? initialState : emptyInitialState(),
    translations: translationsSchema.catch({}).parse(spec.translations ?? {}),
  };
}

/** A spec assembled now (at publish, for a playtest, in tests), parsed as a stored one would be. */
export function parseGameSpec(
  spec: (Omit<GameSpec, 'schemaVersion' | 'translations'> & { translations?: Translations }) | GameSpec,
): GameSpec {
  return migrateGameSpec({ ...spec, schemaVersion: GAME_SPEC_SCHEMA_VERSION });
}
