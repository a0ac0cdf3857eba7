import { z } from 'zod';
import { GAME_LANGUAGES, gamesListQuerySchema, PUBLIC_ACCESS } from './game.js';

// ─── The public library (issue 17 item 5) ───────────────────────────────────

/** GET /api/design/gallery query: the games list's search, page and page size, without its filter tabs. */
export const galleryQuerySchema = gamesListQuerySchema.omit({ filter: true });
export type GalleryQuery = z.output<typeof galleryQuerySchema>;
export type GalleryQueryInput = z.input<typeof galleryQuerySchema>;

/** How big a game's design is: the entities a designer looks at first. */
export const gallerySizeSchema = z.object({
  scenes: z.number().int(),
  locations: z.number().int(),
  interactions: z.number().int(),
});
export type GallerySize = z.infer<typeof gallerySizeSchema>;

/** One game of the gallery: what its card and its map marker show, and whether the caller may clone it. */
export const galleryItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  logoId: z.string().nullable(),
  language: z.enum(GAME_LANGUAGES),
  publicAccess: z.enum(PUBLIC_ACCESS),
  size: gallerySizeSchema,
  place: z.object({ lat: z.number(), lng: z.number(), radius: z.number() }),
  ownerName: z.string().nullable(),
  canClone: z.boolean(),
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** GET /api/design/gallery: one page of the public games, newest change first. */
export const galleryResponseSchema = z.object({
  games: z.array(galleryItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.union([z.number(), z.literal('all')]),
});
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;
