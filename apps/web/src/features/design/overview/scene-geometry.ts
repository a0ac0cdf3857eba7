import type { DesignEntity } from '@loci/domain';

/** Where an entity sits on the map: lat, lng and radius (metres), from its flat fields or its `place`. */
export interface Spot {
  lat: number;
  lng: number;
  radius: number;
}

function finite(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** A scene's or location's spot, or null when it has no position. */
export function spotOf(entity: DesignEntity): Spot | null {
  const place = entity.place as
    { center?: { latitude?: unknown; longitude?: unknown } | null; radius?: unknown } | undefined;
  const lat = finite(entity.lat) ?? finite(place?.center?.latitude);
  const lng = finite(entity.lng) ?? finite(place?.center?.longitude);
  if (lat === null || lng === null) return null;
  return { lat, lng, radius: finite(entity.radius) ?? finite(place?.radius) ?? 0 };
}
