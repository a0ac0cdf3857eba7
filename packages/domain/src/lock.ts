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

/** POST /api/design/cc: take or renew a lock. */
export const lockRequestSchema = z.object({
  kind: z.enum(LOCK_KINDS),
  id: z.string().min(1).max(200),
  duration: z.number().int().min(10).max(3600).default(LOCK_DURATION_SECONDS),
});
export type LockRequest = z.input<typeof lockRequestSchema>;

/** DELETE /api/design/cc: release a lock. */
export const lockReleaseSchema = z.object({ kind: z.enum(LOCK_KINDS), id: z.string().min(1).max(200) });

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
