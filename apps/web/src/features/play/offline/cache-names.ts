// Shared by the service worker (src/sw.ts) and the page that fills its caches before a game (prepare-offline.ts).

/** The service worker's runtime caches. */
export const OFFLINE_CACHES = {
  pages: 'loci-pages',
  data: 'loci-play-data',
  media: 'loci-media',
  tiles: 'loci-tiles',
} as const;

/**
 * The console's code chunks not precached (vite.config.ts `precached`), kept as they are used. Not play data:
 * signing out keeps them.
 */
export const ASSETS_CACHE = 'loci-assets';

/** A file of the build under /fe/assets/ (named by its content's hash: it never changes). */
export const isBuildAsset = (url: URL, ownOrigin: string): boolean =>
  url.origin === ownOrigin && url.pathname.startsWith('/fe/assets/');

/** The player's own game data: the lobby, the instance, the player-safe spec, and the tile host's address. */
export function isPlayerData(url: URL): boolean {
  return (
    url.pathname === '/api/client-config' ||
    /^\/api\/play\/games\/[^/]+$/.test(url.pathname) ||
    /^\/api\/play\/instances\/[^/]+(\/game)?$/.test(url.pathname)
  );
}

/** A map tile from another origin: an image under .../{z}/{x}/{y}.png (or jpg, webp, with @2x). */
export function isTile(url: URL, ownOrigin: string): boolean {
  return url.origin !== ownOrigin && /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/.test(url.pathname);
}
