import sharp from 'sharp';
import { MEDIA_MAX_PIXELS } from '@loci/domain';

/** Width and height of an image. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * sharp's input options for every image Loci decodes: never more pixels than
 * an upload may have, so that an image stored before the limit (or put there
 * by hand) fails at once instead of taking seconds of CPU per thumbnail.
 */
export const DECODE_LIMITS = { limitInputPixels: MEDIA_MAX_PIXELS } as const;

/**
 * Width and height of an image as displayed (EXIF orientation applied), read
 * from its header without decoding it; null when sharp cannot read it.
 */
export async function imageSize(input: string | Uint8Array): Promise<ImageSize | null> {
  try {
    const metadata = await sharp(input).metadata();
    const oriented = metadata.autoOrient ?? metadata;
    if (!oriented.width || !oriented.height) return null;
    return { width: oriented.width, height: oriented.height };
  } catch {
    return null;
  }
}

/** Whether an image of this size is over MEDIA_MAX_PIXELS (docs/security.md "Media"). */
export function hasTooManyPixels(size: ImageSize): boolean {
  return size.width * size.height > MEDIA_MAX_PIXELS;
}
