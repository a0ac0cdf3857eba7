import { and, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { LOCK_MAX_DURATION_SECONDS, LOCK_MESSAGES, type LockKind } from '@loci/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { editLocks, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

export interface LockHolder {
  id: string;
  name: string;
}

export type LockOutcome = { locked: true; expiresAt: Date } | { locked: false; holder: LockHolder; expiresAt: Date };

/** A resource of a game that a lock covers. */
export interface LockTarget {
  gameId: string;
  kind: LockKind;
  id: string;
}

function isTarget({ gameId, kind, id }: LockTarget) {
  return and(eq(editLocks.gameId, gameId), eq(editLocks.kind, kind), eq(editLocks.resourceId, id));
}

/**
 * Takes or renews the edit lock on (game, kind, id) for `duration` seconds,
 * at most LOCK_MAX_DURATION_SECONDS whatever the caller asks.
 *
 * One statement decides: the insert wins when nobody holds the lock, and the
 * conflict update only when the caller already holds it or it has expired, so
 * of any number of simultaneous requests exactly one gets the lock. Time is the
 * app's clock (`ctx.now()`), not the database's, so tests can move it.
 */
export async function takeLock({
  ctx,
  userId,
  target,
  duration,
}: {
  ctx: AppContext;
  userId: string;
  target: LockTarget;
  duration: number;
}): Promise<LockOutcome> {
  const seconds = Math.min(duration, LOCK_MAX_DURATION_SECONDS);
  // A holder may release between our failed upsert and the read of who holds it: then try again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = ctx.now();
    const expiresAt = new Date(now.getTime() + seconds * 1000);
    const [taken] = await ctx.db
      .insert(editLocks)
      .values({ gameId: target.gameId, kind: target.kind, resourceId: target.id, userId, expiresAt })
      .onConflictDoUpdate({
        target: [editLocks.gameId, editLocks.kind, editLocks.resourceId],
        set: { userId: sql`excluded.user_id`, expiresAt: sql`excluded.expires_at` },
        setWhere: sql`${editLocks.userId} = excluded.user_id or ${editLocks.expiresAt} <= ${now.toISOString()}`,
      })
      .returning({ expiresAt: editLocks.expiresAt });
    if (taken) return { locked: true, expiresAt: taken.expiresAt };
    const holder = await findLiveHolder({ ctx, target, now });
    if (holder) return { locked: false, holder: holder.holder, expiresAt: holder.expiresAt };
  }
  throw new AppError('CONFLICT', LOCK_MESSAGES.heldByOther);
}

/** Releases the caller's own lock; true when there was one. Someone else's lock is left alone. */
export async function releaseLock({
  ctx,
  userId,
  target,
}: {
  ctx: AppContext;
  userId: string;
  target: LockTarget;
}): Promise<boolean> {
  const released = await ctx.db
    .delete(editLocks)
    .where(and(isTarget(target), eq(editLocks.userId, userId)))
    .returning({ kind: editLocks.kind });
  return released.length > 0;
}

/** The user holding an unexpired lock on the target, optionally other than `exceptUserId`. */
async function findLiveHolder({
  ctx,
  target,
  now,
  exceptUserId,
}: {
  ctx: AppContext;
  /** One lock target, or a condition on the locks (several resources at once). */
  target: LockTarget | SQL | undefined;
  now: Date;
  exceptUserId?: string;
}): Promise<{ holder: LockHolder; expiresAt: Date } | undefined> {
  const [row] = await ctx.db
    .select({ id: users.id, name: users.name, expiresAt: editLocks.expiresAt })
    .from(editLocks)
    .innerJoin(users, eq(users.id, editLocks.userId))
    .where(
      and(
        target && 'kind' in target ? isTarget(target) : target,
        gt(editLocks.expiresAt, now),
        exceptUserId ? ne(editLocks.userId, exceptUserId) : undefined,
      ),
    )
    .limit(1);
  return row ? { holder: { id: row.id, name: row.name }, expiresAt: row.expiresAt } : undefined;
}

/**
 * Throws 409 with LOCK_MESSAGES.heldByOther (and who holds it, until when) when
 * another user holds a live lock on the target. Changes guarded by a lock call
 * this, after the edit right (the holder is shown to editors only); holding
 * the lock yourself is not required.
 */
export async function assertNotLockedByOther({
  ctx,
  target,
  userId,
}: {
  ctx: AppContext;
  target: LockTarget;
  userId: string;
}): Promise<void> {
  const held = await findLiveHolder({ ctx, target, now: ctx.now(), exceptUserId: userId });
  if (held) throw lockedBy(held);
}

function lockedBy(held: { holder: LockHolder; expiresAt: Date }): AppError {
  return new AppError('LOCKED', LOCK_MESSAGES.heldByOther, {
    extra: { locked: false, holder: held.holder, expiresAt: held.expiresAt.toISOString() },
  });
}

/**
 * Like assertNotLockedByOther, for a change that rewrites every resource of
 * the given kinds of a game at once (a relocation): 409 naming a holder when
 * another user holds a live lock on any of them.
 */
export async function assertNoneLockedByOther({
  ctx,
  gameId,
  kinds,
  userId,
}: {
  ctx: AppContext;
  gameId: string;
  kinds: readonly LockKind[];
  userId: string;
}): Promise<void> {
  const held = await findLiveHolder({
    ctx,
    target: and(eq(editLocks.gameId, gameId), inArray(editLocks.kind, [...kinds])),
    now: ctx.now(),
    exceptUserId: userId,
  });
  if (held) throw lockedBy(held);
}

/** Drops every lock on the target, e.g. when the resource is deleted. */
export async function clearLocks({ ctx, target }: { ctx: AppContext; target: LockTarget }): Promise<void> {
  await ctx.db.delete(editLocks).where(isTarget(target));
}

/**
 * The first of `resources` (lock kind and id) that another user holds a live
 * lock on, with who holds it; for changes that rewrite many resources at once
 * and must say which one stops them (a roll back).
 */
export async function findLockedByOther({
  ctx,
  gameId,
  resources,
  userId,
  db = ctx.db,
}: {
  ctx: AppContext;
  gameId: string;
  resources: ReadonlyArray<{ kind: LockKind; id: string }>;
  userId: string;
  /** The transaction of the change, if it runs in one. */
  db?: Executor;
}): Promise<{ kind: LockKind; id: string; holder: LockHolder } | undefined> {
  if (resources.length === 0) return undefined;
  const rows = await db
    .select({ kind: editLocks.kind, id: editLocks.resourceId, holderId: users.id, name: users.name })
    .from(editLocks)
    .innerJoin(users, eq(users.id, editLocks.userId))
    .where(
      and(
        eq(editLocks.gameId, gameId),
        inArray(editLocks.resourceId, [...new Set(resources.map((resource) => resource.id))]),
        gt(editLocks.expiresAt, ctx.now()),
        ne(editLocks.userId, userId),
      ),
    );
  const locked = resources.find((resource) => rows.some((row) => row.kind === resource.kind && row.id === resource.id));
  const row = locked && rows.find((candidate) => candidate.kind === locked.kind && candidate.id === locked.id);
  return locked && row ? { ...locked, holder: { id: row.holderId, name: row.name } } : undefined;
}
