import { DEFAULT_OBJECT_RADIUS, type Archetype, type Offer, type Proximity } from '@loci/domain';
// The engine's geometry alone: its index would bring the whole engine and the domain's schemas to the player's first load.
import { distanceMetres, isInActivityRange } from '@loci/engine/geo';
import type { LatLng } from './geolocation';

/**
 * Where a world object or offer is from the player's dot, by the engine's
 * own rule (isInActivityRange, the definition's radius, 50 m by default): the
 * sheet says "in range" exactly when the engine lets the player contact,
 * act on or pick it from there. Range does not matter on image games and for
 * things that are not trackable (always in range, as in the engine).
 */
export function proximityFrom(
  position: LatLng | null,
  thing: { location: { latitude: number; longitude: number } | null },
  definition: Pick<Archetype | Offer, 'radius' | 'trackable'> | undefined,
  mapGame: boolean,
): Proximity {
  const distance =
    position && thing.location
      ? distanceMetres({ latitude: position.lat, longitude: position.lng }, thing.location)
      : null;
  if (!mapGame || definition?.trackable === false) return { inRange: true, distance };
  return { inRange: isInActivityRange(distance, definition?.radius ?? DEFAULT_OBJECT_RADIUS), distance };
}

/** Compass bearing in degrees (0 = north, clockwise) from `from` to `to`. */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const rad = Math.PI / 180;
  const lat1 = from.lat * rad;
  const lat2 = to.lat * rad;
  const dLng = (to.lng - from.lng) * rad;
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (Math.atan2(y, x) / rad + 360) % 360;
}

const COMPASS_POINTS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
export type CompassPoint = (typeof COMPASS_POINTS)[number];

/** The nearest of the eight compass points of a bearing. */
export function compassPoint(bearing: number): CompassPoint {
  return COMPASS_POINTS[Math.round((((bearing % 360) + 360) % 360) / 45) % 8]!;
}

/** Whether a fix is accurate enough to move the player (the engine's gate): no accuracy known counts as good enough. */
export function trustedFix(position: LatLng | null, maxAccuracy = 50): position is LatLng {
  return position !== null && (position.accuracy === undefined || position.accuracy <= maxAccuracy);
}
