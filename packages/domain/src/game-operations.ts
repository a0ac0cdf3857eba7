import { z } from 'zod';

/** Texts of the games API that the spec leaves to us (spec 1 §4, §8), written once. */
export const GAME_OPERATION_MESSAGES = {
  archived: 'This game has been archived.',
  alreadyArchived: 'This game is already archived.',
  unpublishBeforeDelete: 'Unpublish the game before deleting it',
  notPublished: 'The game is not published',
  noView: 'You do not have access to this game',
  noEdit: 'You may not change this game',
  noManage: 'Only the owner, co-designers and admins may do this',
  noClone: 'You may not clone this game',
  allFilterAdminOnly: 'Only administrators may list all games',
  unknownMedia: 'Pick a media of this game',
  unknownCurrencyItem: 'Pick an item of this game as the currency',
  deletedOwner: 'Deleted user',
} as const;

/** The prefix of a cloned game's title. */
export const CLONE_TITLE_PREFIX = 'Copy of ';

/** The title of a clone of a game titled `title`. */
export function cloneTitle(title: string): string {
  return `${CLONE_TITLE_PREFIX}${title}`;
}

/** One game version as listed by GET /api/design/{gameId}/gameVersions (spec 1 §3, spec 2 §3). */
export const gameVersionSchema = z.object({
  id: z.string(),
  gameId: z.string(),
  /** The working version, edited in the design workspace. */
  isLiveSpec: z.boolean(),
  isArchived: z.boolean(),
  versionNotes: z.string(),
  restrictAccessToDesigner: z.boolean(),
  multipleInstances: z.boolean(),
  newInstancesAllowed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GameVersion = z.infer<typeof gameVersionSchema>;

/** Answer of DELETE /api/design/cc. */
export const lockReleasedSchema = z.object({ released: z.boolean() });
export type LockReleased = z.infer<typeof lockReleasedSchema>;
