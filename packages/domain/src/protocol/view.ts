import { z } from 'zod';
import { outputSchema } from './outputs.js';

/** Statuses of a game instance (spec 1 §4). */
export const INSTANCE_STATUSES = ['active', 'completed', 'abandoned', 'expired', 'terminated'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

/** Statuses of a player in an instance (spec 1 §4). */
export const PLAYER_STATUSES = ['playing', 'paused', 'left game'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** A point on the map. */
export const latLngSchema = z.object({ latitude: z.number(), longitude: z.number() });

/** An object instance: in the world (owner null) or in a player's backpack (owner = the player). */
export const objectInstanceSchema = z.object({
  id: z.string(),
  /** System name (spec 3 §3). */
  name: z.string(),
  type: z.literal('object'),
  archetypeId: z.string(),
  /** The scene it lies in (or came from, when owned). */
  sceneId: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** Where it lies; null when owned, or on a game without location. */
  location: latLngSchema.nullable(),
  /** False only for a player-made object of a moderated archetype not yet approved. */
  approved: z.boolean(),
  /** The player holding it; null while it lies in the world. */
  owner: z.string().nullable(),
  /** The player who made it (player-generated objects), else null. */
  createdBy: z.string().nullable(),
  /** ISO time it was made or placed in the instance. */
  createdWhen: z.string().nullable(),
  /** Where it lay before it was picked: returnToWorld puts it back there. */
  home: z.object({ sceneId: z.string(), location: latLngSchema.nullable() }).nullable(),
});
export type ObjectInstance = z.infer<typeof objectInstanceSchema>;

/** An offer placed in the world: picked while `quantity` lasts (null = unlimited). */
export const offerInstanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('offer'),
  offerId: z.string(),
  sceneId: z.string(),
  payload: z.record(z.string(), z.unknown()),
  location: latLngSchema.nullable(),
  /** What is left; never below 0; null for no limit. */
  quantity: z.number().nullable(),
});
export type OfferInstance = z.infer<typeof offerInstanceSchema>;

/** A player's holding of one offer (by offer id). */
export const offerHoldingSchema = z.object({
  /** Picked and not yet redeemed. */
  count: z.number(),
  picked: z.number(),
  redeemed: z.number(),
});
export type OfferHolding = z.infer<typeof offerHoldingSchema>;

/** Where a perceived thing is relative to the player. */
export const proximitySchema = z.object({
  inRange: z.boolean(),
  /** Metres, or null when either position is unknown. */
  distance: z.number().nullable(),
});
export type Proximity = z.infer<typeof proximitySchema>;

/** The player's own state as the app shows it (spec 4 §4 `view`). */
export const playerViewSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  status: z.enum(PLAYER_STATUSES),
  worldStatus: z.enum(INSTANCE_STATUSES),
  finished: z.object({ when: z.string(), completed: z.boolean() }).nullable(),
  currentSceneId: z.string().nullable(),
  location: latLngSchema.nullable(),
  background: z.string().nullable(),
  /** Non-hidden items the player holds (count > 0). */
  items: z.record(z.string(), z.number()),
  currency: z.object({ itemId: z.string(), name: z.string(), amount: z.number() }).nullable(),
  /** Non-hidden attributes. */
  attributes: z.record(z.string(), z.union([z.number(), z.string()])),
  objects: z.array(objectInstanceSchema),
  offers: z.record(z.string(), offerHoldingSchema),
  /** Assigned missions that are not archived. */
  missions: z.array(
    z.object({
      missionId: z.string(),
      title: z.string(),
      status: z.enum(['assigned', 'started', 'completed']),
      subMissions: z.array(z.object({ id: z.string(), title: z.string(), completed: z.boolean() })),
    }),
  ),
  perceived: z.object({
    objects: z.array(objectInstanceSchema.extend(proximitySchema.shape)),
    offers: z.array(offerInstanceSchema.extend(proximitySchema.shape)),
    locations: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        inside: z.boolean(),
        inRange: z.boolean(),
        /**
         * A location with a dwell time the player stands in but has not entered yet: when (ISO) the stay
         * is long enough — the player's next fix from then on enters it. Absent otherwise.
         */
        dwellUntil: z.string().optional(),
      }),
    ),
  }),
  /** Blocking outputs still waiting for the player's answer. */
  pending: z.array(outputSchema),
});
export type PlayerView = z.infer<typeof playerViewSchema>;
