import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayAnswer, GameAnswer } from '../../../api/play';
import { OFFLINE_CACHES } from './cache-names';
import { clearPlayData, PASSCODE_STORAGE_PREFIX } from './clear-play-data';
import { idbQueueStore, loadSnapshot, saveSnapshot } from './idb-store';

/** jsdom has no CacheStorage: the names of the caches the page opened, as the browser keeps them. */
function cacheStorage(names: string[]) {
  const kept = new Set(names);
  return {
    kept,
    delete: vi.fn(async (name: string) => kept.delete(name)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('signing out clears what the player left on the device', () => {
  it('empties the offline queue and the saved states, the runtime caches and the typed passcodes; keeps the app', async () => {
    await idbQueueStore.add({ instanceId: 'i1', clientEventId: 'c1', event: { type: 'code', code: 'x' }, queuedAt: 1 });
    await saveSnapshot({
      gameId: 'g1',
      instanceId: 'i1',
      answer: {} as PlayAnswer,
      game: {} as GameAnswer,
      savedAt: 1,
    });
    sessionStorage.setItem(`${PASSCODE_STORAGE_PREFIX}g1`, 'secret');
    sessionStorage.setItem('somethingElse', 'kept');
    const precache = 'workbox-precache-v2-http://localhost/';
    const storage = cacheStorage([...Object.values(OFFLINE_CACHES), precache]);
    vi.stubGlobal('caches', storage);

    await clearPlayData();

    expect(await idbQueueStore.list('i1')).toEqual([]);
    expect(await loadSnapshot('g1')).toBeUndefined();
    expect([...storage.kept]).toEqual([precache]);
    expect(sessionStorage.getItem(`${PASSCODE_STORAGE_PREFIX}g1`)).toBeNull();
    expect(sessionStorage.getItem('somethingElse')).toBe('kept');
  });

  it('works in a browser without CacheStorage', async () => {
    await saveSnapshot({
      gameId: 'g2',
      instanceId: 'i2',
      answer: {} as PlayAnswer,
      game: {} as GameAnswer,
      savedAt: 1,
    });
    await clearPlayData();
    expect(await loadSnapshot('g2')).toBeUndefined();
  });
});
