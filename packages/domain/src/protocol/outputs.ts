import { z } from 'zod';
import { engineTextSchema } from './engine-texts.js';

/** What an output asks the app to do; 'error' is a refusal, 'answerResult' tells how an answer was judged. */
export const OUTPUT_ACTIONS = [
  'showInfo',
  'askQuestion',
  'askQuiz',
  'askConfirmation',
  'startConversation',
  'resumeConversation',
  'sayStatement',
  'exitConversation',
  'completeConversation',
  'showNotification',
  'showObject',
  'goToScene',
  'setBackground',
  'resetBackground',
  'endGame',
  'completeGame',
  'answerResult',
  /** An announcement for the instance's feed (issue 29): the server writes it to the feed; the app may ignore it. */
  'announceInFeed',
  'error',
] as const;
export type OutputAction = (typeof OUTPUT_ACTIONS)[number];

/** Refusal codes of player input (the `errorCode` of an 'error' output). */
export const ENGINE_ERROR_CODES = [
  'INVALID_EVENT',
  'NOT_STARTED',
  'GAME_NOT_ACTIVE',
  'GAME_OVER',
  'PAUSED',
  'LEFT_GAME',
  'UNKNOWN_OBJECT',
  'NOT_PERCEIVED',
  'OUT_OF_RANGE',
  'NOT_CONTACTABLE',
  'CONDITION_NOT_MET',
  'NOT_PICKABLE',
  'NOT_DROPPABLE',
  'NOT_DESTROYABLE',
  'NOT_CREATABLE',
  'NOT_REDEEMABLE',
  'NOT_OWNED',
  'QUANTITY_EXHAUSTED',
  'LIMIT_REACHED',
  'NOT_ENOUGH_CURRENCY',
  'NOT_FOR_SALE',
  'NOT_AFTER_END',
  'INVALID_PAYLOAD',
  'UNKNOWN_INTERACTION',
  'NOT_ASKED',
  'INVALID_ANSWER',
  'NOT_CURRENT_STATEMENT',
  'UNKNOWN_OPTION',
  'UNKNOWN_MISSION',
  'NOT_ASSIGNED',
  'NOT_SUBMITTABLE',
  'INVALID_SUBMISSION',
  'OUT_OF_ORDER',
  'WRONG_GAME',
] as const;
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** An option of a statement the player may choose (its condition held when the statement was said). */
export const outputOptionSchema = z.object({ id: z.string(), actionLabel: z.string() });
export type OutputOption = z.infer<typeof outputOptionSchema>;

/** What the player's app must show (spec 4 §3). */
export const outputSchema = z.object({
  /** The player it is for. */
  playerId: z.string(),
  action: z.enum(OUTPUT_ACTIONS),
  /** Waits for the player's answer (the blocking actions of spec 2 §5). */
  blocking: z.boolean().optional(),
  /** The character speaking, when not the game itself. */
  actorId: z.string().optional(),
  interactionId: z.string().optional(),
  questionId: z.string().optional(),
  statementId: z.string().optional(),
  options: z.array(outputOptionSchema).optional(),
  objectId: z.string().optional(),
  sceneId: z.string().optional(),
  missionId: z.string().optional(),
  mediaId: z.string().optional(),
  message: z.string().optional(),
  hint: z.string().optional(),
  attemptsLeft: z.number().optional(),
  correct: z.boolean().optional(),
  errorCode: z.enum(ENGINE_ERROR_CODES).optional(),
  /** A text the engine wrote itself (engine-texts.ts), by key, which `message` says in English. */
  text: engineTextSchema.optional(),
});
export type Output = z.infer<typeof outputSchema>;
