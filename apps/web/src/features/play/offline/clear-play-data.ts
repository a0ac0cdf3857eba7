import { clearPlayerDb } from './idb-store';
import { OFFLINE_CACHES } from './cache-names';

/** sessionStorage keys of the passcodes the player typed, per game (usePlaySession). */
export const PASSCODE_STORAGE_PREFIX = 'lociPlayPasscode:';

/**
 * Everything the player left on the device, gone: on a shared phone the next person sees nothing of the
 * previous player. The offline queue and the last states (IndexedDB), the service worker's runtime caches
 * (the player's answers from /api, the game's media, its map tiles, the pages), and the passcodes typed.
 * The app's own files (the precache) stay: they are the same for everyone. Events still queued offline are
 * dropped with the rest — they were never acknowledged.
 */
export async function clearPlayData(): Promise<void> {
  for (let i = sessionStorage.length - 1; i >= 0; i--) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(PASSCODE_STORAGE_PREFIX)) sessionStorage.removeItem(key);
  }
  await Promise.all([
    clearPlayerDb(),
    typeof caches === 'undefined'
      ? undefined
      : Promise.all(Object.values(OFFLINE_CACHES).map((name) => caches.delete(name))),
  ]);
}
