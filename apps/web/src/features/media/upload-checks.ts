import { MEDIA_LIMITS, MEDIA_MESSAGES, isAcceptedMediaType, mediaTypeOf } from '@loci/domain';

/** A file that will not be uploaded, with the toast that says why. */
export interface SkippedFile {
  file: File;
  kind: 'tooLarge' | 'notAccepted';
  message: string;
}

/**
 * Splits picked files into those to upload and those to skip (spec 3 §4–5):
 * a file over the limit of its type, or of a type not accepted, is skipped on
 * its own; the others still go.
 */
export function checkFiles(files: readonly File[]): { accepted: File[]; skipped: SkippedFile[] } {
  const accepted: File[] = [];
  const skipped: SkippedFile[] = [];
  for (const file of files) {
    if (!isAcceptedMediaType(file.type)) {
      skipped.push({ file, kind: 'notAccepted', message: MEDIA_MESSAGES.notAccepted(file.name) });
      continue;
    }
    const type = mediaTypeOf(file.type);
    const limit = MEDIA_LIMITS[type];
    if (file.size > limit) {
      skipped.push({ file, kind: 'tooLarge', message: MEDIA_MESSAGES.tooLarge(type, file.name, limit) });
      continue;
    }
    accepted.push(file);
  }
  return { accepted, skipped };
}
