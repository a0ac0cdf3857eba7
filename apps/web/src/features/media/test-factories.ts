import type { Media } from '@loci/domain';

let sequence = 0;

/** A stored medium of game g1: a small PNG unless told otherwise. */
export function makeMedia(overrides: Partial<Media> = {}): Media {
  sequence += 1;
  return {
    id: `m${sequence}`,
    gameId: 'g1',
    title: `Picture ${sequence}`,
    description: '',
    orig_filename: `picture-${sequence}.png`,
    mimetype: 'image/png',
    size: 120_000,
    width: 800,
    height: 600,
    storagepath: `/media/g1/picture-${sequence}.png`,
    createdAt: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-03-05T10:00:00.000Z',
    ...overrides,
  };
}
