/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ASSETS_CACHE, OFFLINE_CACHES, isBuildAsset, isPlayerData, isTile } from './features/play/offline/cache-names';

// Loci's service worker (built by vite-plugin-pwa's injectManifest; served as /fe/sw.js, revalidated on each visit).
// - The player's page and the console's first load are precached: a warm start needs no network, and the player
//   opens offline. The console's other chunks are cached as they are used (a hashed name never changes meaning),
//   which also keeps an open page's chunks of the previous build after a deploy.
// - Pages: network first, so the console never runs an old index.html while the server has a new one;
//   without network, the precached shell: play.html for a play link (/fe/play/…, /fe/gameplay/…), else index.html.
// - /api: the network only — except the player's game data (lobby, instance, game), network first with the
//   last answer as the offline fallback, and media and map tiles, cache first (a medium's id never changes
//   meaning; tiles change rarely). The console's calls (design, operations, analytics…) are never cached.
declare let self: ServiceWorkerGlobalScope;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const INDEX_HTML = '/fe/index.html';
/** The web player's page (the server answers it for the same paths). */
const PLAY_HTML = '/fe/play.html';
const isPlayerPath = (pathname: string) => /^\/fe\/(play|gameplay)\//.test(pathname);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/fe/'),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.pages,
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 50 })],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && isBuildAsset(url, self.location.origin),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && isPlayerData(url),
  new NetworkFirst({
    cacheName: OFFLINE_CACHES.data,
    networkTimeoutSeconds: 6,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && url.pathname.startsWith('/api/design/medias/'),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.media,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 500, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.method === 'GET' && isTile(url, self.location.origin),
  new CacheFirst({
    cacheName: OFFLINE_CACHES.tiles,
    plugins: [
      // Leaflet's <img> tiles are no-cors requests: their answers are opaque (status 0).
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// A page the network could not give and no cache had: the app's shell, which routes it itself — the player's
// (play.html) for a play link, the console's (index.html) for any other page.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') {
    const shell = isPlayerPath(new URL(request.url).pathname) ? PLAY_HTML : INDEX_HTML;
    return (await matchPrecache(shell)) ?? Response.error();
  }
  return Response.error();
});
