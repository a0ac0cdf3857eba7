import type { GameSpec, WorldEntry } from '@loci/domain';
import { compileSpec } from './compile.js';
import { EngineError } from './errors.js';
import {
  INSTANCE_STATE_VERSION,
  type InstanceState,
  type ObjectInstance,
  type OfferInstance,
  type PlayerState,
  type WorldState,
} from './types.js';

/** A new instance of `spec`: the initial world (objects, offers, enabled scenes), no players yet. */
export function createInstanceState(spec: GameSpec, options: { multiplayer?: boolean } = {}): InstanceState {
  const c = compileSpec(spec);
  const objects: Record<string, ObjectInstance> = {};
  const offers: Record<string, OfferInstance> = {};
  const has = spec.initialState?.has ?? { object: {}, offer: {} };

  for (const [sceneId, entries] of Object.entries(has.object ?? {})) {
    for (const [key, entry] of Object.entries(entries ?? {})) {
      const id = entry.id || key;
      const archetypeId = entry.archetypeId ?? '';
      objects[id] = {
        id,
        name: entry.name ?? id,
        type: 'object',
        archetypeId,
        sceneId: entry.sceneId || sceneId,
        payload: { ...(entry.payload ?? {}) },
        location: entry.location ? { latitude: entry.location.latitude, longitude: entry.location.longitude } : null,
        // Placed by the designer: approved unless the initial state says otherwise.
        approved: entry.approved ?? true,
        owner: null,
        createdBy: null,
        createdWhen: null,
        home: null,
      };
    }
  }
  for (const [sceneId, entries] of Object.entries(has.offer ?? {})) {
    for (const [key, entry] of Object.entries(entries ?? {})) {
      const id = entry.id || key;
      const offerId = entry.offerId ?? '';
      const placed = (entry as WorldEntry & { quantity?: unknown }).quantity;
      const quantity =
        typeof placed === 'number' && Number.isFinite(placed) ? placed : (c.offers.get(offerId)?.quantity ?? null);
      offers[id] = {
        id,
        name: entry.name ?? id,
        type: 'offer',
        offerId,
        sceneId: entry.sceneId || sceneId,
        payload: { ...(entry.payload ?? {}) },
        location: entry.location ? { latitude: entry.location.latitude, longitude: entry.location.longitude } : null,
        quantity: quantity === null ? null : Math.max(0, Math.floor(quantity)),
      };
    }
  }

  const world: WorldState = {
    status: 'active',
    statusWhen: null,
    items: {},
    attributes: {},
    objects,
    offers,
    scenes: Object.fromEntries(c.sceneList.map((scene) => [scene.id, scene.enabled])),
    background: null,
    revision: 0,
  };
  return {
    version: INSTANCE_STATE_VERSION,
    gameId: c.gameId,
    multiplayer: options.multiplayer ?? Boolean(spec.game?.multiplayer),
    world,
    players: {},
  };
}

/** A player who has joined but not started (the `start` event starts them). */
export function newPlayerState(
  player: { id: string; name?: string },
  when: string,
  worldRevision: number,
): PlayerState {
  return {
    id: player.id,
    name: player.name ?? '',
    status: 'playing',
    statusWhen: when,
    joinedWhen: when,
    startedWhen: null,
    finished: null,
    currentSceneId: null,
    location: null,
    visitedScenes: {},
    exitedScenes: {},
    sceneCircles: {},
    visitedLocations: {},
    insideLocations: {},
    inRange: {},
    items: {},
    attributes: {},
    attributedWhen: {},
    objects: {},
    offers: {},
    infos: {},
    questions: {},
    quizzes: {},
    confirmations: {},
    conversations: {},
    missions: {},
    milestones: {},
    firedRules: {},
    triggers: [],
    codes: {},
    created: {},
    picked: {},
    dropped: {},
    destroyed: {},
    pending: [],
    worldRevision,
    seq: 0,
  };
}

/**
 * Adds `player` to the instance (idempotent for a player already there).
 * A single-player instance holds one player: adding a second is a programmer error.
 */
export function joinPlayer(
  _spec: GameSpec,
  state: InstanceState,
  player: { id: string; name?: string },
  now: Date,
): InstanceState {
  if (!player || typeof player.id !== 'string' || player.id === '')
    throw new EngineError('joinPlayer needs a player id');
  if (state.players[player.id]) return state;
  if (!state.multiplayer && Object.keys(state.players).length > 0) {
    throw new EngineError('A single-player instance already has its player');
  }
  const when = isoOf(now);
  return {
    ...state,
    players: { ...state.players, [player.id]: newPlayerState(player, when, state.world.revision) },
  };
}

/** The ISO text of a valid Date (an invalid clock is a programmer error). */
export function isoOf(now: Date): string {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new EngineError('now must be a valid Date');
  return now.toISOString();
}

/** Brings a stored instance state of any earlier shape version up to the current one. */
export function migrateInstanceState(stored: { version?: number } & Record<string, unknown>): InstanceState {
  const version = stored.version ?? INSTANCE_STATE_VERSION;
  if (version > INSTANCE_STATE_VERSION) {
    throw new EngineError(`Instance state version ${version} is newer than this engine (${INSTANCE_STATE_VERSION})`);
  }
  // Version 1 is the first shape: nothing to migrate yet. The stored JSON is the engine's own state, written by
  // it (not input from outside), so it is read as it was written.
  return stored as unknown as InstanceState;
}

/** World objects and offers grouped by scene id, as the initial state and the console list them (spec 3 §3). */
export function worldEntriesByScene(world: WorldState): {
  object: Record<string, Record<string, ObjectInstance>>;
  offer: Record<string, Record<string, OfferInstance>>;
} {
  const object: Record<string, Record<string, ObjectInstance>> = {};
  const offer: Record<string, Record<string, OfferInstance>> = {};
  for (const entry of Object.values(world.objects)) (object[entry.sceneId] ??= {})[entry.id] = entry;
  for (const entry of Object.values(world.offers)) (offer[entry.sceneId] ??= {})[entry.id] = entry;
  return { object, offer };
}
