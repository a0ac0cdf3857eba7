import { z } from 'zod';

/** OpenStreetMap's standard tiles: the map tiles the console and the player use unless LOCI_TILE_URL says otherwise. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** GET /api/client-config: what the browser needs of the server's configuration (no secret ever goes here). */
export const clientConfigSchema = z.object({
  /** Leaflet tile URL template; the Content-Security-Policy allows images from its origin. */
  tileUrl: z.string(),
  /** The server's public address (PUBLIC_URL): play links and QR deep links are made under it. */
  publicUrl: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
