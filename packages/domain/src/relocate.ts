import { z } from 'zod';
import type { DesignKind } from './design/registry.js';
import type { InitialState, WorldEntry } from './design/spec.js';

/**
 * Moving a whole game to another place (issue 17): every coordinate of the
 * game is carried by an azimuthal equidistant mapping about the old centre —
 * each point keeps its great-circle distance and bearing from the centre
 * (the bearing turned by `rotation`) — so distances and bearings between the
 * places of a game (a few kilometres) are kept to far better than 0.1 %,
 * wherever on earth it goes (away from the poles).
 */

/** A point in decimal degrees, as the game's settings and scenes store it. */
export interface LatLngPoint {
  lat: number;
  lng: number;
}

/** Where a game goes: its centre `from` moves to `to`, turned `rotation` degrees clockwise about it. */
export interface Relocation {
  from: LatLngPoint;
  to: LatLngPoint;
  /** Degrees clockwise; 0 keeps the bearings. */
  rotation?: number;
}

/** The relocation options a clone, an import or the relocate action take: the new centre and a rotation. */
export const relocationRequestSchema = z.object({
  lat: z.number().min(-85, { error: 'Must be between -85 and 85' }).max(85, { error: 'Must be between -85 and 85' }),
  lng: z
    .number()
    .min(-180, { error: 'Must be between -180 and 180' })
    .max(180, { error: 'Must be between -180 and 180' }),
  rotation: z.number().min(-360).max(360).default(0),
});
export type RelocationRequest = z.infer<typeof relocationRequestSchema>;

const EARTH_RADIUS_METRES = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** Great-circle distance in metres between two points (haversine). */
export function distanceBetween(a: LatLngPoint, b: LatLngPoint): number {
  const lat1 = a.lat * RADIANS;
  const lat2 = b.lat * RADIANS;
  const sinLat = Math.sin((lat2 - lat1) / 2);
  const sinLng = Math.sin(((b.lng - a.lng) * RADIANS) / 2);
  const h = sinLat * sinLat + Math.cos(lat1) * Math.cos(lat2) * sinLng * sinLng;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial great-circle bearing from `a` to `b`, in radians clockwise from north. */
function bearing(a: LatLngPoint, b: LatLngPoint): number {
  const lat1 = a.lat * RADIANS;
  const lat2 = b.lat * RADIANS;
  const dLng = (b.lng - a.lng) * RADIANS;
  return Math.atan2(
    Math.sin(dLng) * Math.cos(lat2),
    Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng),
  );
}

/** The point `distance` metres from `start` along the initial bearing `angle` (radians). */
function destination(start: LatLngPoint, distance: number, angle: number): LatLngPoint {
  const delta = distance / EARTH_RADIUS_METRES;
  const lat1 = start.lat * RADIANS;
  const lng1 = start.lng * RADIANS;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(delta) + Math.cos(lat1) * Math.sin(delta) * Math.cos(angle));
  const lng2 =
    lng1 +
    Math.atan2(Math.sin(angle) * Math.sin(delta) * Math.cos(lat1), Math.cos(delta) - Math.sin(lat1) * Math.sin(lat2));
  // Normalised to [-180, 180) so a game moved across the antimeridian stays valid.
  const lng = ((((lng2 / RADIANS + 540) % 360) + 360) % 360) - 180;
  return { lat: lat2 / RADIANS, lng };
}

