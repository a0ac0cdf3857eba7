import { z } from 'zod';

/**
 * An operator's rescue of a player (issue 16 §3): engine actions the operator
 * applies to one player as the operator event `rescue`, so the game's rules
 * react to them as to any other event.
 */

const id = z.string().trim().min(1, 'Required');
const count = z.number().int('Use a whole number').positive('Use a number above 0').max(1_000_000);

/** One rescue action, discriminated by `kind`. */
export const rescueActionSchema = z.discriminatedUnion('kind', [
  /** Give units of an item (or levels of a numeric attribute: a currency is an item). */
  z.object({ kind: z.literal('give'), assetId: id, count }),
  /** Take units of an item or levels of an attribute (never more than the player holds). */
  z.object({ kind: z.literal('take'), assetId: id, count }),
  /** Set an attribute to a number (not below 0) or a text. */
  z.object({
    kind: z.literal('set'),
    attributeId: id,
    value: z.union([z.number().finite().min(0, 'Use a number of 0 or more'), z.string().max(500)]),
  }),
  /** Move the player to a scene. */
  z.object({ kind: z.literal('scene'), sceneId: id }),
  z.object({ kind: z.literal('assignMission'), missionId: id }),
  /** Complete a mission (assigning it first when it is not assigned). */
  z.object({ kind: z.literal('completeMission'), missionId: id }),
  z.object({ kind: z.literal('milestone'), milestoneId: id }),
  /** Re-arm a fireOnce rule: it may fire again the next time its trigger becomes true. */
  z.object({ kind: z.literal('rearm'), ruleId: id }),
  /** Close the dialog the player is stuck on: the pending blocking output at `index` (0 = the oldest). */
  z.object({ kind: z.literal('closeDialog'), index: z.number().int().min(0) }),
  /** Place the player as a GPS fix would (a playtest, a broken GPS). */
  z.object({
    kind: z.literal('teleport'),
    latitude: z.number().finite().min(-90).max(90),
    longitude: z.number().finite().min(-180).max(180),
  }),
]);
export type RescueAction = z.infer<typeof rescueActionSchema>;
export type RescueActionKind = RescueAction['kind'];

/** Every rescue action kind, in the order the console offers them. */
export const RESCUE_ACTION_KINDS = [
  'give',
  'take',
  'set',
  'scene',
  'assignMission',
  'completeMission',
  'milestone',
  'rearm',
  'closeDialog',
  'teleport',
] as const satisfies readonly RescueActionKind[];

/** The longest reason an operator may give. */
export const RESCUE_REASON_MAX = 500;

/** The body of `POST /manage/instances/{id}/players/{playerId}/rescue`. */
export const rescueRequestSchema = z.object({
  actions: z.array(rescueActionSchema).min(1, 'Choose an action').max(20),
  reason: z.string().trim().min(1, 'Give a reason').max(RESCUE_REASON_MAX),
});
export type RescueRequest = z.infer<typeof rescueRequestSchema>;
