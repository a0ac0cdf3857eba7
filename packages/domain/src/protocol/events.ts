import { z } from 'zod';
import { rescueEventActionSchema } from './rescue.js';
import { clockEventSchema } from './clock.js';
import { judgeEventSchema } from './judging.js';
import { MESSAGE_CHANNELS, messageTextSchema } from './messages.js';

/**
 * Player and operator events: what a player's app sends (spec 4 §4) and what
 * the engine takes. The event names are written once, here: the engine's
 * dispatch, the server's checks and the OpenAPI document read them.
 */

const id = z.string().min(1, 'Required');
const coordinate = (min: number, max: number) => z.number().finite().min(min).max(max);

/** One player event (spec 4 §4), discriminated by `type`. The player is the caller: no `playerId` is sent. */
export const playEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('location'),
    latitude: coordinate(-90, 90),
    longitude: coordinate(-180, 180),
    /** The fix's accuracy in metres (the radius of 68 % confidence, as the Geolocation API gives it), when known. */
    accuracy: z.number().finite().min(0).optional(),
  }),
  z.object({ type: z.literal('code'), code: z.string().min(1, 'Required').max(2000) }),
  z.object({ type: z.literal('seen'), interactionId: id }),
  z.object({
    type: z.literal('answer'),
    interactionId: id,
    questionId: z.union([z.string(), z.number().int().min(0)]).optional(),
    /**
     * An option index (or id), an array of them (several answers allowed), the open answer's text or
     * number, or true/false for a yes/no question.
     */
    answer: z.union([z.number(), z.string(), z.boolean(), z.array(z.union([z.number(), z.string()]))]),
  }),
  z.object({ type: z.literal('confirm'), interactionId: id, approved: z.boolean() }),
  z.object({ type: z.literal('option'), interactionId: id, statementId: id, optionId: id }),
  z.object({ type: z.literal('contact'), objectId: id }),
  z.object({ type: z.literal('act'), objectId: id }),
  z.object({ type: z.literal('pick'), objectId: id }),
  z.object({ type: z.literal('drop'), objectId: id }),
  z.object({ type: z.literal('destroy'), objectId: id }),
  z.object({
    type: z.literal('create'),
    archetypeId: id,
    payload: z.record(z.string(), z.unknown()).default({}),
    latitude: coordinate(-90, 90).optional(),
    longitude: coordinate(-180, 180).optional(),
  }),
  z.object({ type: z.literal('offer'), objectId: id, action: z.enum(['pick', 'redeem']) }),
  /** Buys one unit of a redeemable, priced item or attribute (skill) with the market's currency. */
  z.object({ type: z.literal('redeem'), assetId: id }),
  z.object({
    type: z.literal('submission'),
    missionId: id,
    text: z.string().max(10000).optional(),
    mediaId: z.string().min(1).optional(),
  }),
  z.object({ type: z.literal('pause') }),
  z.object({ type: z.literal('resume') }),
  z.object({ type: z.literal('leave') }),
  /**
   * Messages both ways (issue 29, protocol/messages.ts): the player writes to the organiser, or to their team's
   * chat (a team member, in the team's name). The engine changes nothing; the server keeps the message with the
   * event's own write, so it is queued offline and logged like any other event.
   */
  z.object({ type: z.literal('chat'), channel: z.enum(MESSAGE_CHANNELS), text: messageTextSchema }),
]);
export type PlayEvent = z.infer<typeof playEventSchema>;
export type PlayEventType = PlayEvent['type'];

/**
 * A player app's own id for one event (a UUID or similar, 1–64 of `A–Z a–z 0–9 _ -`).
 * An app that queues events offline sends each with its id; the server applies
 * `(instance, player, clientEventId)` at most once and answers a retry with the
 * original answer, so a flaky connection never plays an event twice.
 */
export const clientEventIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use 1 to 64 letters, digits, "_" or "-"');

/**
 * The body of `POST /play/instances/{instanceId}/events`: one event and, optionally, the app's id for it and
 * the revision of the view the app holds (protocol 2: sent, even null, the answer may carry only what changed
 * since it — protocol/view-delta.ts; not sent, the answer carries the whole view).
 */
export const playEventRequestSchema = playEventSchema.and(
  z.object({
    clientEventId: clientEventIdSchema.optional(),
    viewRevision: z.string().max(64).nullable().optional(),
  }),
);
export type PlayEventRequest = z.infer<typeof playEventRequestSchema>;

/** Joining an instance: the server sends it for the player on start or join (never sent by an app). */
export const startEventSchema = z.object({ type: z.literal('start'), name: z.string().optional() });
export type StartEvent = z.infer<typeof startEventSchema>;

/** Kinds of media a mission submission may carry (spec 2: a mission accepts image, video and/or audio). */
export const SUBMISSION_MEDIA_TYPES = ['image', 'video', 'audio'] as const;
export type SubmissionMediaType = (typeof SUBMISSION_MEDIA_TYPES)[number];

/**
 * One side of an accepted trade (docs/engine.md "Trading"): the server sends it for EACH of the trade's two
 * players, in one step of the instance, once the exchange was checked (never sent by an app). The player
 * hands over `gave` and receives `received` (asset id → units or levels); rules then fire as for any change.
 */
export const tradeEventSchema = z.object({
  type: z.literal('trade'),
  tradeId: z.string().min(1),
  /** The other player of the trade. */
  withPlayerId: z.string().min(1),
  gave: z.record(z.string(), z.number().int().min(1)),
  received: z.record(z.string(), z.number().int().min(1)),
});
export type TradeEvent = z.infer<typeof tradeEventSchema>;

