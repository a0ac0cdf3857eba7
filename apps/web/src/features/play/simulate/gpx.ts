import { gpx } from '@tmcw/togeojson';
import type { LatLng } from '@loci/engine';

/** Why a GPX file gave no route. */
export class GpxError extends Error {}

/**
 * The points of the first track or route of a GPX file, in order (a track's
 * segments one after the other); the file is parsed with @tmcw/togeojson.
 */
export function parseGpx(text: string): LatLng[] {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new GpxError('not XML');
  for (const feature of gpx(doc).features) {
    const geometry = feature.geometry;
    const lines =
      geometry?.type === 'LineString'
        ? [geometry.coordinates]
        : geometry?.type === 'MultiLineString'
          ? geometry.coordinates
          : [];
    const points = lines.flat().map(([longitude, latitude]) => ({ latitude: latitude!, longitude: longitude! }));
    if (points.length >= 2) return points;
  }
  throw new GpxError('no track');
}
