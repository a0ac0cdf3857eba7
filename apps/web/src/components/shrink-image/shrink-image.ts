import { MEDIA_LIMITS } from '@loci/domain';

/** Images the browser can shrink for an upload: those the server takes (png and jpeg). */
const SHRINKABLE_TYPES = ['image/png', 'image/jpeg'];

/**
 * The longest side of a shrunk image, in pixels: sharp on a phone's screen and on a projector, and far below
 * the server's pixel limit (MEDIA_MAX_PIXELS).
 */
export const SHRUNK_LONGEST_SIDE = 2048;

/** What the shrinking aims at, as a share of the limit: a little room, so that the copy surely fits. */
const TARGET_SHARE = 0.9;

/** browser-image-compression counts a megabyte as 1024 × 1024 bytes; our limits count 1,000,000. */
const LIBRARY_MEGABYTE = 1024 * 1024;

/** An image over the upload limit that the browser can shrink (png or jpeg over MEDIA_LIMITS.image). */
export function isShrinkableImage(file: File, limit: number = MEDIA_LIMITS.image): boolean {
  return SHRINKABLE_TYPES.includes(file.type) && file.size > limit;
}

/**
 * A smaller copy of an image, made in the browser: at most SHRUNK_LONGEST_SIDE pixels on its longest side and
 * under `limit` bytes, of the same type and file name. The library is loaded only when an image is shrunk, and
 * it works on the page (its web worker would load its code from another site, which the page's policy forbids).
 */
export async function shrinkImage(
  file: File,
  { limit = MEDIA_LIMITS.image, onProgress }: { limit?: number; onProgress?: (percent: number) => void } = {},
): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const shrunk = await imageCompression(file, {
    maxSizeMB: (limit * TARGET_SHARE) / LIBRARY_MEGABYTE,
    maxWidthOrHeight: SHRUNK_LONGEST_SIDE,
    initialQuality: 0.85,
    useWebWorker: false,
    onProgress,
  });
  return new File([shrunk], file.name, { type: shrunk.type || file.type, lastModified: file.lastModified });
}
