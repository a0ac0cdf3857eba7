import { z } from 'zod';

// DEFAULT_TILE_URL and DEFAULT_TILE_ATTRIBUTION are in constants.ts: the player's map needs them without zod.

/** GET /api/client-config: what the browser needs of the server's configuration (no secret ever goes here). */
export const clientConfigSchema = z.object({
  /** Leaflet tile URL template; the Content-Security-Policy allows images from its origin. */
  tileUrl: z.string(),
  /** The server's public address (PUBLIC_URL): play links and QR deep links are made under it. */
  publicUrl: z.string(),
  /** The tiles' attribution (HTML of links, as Leaflet shows it; LOCI_TILE_ATTRIBUTION). */
  tileAttribution: z.string(),
  /**
   * Satellite (or hybrid) imagery for games whose map type is "hybrid"
   * (LOCI_TILE_URL_SATELLITE); null when the server has none: those games show the standard tiles.
   */
  satelliteTileUrl: z.string().nullable(),
  satelliteTileAttribution: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
