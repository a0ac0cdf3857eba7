import { z } from 'zod';

/** OpenStreetMap's standard tiles: the map tiles the console and the player use unless LOCI_TILE_URL says otherwise. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** OpenStreetMap's attribution, shown with the default tiles. */
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

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
