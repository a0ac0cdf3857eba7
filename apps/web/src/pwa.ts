/**
 * Registers the service worker (src/sw.ts, built to /fe/sw.js) once the page has loaded, so that its precaching
 * never competes with the first load, and reloads a page left open across a deploy (`reloadOnStaleBuild`). Only in
 * a build: the dev server has no service worker and no hashed chunks.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  reloadOnStaleBuild();
  const register = () =>
    navigator.serviceWorker
      .register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL })
      .catch((error: unknown) => console.warn('The service worker did not register', error));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

const RELOADED_AT_KEY = 'lociReloadedForNewBuild';
/** A second failure this soon after the reload is not a deploy (the network, a broken build): show it instead. */
const RELOAD_AGAIN_AFTER_MS = 30_000;

/**
 * A page left open across a deploy still asks for the chunks of the build it came with (a page it has not opened
 * yet, the Greek texts, the player's dialogs); the server and the service worker, which takes over at once and
 * drops the old build's cache, have only the new build's. Vite reports such a failed lazy import as
 * `vite:preloadError`: the page then reloads into the new build — once; the player resumes where she was (her
 * state is the server's, her waiting moves are in IndexedDB). A failure again right after that reload is left to
 * the page's error screen, so a missing chunk can never make a reload loop.
 */
export function reloadOnStaleBuild(reload: () => void = () => window.location.reload()): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_AGAIN_AFTER_MS) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    console.info('Loci: a part of this page did not load; reloading into the current build', event.payload);
    event.preventDefault();
    reload();
  });
}
