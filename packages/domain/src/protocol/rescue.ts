import { z } from 'zod';
import { CLOCK_CONTROLS, CLOCK_RATES, MAX_ADDED_MINUTES } from './clock.js';

/**
 * An operator's rescue of a player (issue 16 §3): engine actions the operator
 * applies to one player as the operator event `rescue`, so the game's rules
 * react to them as to any other event.
 */

const id = z.string().trim().min(1, 'Required');
const count = z.number().int('Use a whole number').positive('Use a number above 0').max(1_000_000);

/** The rescue actions on the player's (or the team's) progress. */
const PROGRESS_ACTIONS = [
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
] as const;

/**
 * Place the player as a GPS fix would (a playtest, a broken GPS). In a game played in teams, `memberId` names the
 * member placed (each member has their own position; the team is where any member is): required there, refused
 * for a solo player.
 */
const teleportSchema = z.object({
  kind: z.literal('teleport'),
  latitude: z.number().finite().min(-90).max(90),
  longitude: z.number().finite().min(-180).max(180),
  memberId: id.optional(),
});

/** One rescue action as an operator asks for it, discriminated by `kind`. */
export const rescueActionSchema = z.discriminatedUnion('kind', [...PROGRESS_ACTIONS, teleportSchema]);
export type RescueAction = z.infer<typeof rescueActionSchema>;

/**
 * A rescue action as the operator event `rescue` carries it: a teleport in a game played in teams also names
 * the member placed (`member`: id and name, set by the server from `memberId`, as a member's own location event
 * carries them), so the step, its records and the replay name them.
 */
export const rescueEventActionSchema = z.discriminatedUnion('kind', [
  ...PROGRESS_ACTIONS,
  teleportSchema.extend({ member: z.object({ id: z.string(), name: z.string() }).optional() }),
]);
export type RescueEventAction = z.infer<typeof rescueEventActionSchema>;
export type RescueActionKind = RescueAction['kind'];

/** Every rescue action kind, in the order the console offers them. */
/**
 * The rescue actions that act on one member of a team (games played in teams): the operator chooses whom. Every
 * other action changes the team's one shared progress — items, attributes, scene, missions, milestones, rules,
 * dialogs — for all its members at once.
 */
export const MEMBER_RESCUE_ACTION_KINDS = ['teleport'] as const satisfies readonly RescueActionKind[];

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

/** The most actions one rescue applies together. */
export const RESCUE_MAX_ACTIONS = 20;

/** The longest reason an operator may give. */
export const RESCUE_REASON_MAX = 500;

/** The body of `POST /manage/instances/{id}/players/{playerId}/rescue`. */
export const rescueRequestSchema = z.object({
  actions: z.array(rescueActionSchema).min(1, 'Choose an action').max(RESCUE_MAX_ACTIONS),
  reason: z.string().trim().min(1, 'Give a reason').max(RESCUE_REASON_MAX),
});
export type RescueRequest = z.infer<typeof rescueRequestSchema>;

/**
 * The operator's reason for an edit of an instance's world (audited as a
 * rescue is). Spec 1 §7 fixes the world edits' requests (the form values; no
 * body for a delete), so the reason rides along without breaking its clients:
 * a `reason` field next to the form values of
 * `POST /instances/{id}/updateWorldStateItem`, `?reason=` on
 * `DELETE /instances/{id}/deleteWorldStateItem/{key}`. Optional for the API;
 * the console always asks for one.
 */
export const worldEditReasonSchema = z.string().trim().max(RESCUE_REASON_MAX).optional().default('');
export const worldItemDeleteQuerySchema = z.object({ reason: worldEditReasonSchema });

