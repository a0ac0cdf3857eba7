import { DEVICE_HEADER } from '@loci/domain';
import { API_BASE, apiHeaders } from '../../../api/client';
import { deviceId, mediaFileUrl, type GameAnswer } from '../../../api/play';
import { OFFLINE_CACHES } from './cache-names';

/** At most this many map tiles are kept for one game (about 15–25 kB each). */
export const MAX_TILES = 400;
/** Tiles from this zoom (the city) up to the map's closest zoom, as many levels as MAX_TILES allows. */
export const TILE_ZOOMS = { min: 12, max: 18 } as const;

export interface Area {
  lat: number;
  lng: number;
  /** Metres. */
  radius: number;
}

const tileX = (lng: number, zoom: number) => Math.floor(((lng + 180) / 360) * 2 ** zoom);
const tileY = (lat: number, zoom: number) => {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** zoom);
};

/**
 * The tiles that cover `area` (its bounding square), zoom by zoom from TILE_ZOOMS.min up, stopping before the
 * level that would pass `max` tiles in all: the whole area at every kept zoom, the closest zooms dropped first.
 */
export function tileUrlsFor(area: Area, template: string, max = MAX_TILES): string[] {
  const dLat = area.radius / 111_320;
  const dLng = area.radius / (111_320 * Math.cos((area.lat * Math.PI) / 180));
  const urls: string[] = [];
  for (let zoom = TILE_ZOOMS.min; zoom <= TILE_ZOOMS.max; zoom++) {
    const [x0, x1] = [tileX(area.lng - dLng, zoom), tileX(area.lng + dLng, zoom)];
    const [y0, y1] = [tileY(area.lat + dLat, zoom), tileY(area.lat - dLat, zoom)];
    if (urls.length + (x1 - x0 + 1) * (y1 - y0 + 1) > max) break;
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++)
        urls.push(
          template
            .replace('{s}', 'abc'[(x + y) % 3]!)
            .replace('{z}', String(zoom))
            .replace('{x}', String(x))
            .replace('{y}', String(y))
            .replace('{r}', ''),
        );
  }
  return urls;
}

/** Every medium the game's spec and settings name (logos, icons, images, backgrounds). */
export function mediaIdsOf(data: unknown): string[] {
  const ids = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object')
      for (const [key, child] of Object.entries(value)) {
        if (/^(mediaId|logoId|bgImageId)$/.test(key) && typeof child === 'string' && child) ids.add(child);
        else visit(child);
      }
  };
  visit(data);
  return [...ids];
}

export interface OfflineReady {
  /** Bytes kept on the device for this game (answers, media, tiles whose size the browser tells). */
  bytes: number;
  tiles: number;
  media: number;
}

async function keep(cacheName: string, url: string, init: RequestInit = {}): Promise<number> {
  const response = await fetch(url, init);
  if (!response.ok && response.type !== 'opaque') throw new Error(`${url}: ${response.status}`);
  const size = response.type === 'opaque' ? 0 : (await response.clone().blob()).size;
  await (await caches.open(cacheName)).put(url, response);
  return size;
}

/**
 * Fills the service worker's caches with what the game needs without network: the player's answers
 * (lobby, instance, game), the tile host's address, every medium of the spec, and the map tiles of the
 * game's area. What fails is left out (the game plays on; those parts need the network).
 */
export async function prepareOffline(options: {
  gameId: string;
  instanceId: string;
  game: GameAnswer;
  area: Area | null;
  tileUrl: string;
}): Promise<OfflineReady> {
  const headers: Record<string, string> = { Accept: 'application/json', [DEVICE_HEADER]: deviceId(), ...apiHeaders() };
  const enc = encodeURIComponent;
  const answers = [
    `${API_BASE}/client-config`,
    `${API_BASE}/play/games/${enc(options.gameId)}`,
    `${API_BASE}/play/instances/${enc(options.instanceId)}`,
    `${API_BASE}/play/instances/${enc(options.instanceId)}/game`,
  ];
  const media = mediaIdsOf(options.game).map(mediaFileUrl);
  const tiles = options.area ? tileUrlsFor(options.area, options.tileUrl) : [];
  const sizes = await Promise.all([
    ...answers.map((url) => keep(OFFLINE_CACHES.data, url, { headers }).catch(() => 0)),
    ...media.map((url) => keep(OFFLINE_CACHES.media, url).catch(() => 0)),
    ...tiles.map((url) =>
      // Tile hosts that send CORS headers give a readable answer (its size counts); others an opaque one.
      keep(OFFLINE_CACHES.tiles, url, { mode: 'cors' })
        .catch(() => keep(OFFLINE_CACHES.tiles, url, { mode: 'no-cors' }))
        .catch(() => 0),
    ),
  ]);
  return { bytes: sizes.reduce((sum, size) => sum + size, 0), tiles: tiles.length, media: media.length };
}
