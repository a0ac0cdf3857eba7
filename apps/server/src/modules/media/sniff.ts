import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes the sniffer reads (file-type's reasonable detection size). */
export const SNIFF_BYTES = 4100;

export interface SniffedType {
  mimetype: string;
  extension: string;
}

/**
 * The real type of a file from its first bytes (magic numbers), via the
 * well-kept `file-type` library: png, jpeg, mp3, ogg, wav, mp4/m4a/mov, webm
 * and the rest. The file's name and the client's content type are never
 * consulted. Undefined when the bytes match no known type (e.g. text).
 */
export async function sniffType(head: Uint8Array): Promise<SniffedType | undefined> {
  if (head.length === 0) return undefined;
  const found = await fileTypeFromBuffer(head);
  if (!found) return undefined;
  // An animated PNG is a PNG to every browser.
  if (found.mime === 'image/apng') return { mimetype: 'image/png', extension: 'png' };
  return { mimetype: found.mime, extension: found.ext };
}
