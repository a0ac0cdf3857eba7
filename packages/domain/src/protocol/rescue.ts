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
export const AUDIT_KINDS = ['rescue', 'world'] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** One row of an instance's audit log: who, when, what, why, and what it changed. */
export const auditEntrySchema = z.object({
  id: z.number(),
  instanceId: z.string(),
  kind: z.enum(AUDIT_KINDS),
  /** The rescued player (null for a world edit). */
  playerId: z.string().nullable(),
  playerName: z.string().nullable(),
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