/** A team member acting for their team (their member id and the name teammates and operators read). */
export interface TeamMemberRef {
  id: string;
  name: string;
}

type WireEvent = z.input<typeof playEventSchema>;
/**
 * What a player did, as the engine takes it: a sent event or `start`, naming
 * its player; a submission also carries the kind of its medium as the server
 * found it (checked against what the mission accepts).
 */
export type PlayerEvent = {
  playerId: string;
  /**
   * In a game played in teams (packages/domain/src/teams.ts), the team member who acted for the team's player:
   * the server sets it (never an app). Each record of the step names them; a location event moves their own
   * position, and the team is inside a place when any member is (docs/engine.md "Teams").
   */
  member?: TeamMemberRef;
  /**
   * With `member`: how many members of the team have joined (the server sets it): "every member" of the team
   * (the `has_every_member_in` verb) counts them (docs/engine.md "Teams").
   */
  teamSize?: number;
} & (
  | StartEvent
  | TradeEvent
  | Exclude<WireEvent, { type: 'submission' }>
  | (Extract<WireEvent, { type: 'submission' }> & { mediaType?: SubmissionMediaType })
);
export type PlayerEventType = PlayerEvent['type'];

/** Every player event type, `start` first. */
export const PLAYER_EVENT_TYPES = [
  'start',
  'location',
  'code',
  'seen',
  'answer',
  'confirm',
  'option',
  'contact',
  'act',
  'pick',
  'drop',
  'destroy',
  'create',
  'offer',
  'redeem',
  'submission',
  'pause',
  'resume',
  'leave',
  'trade',
  'chat',
] as const satisfies readonly PlayerEventType[];
// A type added to the schema but missing from the list is a compile error here (an extra one fails `satisfies`).
const noPlayerEventTypeMissing: [Exclude<PlayerEventType, (typeof PLAYER_EVENT_TYPES)[number]>] extends [never]
  ? true
  : false = true;
void noPlayerEventTypeMissing;

/**
 * Events still accepted once the game is over for the player (or the instance
 * completed): answers to what is on screen (the epilogue's info box, the last
 * answer) and leaving. Refusing them would leave the last dialog pending for
 * ever. The engine and the server's event store both read this one list.
 */
export const AFTER_END_EVENT_TYPES = [
  'seen',
  'answer',
  'confirm',
  'option',
  'leave',
  // A finished player may still write to the organiser and their team (issue 29).
  'chat',
] as const satisfies readonly PlayEventType[];

/** Is an event of `type` still accepted after the end of the game (see AFTER_END_EVENT_TYPES)? */
export function isAcceptedAfterEnd(type: string): boolean {
  return (AFTER_END_EVENT_TYPES as readonly string[]).includes(type);
}

/**
 * Events the game's end policies (spec 1 §3 `endPolicies`, only with the
 * market on) may still allow after the end: picking and redeeming offers
 * (`offer`: pickOffers, redeemOffers) and buying items and attributes
 * (`redeem`: redeemAssets) and trades (`trade`: tradeAssets). The server lets them reach the engine on a
 * completed instance; the engine applies the game's policies to each.
 */
export const END_POLICY_EVENT_TYPES = ['offer', 'redeem', 'trade'] as const satisfies readonly PlayerEventType[];

/** The end policies that decide the events of END_POLICY_EVENT_TYPES. */
export interface AfterEndPolicies {
  pickOffers: boolean;
  redeemOffers: boolean;
  redeemAssets: boolean;
  tradeAssets: boolean;
}

/** May an event of `type` (with its offer `action`) run after the end, by the end policies? */
export function isAllowedByEndPolicies(event: { type: string; action?: unknown }, policies: AfterEndPolicies): boolean {
  if (event.type === 'redeem') return policies.redeemAssets;
  if (event.type === 'trade') return policies.tradeAssets;
  if (event.type !== 'offer') return false;
  return event.action === 'pick' ? policies.pickOffers : event.action === 'redeem' && policies.redeemOffers;
}

/** May an event of `type` reach the engine on a completed instance (always, or when the end policies allow)? */
export function mayRunOnCompletedInstance(type: string): boolean {
  return isAcceptedAfterEnd(type) || (END_POLICY_EVENT_TYPES as readonly string[]).includes(type);
}

/** What an operator does to a live instance (spec 1 §4, spec 3 §4). */
export const operatorEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: z.string(), playerId: z.string().optional() }),
  z.object({ type: z.literal('terminate') }),
  z.object({ type: z.literal('expire') }),
  z.object({ type: z.literal('approve'), objectId: z.string(), approved: z.boolean() }),
  /** An operator's rescue of one player (protocol/rescue.ts): actions applied, then the rules settled. */
  z.object({ type: z.literal('rescue'), playerId: z.string(), actions: z.array(rescueEventActionSchema) }),
  /**
   * The clock (issue 28): the server's scheduler says the time of one player (a solo player or a team's row)
   * is due — a deadline, a named timer or a timed condition. Never sent by an app.
   */
  z.object({ type: z.literal('tick'), playerId: z.string() }),
  /** An operator's control of the clock: pause or resume everyone's clock, or add minutes for one player. */
  clockEventSchema,
  /** An organiser's verdict on a submission (issue 29, protocol/judging.ts). */
  judgeEventSchema,
]);
export type OperatorEvent = z.infer<typeof operatorEventSchema>;

/** Every operator event type. */
export const OPERATOR_EVENT_TYPES = [
  'message',
  'terminate',
  'expire',
  'approve',
  'rescue',
  'tick',
  'clock',
  'judge',
] as const satisfies readonly OperatorEvent['type'][];

/** Any event the engine's `step` accepts. */
export type EngineEvent = PlayerEvent | OperatorEvent;
