import { z } from 'zod';
import { outputSchema } from './protocol/outputs.js';

/** Why a step did what it did (the engine's StepTrace: the rules looked at, and notes). */
export const replayTraceSchema = z.object({
  rules: z.array(
    z.object({
      ruleId: z.string(),
      ruleName: z.string(),
      sceneId: z.string(),
      pass: z.number(),
      triggerMatched: z.boolean(),
      newlyTrue: z.boolean(),
      preconditionsHeld: z.boolean().optional(),
      failedBlocks: z.array(z.object({ block: z.number(), condition: z.number() })).optional(),
      branch: z.enum(['sideeffects', 'sideeffectselse']).nullable(),
      skipped: z.enum(['fireOnce', 'no longer live']).optional(),
      notes: z.array(z.string()).optional(),
      evaluated: z.literal(false).optional(),
    }),
  ),
  notes: z.array(z.string()),
});
export type ReplayTrace = z.infer<typeof replayTraceSchema>;

const latLngSchema = z.object({ latitude: z.number(), longitude: z.number() });

/**
 * A player's engine state after a step: the fields the operator's panel reads
 * are typed, the rest of the engine's PlayerState (docs/engine.md) passes as it is.
 */
export const replayPlayerStateSchema = z.looseObject({
  status: z.string(),
  currentSceneId: z.string().nullable().optional(),
  location: latLngSchema.nullable().optional(),
  lastPlayed: z.string().nullable().optional(),
  statusWhen: z.string().nullable().optional(),
  items: z.record(z.string(), z.number()).optional(),
  attributes: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
  missions: z
    .record(
      z.string(),
      z.looseObject({ assignedWhen: z.string().optional(), completedWhen: z.string().nullable().optional() }),
    )
    .optional(),
  milestones: z.record(z.string(), z.string()).optional(),
});

/**
 * What moved the replay on: the player's own event, an operator's, a state
 * written outside a step, a live migration to another version (or its undo), a message.
 */
export const REPLAY_STEP_KINDS = ['event', 'world', 'players', 'migration', 'message'] as const;

/** One step of a player's replay. */
export const replayStepSchema = z.object({
  /** The input log's order (0 for a message, which is not an input). */
  seq: z.number().int(),
  /** ISO time of the step (the engine's clock). */
  at: z.string(),
  kind: z.enum(REPLAY_STEP_KINDS),
  /** The engine event as it was stepped (any type: new ones pass with their fields). */
  event: z.looseObject({ type: z.string(), playerId: z.string().optional() }).nullable(),
  /** The operator's message, for a `message` step. */
  message: z.string().nullable(),
  /** Where the player was after the step. */
  position: latLngSchema.nullable(),
  /** The player's state after the step (null before they joined). */
  state: replayPlayerStateSchema.nullable(),
  /** What the step showed this player. */
  outputs: z.array(outputSchema),
  trace: replayTraceSchema.nullable(),
});
export type ReplayStep = z.infer<typeof replayStepSchema>;

/** GET /api/instances/{id}/players/{playerId}/replay. */
export const playerReplaySchema = z.object({
  instanceId: z.string(),
  playerId: z.string(),
  name: z.string(),
  /** Whether the instance runs the working version (a playtest). */
  isLiveSpec: z.boolean(),
  /** The replayed final state is the stored one (false: the log and the rows disagree; the replay is still shown). */
  matchesStored: z.boolean(),
  steps: z.array(replayStepSchema),
});
export type PlayerReplay = z.infer<typeof playerReplaySchema>;

/** The refusal of an instance started before the input log existed. */
export const REPLAY_MESSAGES = {
  notRecorded: 'This game was recorded before replay existed: its events cannot be replayed',
  playerNotFound: 'No such player in this instance',
} as const;
