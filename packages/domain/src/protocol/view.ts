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

/** The clock part of a player's view (issue 28). */
export const playerClockViewSchema = z.object({
  deadline: z.string().nullable(),
  paused: z.boolean(),
  /** While paused: the time left, in ms (null without a deadline). */
  leftMs: z.number().nullable(),
  /** The server's time when the view was made (ISO); absent when the view was made without a clock reading. */
  serverNow: z.string().optional(),
  /** Named timers running: name → due (ISO). */
  timers: z.record(z.string(), z.string()),
  /**
   * Time limits on tasks running (issue 28): `taskTimerKey(kind, id)` (`interaction:{id}`, `mission:{id}`) →
   * when the question, quiz or mission times out (ISO). Absent when none runs.
   */
  tasks: z.record(z.string(), z.string()).optional(),
  /**
   * A playtest's clock running fast (issue 28): N× (2–20), so the app shows game time — real time left × N.
   * Absent at 1×.
   */
  rate: z.number().optional(),
});
export type PlayerClockView = z.infer<typeof playerClockViewSchema>;

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
      /** Judged missions (issue 29): where the last submission stands with the organiser, and why it was rejected. */
      verdict: z
        .object({ status: z.enum(['pending', 'approved', 'rejected', 'withdrawn']), reason: z.string().optional() })
        .optional(),
      /** A mission with a time limit (issue 28): its time ran out before it was accomplished (when, ISO). */
      timedOutWhen: z.string().optional(),
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
  /**
   * The clock (issue 28), when the player's game has a time limit: the deadline (ISO, the server's clock),
   * whether the instance's clock is paused (then `leftMs` is the time left, frozen), and the server's time
   * when the view was made, so an app counts down from the server's word, not the phone's clock.
   */
  clock: playerClockViewSchema.optional(),
});
export type PlayerView = z.infer<typeof playerViewSchema>;
