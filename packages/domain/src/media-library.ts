import { errorBodySchema } from './errors.js';
import { z } from 'zod';
import { THUMB_DEFAULT_WIDTH } from './constants.js';
import { mediaSchema } from './media.js';

/**
 * The widths thumbnails are made in: a few, so that each medium has at most
 * twice as many thumbnails (square and not), each decoded once and kept.
 */
export const THUMB_WIDTHS = [32, 64, 100, 200, 300, 600, 800, 1200, 2048] as const;

/** The width a thumbnail asked `width` wide is made in: the smallest of THUMB_WIDTHS at least that wide (else the largest). */
export function snapThumbWidth(width: number): number {
  return THUMB_WIDTHS.find((fixed) => fixed >= width) ?? THUMB_WIDTHS[THUMB_WIDTHS.length - 1]!;
}

/** Query of the thumbnail URLs: width (default 100, snapped to THUMB_WIDTHS) and square (1 = cover-cropped square, the default). */
export const thumbQuerySchema = z.object({
  width: z.coerce
    .number()
    .finite()
    .optional()
    .transform((width) => snapThumbWidth(width ?? THUMB_DEFAULT_WIDTH)),
  square: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((square) => square !== '0' && square !== 'false'),
});
export type ThumbQuery = z.output<typeof thumbQuerySchema>;

/** Why one file of an upload was skipped: 413 over its limit, 415 not an accepted type. */
export const mediaRejectionSchema = z.object({
  file: z.string(),
  status: z.union([z.literal(413), z.literal(415)]),
  message: z.string(),
});
export type MediaRejection = z.infer<typeof mediaRejectionSchema>;

/** Answer of POST /api/design/{gameId}/medias: the stored media and the skipped files. */
export const mediaUploadResponseSchema = z.object({
  saved: z.array(mediaSchema),
  rejected: z.array(mediaRejectionSchema),
});
export type MediaUploadResponse = z.infer<typeof mediaUploadResponseSchema>;
/**
 * An upload none of whose files was saved (413, 415, 400): the error shape, with the first refusal's message;
 * `saved` and `rejected` when the files were read (a refusal before that, e.g. not multipart, has neither).
 */
export const mediaUploadRefusalSchema = errorBodySchema.extend(mediaUploadResponseSchema.partial().shape);

/** Texts of uploads the spec leaves to us. */
export const MEDIA_UPLOAD_MESSAGES = {
  noFile: 'No file was uploaded',
  notFound: 'Media not found',
} as const;
