import type { GameValues } from '../game.js';
import type { DesignEntitiesByKind } from './index.js';

/**
 * The version of the shape of a stored game specification (a published
 * version's snapshot). Bump it with every change of shape and add a migration
 * to `migrateGameSpec` (STYLE.md rule 7).
 */
export const GAME_SPEC_SCHEMA_VERSION = 1;

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
export interface GameSpec {
  schemaVersion: number;
  game: GameValues & { id: string; title: string };
  /** Every design entity by kind, as its kind's schema gives it (DesignEntityOf). */
  entities: DesignEntitiesByKind;
  initialState: InitialState;
}

/** An empty initial world. */
export function emptyInitialState(): InitialState {
  return { has: { object: {}, offer: {} } };
}

/**
 * Brings a stored spec of any earlier schema version up to the current one.
 * Specs are written only by publishing and playtests (from entities their
 * kinds' schemas gave), so this is the one place a stored spec becomes typed.
 */
export function migrateGameSpec(stored: unknown): GameSpec {
  const version =
    typeof stored === 'object' &&
    stored !== null &&
    'schemaVersion' in stored &&
    typeof stored.schemaVersion === 'number'
      ? stored.schemaVersion
      : 1;
  if (version > GAME_SPEC_SCHEMA_VERSION) {
    throw new Error(`Game spec schema version ${version} is newer than this Loci (${GAME_SPEC_SCHEMA_VERSION})`);
  }
  // Version 1 is the first shape: nothing to migrate yet.
  return stored as GameSpec;
}
