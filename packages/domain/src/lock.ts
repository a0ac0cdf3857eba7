import { z } from 'zod';
import { LOCK_DURATION_SECONDS } from './constants.js';

/** Every kind of resource an edit lock can cover (spec 1 §7, spec 3 §7). */
export const LOCK_KINDS = [
  'game',
  'object',
  'offerObject',
  'milestone',
  'location',
  'item',
  'interaction',
  'mission',
  'npc',
  'rule',
  'attribute',
  'scene',
  'archetype',
  'offer',
] as const;
export type LockKind = (typeof LOCK_KINDS)[number];

/** The two lock texts of spec 1 §8, shown word for word. */
export const LOCK_MESSAGES = {
  heldByOther:
    'This resource is currently being edited by another user. Please wait until they are done before making any changes',
  lost: 'You kept this resource locked for too much time.... Sorry, but the lock has been released. Please reload to try again',
} as const;

/** The request texts of the lock service that the spec does not give. */
export const LOCK_REQUEST_MESSAGES = {
  gameRequired: 'Name the game this resource belongs to',
  gameMismatch: 'A game lock names its game as its id',
} as const;

const lockTargetShape = {
  kind: z.enum(LOCK_KINDS),
  id: z.string().min(1).max(200),
  gameId: z.string().min(1).max(200).optional(),
};

/**
 * What a lock covers: a resource of a game. Entity ids are kept when a game is
 * cloned, so the game is part of the key; a 'game' lock names the game as its
 * id (`gameId` may be left out or must be the same).
 */
function checkLockTarget(value: { kind: LockKind; id: string; gameId?: string | undefined }, issues: z.RefinementCtx) {
  if (value.kind === 'game') {
    if (value.gameId !== undefined && value.gameId !== value.id) {
      issues.addIssue({ code: 'custom', path: ['gameId'], message: LOCK_REQUEST_MESSAGES.gameMismatch });
    }
  } else if (value.gameId === undefined) {
    issues.addIssue({ code: 'custom', path: ['gameId'], message: LOCK_REQUEST_MESSAGES.gameRequired });
  }
}

/** The game a lock target belongs to. */
export function lockGameId(target: { kind: LockKind; id: string; gameId?: string | undefined }): string {
  return target.kind === 'game' ? target.id : (target.gameId ?? '');
}

/**
 * POST /api/design/cc: take or renew a lock. The server caps `duration` at
 * LOCK_MAX_DURATION_SECONDS whatever is asked, so a lock cannot be parked.
 */
export const lockRequestSchema = z
  .object({ ...lockTargetShape, duration: z.number().int().min(10).max(3600).default(LOCK_DURATION_SECONDS) })
  .superRefine(checkLockTarget);
export type LockRequest = z.input<typeof lockRequestSchema>;

/** DELETE /api/design/cc: release a lock. */
export const lockReleaseSchema = z.object(lockTargetShape).superRefine(checkLockTarget);

/** 200 answer: the caller holds the lock until expiresAt. */
export const lockHeldSchema = z.object({ locked: z.literal(true), expiresAt: z.string() });
/** 409 answer: someone else holds it. */
export const lockRefusedSchema = z.object({
  locked: z.literal(false),
  holder: z.object({ id: z.string(), name: z.string() }),
  message: z.string(),
  expiresAt: z.string(),
});
export type LockHeld = z.infer<typeof lockHeldSchema>;
export type LockRefused = z.infer<typeof lockRefusedSchema>;