/** Where `point` goes under `relocation`: same distance from the centre, bearing turned by the rotation. */
export function relocatePoint(point: LatLngPoint, relocation: Relocation): LatLngPoint {
  const distance = distanceBetween(relocation.from, point);
  if (distance === 0) return { ...relocation.to };
  const angle = bearing(relocation.from, point) + (relocation.rotation ?? 0) * RADIANS;
  return destination(relocation.to, distance, angle);
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** `lat`/`lng` of a record moved, when both are numbers; the record itself otherwise. */
function relocateFlat<T extends Record<string, unknown>>(record: T, relocation: Relocation): T {
  if (!isNumber(record.lat) || !isNumber(record.lng)) return record;
  const moved = relocatePoint({ lat: record.lat, lng: record.lng }, relocation);
  return { ...record, lat: moved.lat, lng: moved.lng };
}

/** `{ latitude, longitude }` moved, when both are numbers. */
function relocateLatitudeLongitude<T>(value: T, relocation: Relocation): T {
  if (!value || typeof value !== 'object') return value;
  const point = value as Record<string, unknown>;
  if (!isNumber(point.latitude) || !isNumber(point.longitude)) return value;
  const moved = relocatePoint({ lat: point.latitude, lng: point.longitude }, relocation);
  return { ...point, latitude: moved.lat, longitude: moved.lng } as T;
}

/**
 * A design entity's stored body moved: a scene's centre (`lat`/`lng` and
 * `place.center`) and a location's `lat`/`lng`. The other kinds carry no
 * coordinates and come back unchanged.
 */
export function relocateEntityBody<T extends Record<string, unknown>>(
  kind: DesignKind,
  body: T,
  relocation: Relocation,
): T {
  if (kind === 'location') return relocateFlat(body, relocation);
  if (kind !== 'scene') return body;
  const moved: Record<string, unknown> = relocateFlat(body, relocation);
  const place = body.place as Record<string, unknown> | null | undefined;
  if (place && typeof place === 'object') {
    moved.place = { ...place, center: relocateLatitudeLongitude(place.center, relocation) };
  }
  return moved as T;
}

/** A world entry (object or offer) moved: its `location`, and `lat`/`lng` when a form left them. */
export function relocateWorldEntry<T extends Pick<WorldEntry, 'location'>>(entry: T, relocation: Relocation): T {
  const moved = relocateFlat(entry as T & Record<string, unknown>, relocation);
  return { ...moved, location: relocateLatitudeLongitude(entry.location, relocation) };
}

/** Every object and offer of an initial world moved. */
export function relocateInitialState(state: InitialState, relocation: Relocation): InitialState {
  const moveAll = (byScene: Record<string, Record<string, WorldEntry>>) =>
    Object.fromEntries(
      Object.entries(byScene).map(([sceneId, entries]) => [
        sceneId,
        Object.fromEntries(Object.entries(entries).map(([id, entry]) => [id, relocateWorldEntry(entry, relocation)])),
      ]),
    );
  return { ...state, has: { ...state.has, object: moveAll(state.has.object), offer: moveAll(state.has.offer) } };
}

/** Game settings with their playground (`pg.place`) moved; the radius is kept. */
export function relocateSettings<T extends { pg: { place: { lat: number; lng: number; radius: number } } }>(
  settings: T,
  relocation: Relocation,
): T {
  return { ...settings, pg: { ...settings.pg, place: relocateFlat(settings.pg.place, relocation) } };
}

/** The relocation that moves a game whose playground is centred at `from` to `request`'s centre. */
export function relocationTo(from: LatLngPoint, request: RelocationRequest): Relocation {
  return { from, to: { lat: request.lat, lng: request.lng }, rotation: request.rotation };
}

/** A place of a game that lies outside the scene it belongs to (checked after a relocation). */
export interface OutsideScene {
  kind: 'location' | 'object' | 'offer';
  id: string;
  name: string;
  sceneId: string;
  /** How far outside the scene's circle, in metres. */
  metres: number;
}

interface SceneCircle {
  lat: number;
  lng: number;
  radius: number;
}

/**
 * The locations, objects and offers that lie outside their scene's circle.
 * A relocation keeps distances, so it never adds one; the list tells the
 * designer what was already outside before they apply it.
 */
export function findOutsideScenes(
  entities: ReadonlyArray<{ kind: DesignKind; id: string; name: string; body: Record<string, unknown> }>,
  initialState: InitialState,
): OutsideScene[] {
  const scenes = new Map<string, SceneCircle>();
  for (const entity of entities) {
    const { lat, lng, radius, universe } = entity.body;
    if (entity.kind === 'scene' && universe !== true && isNumber(lat) && isNumber(lng) && isNumber(radius)) {
      scenes.set(entity.id, { lat, lng, radius });
    }
  }
  const outside: OutsideScene[] = [];
  const check = (kind: OutsideScene['kind'], id: string, name: string, sceneId: unknown, point: LatLngPoint) => {
    const scene = typeof sceneId === 'string' ? scenes.get(sceneId) : undefined;
    if (!scene) return;
    const metres = distanceBetween(scene, point) - scene.radius;
    if (metres > 0.5) outside.push({ kind, id, name, sceneId: sceneId as string, metres: Math.round(metres) });
  };
  for (const entity of entities) {
    const { lat, lng, sceneId } = entity.body;
    if (entity.kind === 'location' && isNumber(lat) && isNumber(lng)) {
      check('location', entity.id, entity.name, sceneId, { lat, lng });
    }
  }
  for (const type of ['object', 'offer'] as const) {
    for (const entries of Object.values(initialState.has[type])) {
      for (const [id, entry] of Object.entries(entries)) {
        const location = entry.location;
        if (location && isNumber(location.latitude) && isNumber(location.longitude)) {
          check(type, id, entry.name, entry.sceneId, { lat: location.latitude, lng: location.longitude });
        }
      }
    }
  }
  return outside;
}

const pointSchema = z.object({ lat: z.number(), lng: z.number() });

/** The answer of POST /api/design/games/{id}/relocate: every place before and after, and what lies outside its scene. */
export const relocationOutcomeSchema = z.object({
  places: z.array(
    z.object({
      kind: z.enum(['playground', 'scene', 'location', 'object', 'offer']),
      id: z.string(),
      name: z.string(),
      before: pointSchema,
      after: pointSchema,
      radius: z.number().nullable(),
    }),
  ),
  outside: z.array(
    z.object({
      kind: z.enum(['location', 'object', 'offer']),
      id: z.string(),
      name: z.string(),
      sceneId: z.string(),
      metres: z.number(),
    }),
  ),
});
export type RelocationOutcome = z.infer<typeof relocationOutcomeSchema>;
/** One place of a game before and after a relocation, for the preview on the map. */
export type RelocatedPlace = RelocationOutcome['places'][number];
