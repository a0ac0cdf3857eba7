/** A point on the earth in decimal degrees. */
export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Mean earth radius in metres (IUGG), the one the haversine formula uses. */
export const EARTH_RADIUS_METRES = 6_371_008.8;

const RADIANS = Math.PI / 180;

/** Great-circle distance in metres between two points (haversine formula). */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const lat1 = a.latitude * RADIANS;
  const lat2 = b.latitude * RADIANS;
  const dLat = lat2 - lat1;
  const dLng = (b.longitude - a.longitude) * RADIANS;
  const sinLat = Math.sin(dLat / 2);
  const sinLng = Math.sin(dLng / 2);
  const h = sinLat * sinLat + Math.cos(lat1) * Math.cos(lat2) * sinLng * sinLng;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A circle prepared for many membership tests: the centre in radians and its
 * cosine are computed once, so a test costs one cosine less than distanceMetres.
 */
export interface Geofence {
  latitude: number;
  longitude: number;
  radius: number;
  /** Centre latitude in radians. */
  lat: number;
  /** Centre longitude in radians. */
  lng: number;
  cosLat: number;
}

/** Prepares a circle of `radius` metres around `center`. */
export function geofence(center: LatLng, radius: number): Geofence {
  const lat = center.latitude * RADIANS;
  return {
    latitude: center.latitude,
    longitude: center.longitude,
    radius,
    lat,
    lng: center.longitude * RADIANS,
    cosLat: Math.cos(lat),
  };
}

/** A point prepared for tests against many geofences. */
export interface PreparedPoint {
  lat: number;
  lng: number;
  cosLat: number;
}

/** Prepares `point` for `distanceToFence`. */
export function preparePoint(point: LatLng): PreparedPoint {
  const lat = point.latitude * RADIANS;
  return { lat, lng: point.longitude * RADIANS, cosLat: Math.cos(lat) };
}

/** Great-circle distance in metres from a prepared point to a geofence's centre. */
export function distanceToFence(point: PreparedPoint, fence: Geofence): number {
  const sinLat = Math.sin((fence.lat - point.lat) / 2);
  const sinLng = Math.sin((fence.lng - point.lng) / 2);
  const h = sinLat * sinLat + point.cosLat * fence.cosLat * sinLng * sinLng;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** True when `point` lies inside the geofence (on the border counts as inside). */
export function isInside(point: PreparedPoint, fence: Geofence): boolean {
  // The great-circle distance is at least the north-south one: most fences are ruled out without trigonometry.
  if (Math.abs(fence.lat - point.lat) * EARTH_RADIUS_METRES > fence.radius) return false;
  return distanceToFence(point, fence) <= fence.radius;
}

/**
 * The range rule of objects and offers (their activity range): a known
 * distance of at most `radius` metres. The engine decides contact, act and
 * pick with it; the player's app shows "in range" with it, so both agree.
 */
export function isInActivityRange(distance: number | null, radius: number): boolean {
  return distance !== null && distance <= radius;
}

/** True when `point` lies within `extra` metres beyond the geofence's border (a leaving player's hysteresis). */
export function isWithin(point: PreparedPoint, fence: Geofence, extra: number): boolean {
  const reach = fence.radius + extra;
  if (Math.abs(fence.lat - point.lat) * EARTH_RADIUS_METRES > reach) return false;
  return distanceToFence(point, fence) <= reach;
}

/**
 * The least margin beyond a geofence's radius a player inside must cross to
 * leave it: GPS fixes wander by about their accuracy, so leaving needs
 * radius + max(accuracy, MIN_EXIT_MARGIN_METRES).
 */
export const MIN_EXIT_MARGIN_METRES = 10;

/** How far beyond the radius a player inside must be to leave: max(accuracy, 10 m). */
export function exitMargin(accuracy: number | undefined): number {
  return Math.max(accuracy ?? 0, MIN_EXIT_MARGIN_METRES);
}

/** True for a latitude/longitude pair of finite numbers within range. */
export function isValidLatLng(latitude: unknown, longitude: unknown): boolean {
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    latitude >= -90 &&
    latitude <= 90 &&
    longitude >= -180 &&
    longitude <= 180
  );
}
