import { z } from 'zod';

/** 1 MB is 1,000,000 bytes (spec 3 §5). */
export const MEGABYTE = 1_000_000;

/** Upload limits by media type (spec 3 §5). */
export const MEDIA_LIMITS = {
  image: 0.5 * MEGABYTE,
  video: 8 * MEGABYTE,
  audio: 5 * MEGABYTE,
  other: 5 * MEGABYTE,
} as const;
export type MediaType = keyof typeof MEDIA_LIMITS;

/**
 * Most pixels (width × height) an image may have, at every upload and import:
 * a small file can hold a picture that takes seconds of CPU to decode.
 */
export const MEDIA_MAX_PIXELS = 25_000_000;
/** MEDIA_MAX_PIXELS in megapixels, as the messages say it. */
export const MEDIA_MAX_MEGAPIXELS = MEDIA_MAX_PIXELS / 1_000_000;

/**
 * What players may upload for their submissions (POST /api/play/instances/{id}/media): per player and
 * instance, per instance, and how fast (per player and instance); an upload no submission uses is removed
 * after `unusedForMs` (docs/security.md "Player uploads").
 */
export const PLAYER_UPLOAD_LIMITS = {
  perPlayer: { count: 20, bytes: 40 * MEGABYTE },
  perInstance: { count: 1000, bytes: 1000 * MEGABYTE },
  rate: { burst: 5, perMinute: 5 },
  unusedForMs: 24 * 60 * 60 * 1000,
} as const;

/** Which limit a content type falls under. */
export function mediaTypeOf(mimetype: string): MediaType {
  if (mimetype.startsWith('image/')) return 'image';
  if (mimetype.startsWith('video/')) return 'video';
  if (mimetype.startsWith('audio/')) return 'audio';
  return 'other';
}

/** Accepted files: png, jpeg, any audio, any video (spec 3 §5). */
export function isAcceptedMediaType(mimetype: string): boolean {
  return mimetype === 'image/png' || mimetype === 'image/jpeg' || /^(audio|video)\//.test(mimetype);
}

/** The `accept` attribute of the upload control. */
export const MEDIA_ACCEPT = 'image/png,image/jpeg,audio/*,video/*';

/** Longest title of a medium. */
export const MEDIA_TITLE_MAX_LENGTH = 200;

/** Texts of the media library (spec 3 §2, §8), written once. */
export const MEDIA_MESSAGES = {
  titleRequired: 'You must enter a title',
  titleTooLong: `The title must be at most ${MEDIA_TITLE_MAX_LENGTH} characters`,
  noMedia: 'No media',
  noMediaSelected: 'No media selected',
  noGameId: 'No game id',
  uploaded: 'Media uploaded',
  saved: 'Media saved',
  deleted: 'Media was deleted',
  confirmDelete: 'Are you really sure?',
  tooLargeTitle: 'Too large file!',
  tooLarge: (type: MediaType, file: string, limit: number) =>
    `The ${type} ${file} is larger than the ${limit / MEGABYTE} MB allowed`,
  notAccepted: (file: string) => `${file} is not a png, jpeg, audio or video file`,
  notAnImage: (file: string) => `${file} is not a png or jpeg image`,
  playerUploadQuota: `You have uploaded the most this game takes from one player (${PLAYER_UPLOAD_LIMITS.perPlayer.count} files or ${PLAYER_UPLOAD_LIMITS.perPlayer.bytes / MEGABYTE} MB)`,
  instanceUploadQuota: `This game has taken all the uploads it can (${PLAYER_UPLOAD_LIMITS.perInstance.count} files or ${PLAYER_UPLOAD_LIMITS.perInstance.bytes / MEGABYTE} MB)`,
  tooManyUploads: 'Too many uploads — wait a minute and try again',
  tooManyPixels: (file: string) => `The image ${file} has more than the ${MEDIA_MAX_MEGAPIXELS} megapixels allowed`,
} as const;

export const MEDIA_PREVIEW_WIDTH = 300;

/** A stored medium as the API presents it. */
export const mediaSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  title: z.string(),
  description: z.string(),
  orig_filename: z.string(),
  mimetype: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  storagepath: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

/** PATCH /api/design/{gameId}/medias/{id} */
export const mediaUpdateSchema = z.object({
  title: z
    .string({ error: MEDIA_MESSAGES.titleRequired })
    .trim()
    .min(1, MEDIA_MESSAGES.titleRequired)
    .max(MEDIA_TITLE_MAX_LENGTH, MEDIA_MESSAGES.titleTooLong),
  description: z.string().max(5000).optional().default(''),
});
export type MediaUpdate = z.input<typeof mediaUpdateSchema>;
