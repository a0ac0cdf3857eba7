import { z } from 'zod';
import { flag, text } from './fields.js';

/**
 * The game version form body (spec 2 §3): no required fields (spec 2 §5).
 * version, isLiveSpec, updatedAt and isArchived are read-only and kept by the
 * server; the stored version's shape is `GameVersion` (game-operations.ts).
 */
export const gameVersionFormSchema = z.object({
  versionNotes: text,
  /** Labelled 'Only for Game Owner'; cannot change on the live spec (spec 2 §4). */
  restrictAccessToDesigner: flag(false),
  multipleInstances: flag(false),
  newInstancesAllowed: flag(true),
});
export type GameVersionFormValues = z.output<typeof gameVersionFormSchema>;
export type GameVersionFormInput = z.input<typeof gameVersionFormSchema>;

/** The label of restrictAccessToDesigner. */
export const RESTRICT_ACCESS_LABEL = 'Only for Game Owner';

/** A new game version for the create form: new instances allowed. */
export function newGameVersionDefaults(): GameVersionFormValues {
  return { versionNotes: '', restrictAccessToDesigner: false, multipleInstances: false, newInstancesAllowed: true };
}
