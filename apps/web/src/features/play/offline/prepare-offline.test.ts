import { describe, expect, it } from 'vitest';
import { isPlayerData, isTile } from './cache-names';
import { MAX_TILES, mediaIdsOf, TILE_ZOOMS, tileUrlsFor } from './prepare-offline';

const ATHENS = { lat: 37.9715, lng: 23.7257 };
const zoomOf = (url: string) => Number(new URL(url).pathname.split('/')[1]);

describe('tileUrlsFor', () => {
  it('covers a small area at every zoom up to the closest, a large one only as deep as the bound allows', () => {
    const small = tileUrlsFor({ ...ATHENS, radius: 300 }, 'https://tiles.example.org/{z}/{x}/{y}.png');
    expect(new Set(small.map(zoomOf))).toEqual(new Set([12, 13, 14, 15, 16, 17, 18]));
    expect(small.length).toBeLessThanOrEqual(MAX_TILES);

    const city = tileUrlsFor({ ...ATHENS, radius: 5000 }, 'https://tiles.example.org/{z}/{x}/{y}.png');
    expect(city.length).toBeLessThanOrEqual(MAX_TILES);
    expect(Math.min(...city.map(zoomOf))).toBe(TILE_ZOOMS.min);
    expect(Math.max(...city.map(zoomOf))).toBeLessThan(TILE_ZOOMS.max);
    // The tile under the centre is there at the first zoom (Athens at z12: x 2317, y 1580).
    expect(city).toContain('https://tiles.example.org/12/2317/1580.png');
  });

  it('fills a {s} subdomain and drops {r}', () => {
    const [url] = tileUrlsFor({ ...ATHENS, radius: 10 }, 'https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png');
    expect(url).toMatch(/^https:\/\/[abc]\.tiles\.example\.org\/12\/\d+\/\d+\.png$/);
  });
});

describe('what is kept for a game', () => {
  it('finds every medium the game and its spec name, once each', () => {
    const game = {
      game: { logoId: 'logo' },
      spec: {
        entities: { item: [{ logoId: 'coin' }, { logoId: 'coin' }], scene: [{ bgImageId: 'bg', mediaId: null }] },
      },
    };
    expect(mediaIdsOf(game).sort()).toEqual(['bg', 'coin', 'logo']);
  });

  it("caches the player's own answers and other origins' tiles, nothing of the console", () => {
    const url = (path: string) => new URL(path, 'https://loci.example.org');
    expect(isPlayerData(url('/api/play/games/g1'))).toBe(true);
    expect(isPlayerData(url('/api/play/instances/i1'))).toBe(true);
    expect(isPlayerData(url('/api/play/instances/i1/game'))).toBe(true);
    expect(isPlayerData(url('/api/client-config'))).toBe(true);
    expect(isPlayerData(url('/api/play/instances/i1/events'))).toBe(false);
    expect(isPlayerData(url('/api/design/g1/workspace'))).toBe(false);
    expect(isPlayerData(url('/api/operations/games'))).toBe(false);
    expect(isTile(new URL('https://tile.openstreetmap.org/16/37/25.png'), 'https://loci.example.org')).toBe(true);
    expect(isTile(url('/api/design/medias/thumb/1/2/3.png'), 'https://loci.example.org')).toBe(false);
  });
});
