// Shared by the service worker (src/sw.ts) and the page that fills its caches before a game (prepare-offline.ts).

/** The service worker's runtime caches. */
export const OFFLINE_CACHES = {
  pages: 'loci-pages',
  data: 'loci-play-data',
  media: 'loci-media',
  tiles: 'loci-tiles',
} as const;

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
