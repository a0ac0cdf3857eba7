import { distanceMetres, type LatLng } from '../geo.js';
import { gaussian } from './random.js';

/** The walking pace of a simulated player, in metres per second. */
export const WALKING_SPEED = 1.4;

const METRES_PER_DEGREE = 111_195;

/** The length of a route in metres. */
export function routeLength(points: readonly LatLng[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) total += distanceMetres(points[i - 1]!, points[i]!);
  return total;
}

/** The point `metres` along the route (its start before it, its end past it), interpolated on each leg. */
export function pointAlong(points: readonly LatLng[], metres: number): LatLng {
  const first = points[0];
  if (!first) throw new Error('A route needs at least one point');
  let left = Math.max(0, metres);
  for (let i = 1; i < points.length; i += 1) {
    const from = points[i - 1]!;
    const to = points[i]!;
    const leg = distanceMetres(from, to);
    if (left <= leg) {
      const f = leg === 0 ? 0 : left / leg;
      return {
        latitude: from.latitude + (to.latitude - from.latitude) * f,
        longitude: from.longitude + (to.longitude - from.longitude) * f,
      };
    }
    left -= leg;
  }
  return points[points.length - 1]!;
}

/** One position of a walk: when (ms after its start) and where. */
export interface RouteSample {
  atMs: number;
  point: LatLng;
}

/**
 * The positions of a walk along the route at `speed` m/s, one every
 * `intervalMs` (the last exactly at the route's end).
 */
export function walkRoute(points: readonly LatLng[], speed = WALKING_SPEED, intervalMs = 1000): RouteSample[] {
  if (!(speed > 0) || !(intervalMs > 0)) throw new Error('speed and interval must be positive');
  const length = routeLength(points);
  const durationMs = (length / speed) * 1000;
  const samples: RouteSample[] = [];
  for (let atMs = 0; atMs < durationMs; atMs += intervalMs) {
    samples.push({ atMs, point: pointAlong(points, (atMs / 1000) * speed) });
  }
  samples.push({ atMs: Math.ceil(durationMs), point: pointAlong(points, length) });
  return samples;
}

/** GPS noise: the accuracy the fixes report (metres) and the deviation of their random error (metres). */
export interface GpsNoise {
  accuracy: number;
  jitter: number;
}

/** A GPS fix: the position as measured (the true one moved by the jitter) and its reported accuracy. */
export interface Fix extends LatLng {
  accuracy?: number;
}

/** The fix a device would report at `point`: moved by a normal error of `jitter` metres each way, with the accuracy. */
export function noisyFix(point: LatLng, noise: GpsNoise | null, random: () => number): Fix {
  if (!noise) return { ...point };
  const north = noise.jitter > 0 ? gaussian(random) * noise.jitter : 0;
  const east = noise.jitter > 0 ? gaussian(random) * noise.jitter : 0;
  return {
    latitude: point.latitude + north / METRES_PER_DEGREE,
    longitude: point.longitude + east / (METRES_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180)),
    ...(noise.accuracy > 0 ? { accuracy: noise.accuracy } : {}),
  };
}

/** The points in nearest-neighbour order from `start` (each next one the closest not yet visited). */
export function nearestNeighbourOrder<T extends LatLng>(start: LatLng, points: readonly T[]): T[] {
  const left = [...points];
  const order: T[] = [];
  let here = start;
  while (left.length > 0) {
    let best = 0;
    for (let i = 1; i < left.length; i += 1) {
      if (distanceMetres(here, left[i]!) < distanceMetres(here, left[best]!)) best = i;
    }
    const [next] = left.splice(best, 1);
    order.push(next!);
    here = next!;
  }
  return order;
}
