import type { Media } from '@loci/domain';
import type { MediaRow } from '../db/schema.js';

/**
 * The URL path of a medium's original file, which `<img>`, `<audio>` and
 * `<video>` elements load as is (see media/routes for why it needs no token).
 */
export function mediaFileUrl(mediaId: string): string {
  return `/api/design/medias/file/${mediaId}`;
}

/** A medium as the API shows it; never its path on disk. */
export function presentMedia(row: MediaRow): Media {
  return {
    id: row.id,
    gameId: row.gameId,
    title: row.title,
    description: row.description,
    orig_filename: row.origFilename,
    mimetype: row.mimetype,
    size: row.size,
    width: row.width,
    height: row.height,
    storagepath: mediaFileUrl(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