/** One changed part of a player's state or of the world, with its value before and after (absent: null). */
export const auditChangeSchema = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** What an audited operator change was: a rescue of a player or an edit of the instance's world. */
export const AUDIT_KINDS = ['rescue', 'world', 'clock', 'judge'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** One row of an instance's audit log: who, when, what, why, and what it changed. */
export const auditEntrySchema = z.object({
  id: z.number(),
  instanceId: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** The rescued player (null for a world edit). */
  playerId: z.string().nullable(),
  playerName: z.string().nullable(),
  /**
   * In a game played in teams, the members a rescue acted on (a teleport placed them; docs/operations.md "Rescue
   * and audit"): their id and name as the team's list has them. Empty otherwise.
   */
  members: z.array(z.object({ id: z.string(), name: z.string() })),
  actorId: z.string().nullable(),
  actorName: z.string(),
  /** ISO time. */
  at: z.string(),
  /** The rescue's actions, or the world edit (`{ op: 'update' | 'delete', … }`). */
  what: z.unknown(),
  reason: z.string(),
  changes: z.array(auditChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditList = z.infer<typeof auditListSchema>;

/** Minutes without progress after which a playing player is flagged stuck, unless the request says otherwise. */
export const STUCK_DEFAULT_MINUTES = 15;
/** The longest no-progress time an operator may choose (a day). */
export const STUCK_MAX_MINUTES = 24 * 60;

/** Why a player is flagged stuck. */
export const STUCK_REASONS = ['noProgress', 'dialogOpen', 'outOfScenes'] as const;
export type StuckReason = (typeof STUCK_REASONS)[number];

export const stuckQuerySchema = z.object({
  minutes: z.coerce.number().int().min(1).max(STUCK_MAX_MINUTES).default(STUCK_DEFAULT_MINUTES),
});

/** A player flagged stuck on the Gameplay page, with what they last did. */
export const stuckPlayerSchema = z.object({
  instanceId: z.string(),
  playerId: z.string(),
  name: z.string(),
  reasons: z.array(z.enum(STUCK_REASONS)),
  /** ISO time of the last progress (a record, a milestone, or the start). */
  lastProgressAt: z.string().nullable(),
  /** The name of the last gameplay record (spec 3 §3), e.g. 'has entered scene'; null when none. */
  lastRecord: z.string().nullable(),
  currentSceneId: z.string().nullable(),
  /** Since when the oldest open dialog waits (ISO), when one does. */
  dialogSince: z.string().nullable(),
});
export type StuckPlayer = z.infer<typeof stuckPlayerSchema>;
export const stuckListSchema = z.object({ minutes: z.number(), players: z.array(stuckPlayerSchema) });
export type StuckList = z.infer<typeof stuckListSchema>;

/** What a rescue answers: its audit row. */
export const rescueAnswerSchema = z.object({ entry: auditEntrySchema });
export type RescueAnswer = z.infer<typeof rescueAnswerSchema>;

/**
 * The clock (issue 28): an operator pauses or resumes the whole instance's clock, or adds minutes (negative:
 * takes) for one player — a solo player or a team's row, e.g. an allowance for latecomers — with a reason,
 * audited as a rescue is (`POST /manage/instances/{id}/clock`).
 */
export const clockControlRequestSchema = z
  .object({
    control: z.enum(CLOCK_CONTROLS),
    playerId: z.string().optional(),
    minutes: z.number().int().min(-MAX_ADDED_MINUTES).max(MAX_ADDED_MINUTES).optional(),
    /** `rate`: how fast the clock runs (a playtest only; CLOCK_RATES). */
    rate: z.number().int().min(CLOCK_RATES.min).max(CLOCK_RATES.max).optional(),
    reason: z.string().trim().min(1, 'Give a reason').max(RESCUE_REASON_MAX),
  })
  .superRefine((body, ctx) => {
    if (body.control === 'rate' && body.rate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Choose a speed' });
    }
    if (body.control !== 'addTime') return;
    if (!body.playerId) ctx.addIssue({ code: 'custom', path: ['playerId'], message: 'Choose a player' });
    if (!body.minutes) ctx.addIssue({ code: 'custom', path: ['minutes'], message: 'Give the minutes to add' });
  });
export type ClockControlRequest = z.infer<typeof clockControlRequestSchema>;
