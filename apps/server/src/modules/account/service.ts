import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { hasRoleAtLeast, USER_MESSAGES, type Role } from '@loci/domain';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';

/** The account with this id, or undefined. */
export async function findUserById({ ctx, id }: { ctx: AppContext; id: string }): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The account with this (already lower-cased) email, or undefined. */
export async function findUserByEmail({
  ctx,
  email,
}: {
  ctx: AppContext;
  email: string;
}): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** The caller's account, or a 401 when it was deleted since the token was issued. */
export async function getAccount({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<UserRow> {
  const row = await findUserById({ ctx, id: userId });
  if (!row) throw fail.unauthenticated();
  return row;
}

/** Files a request to be upgraded to `role`, stamped with the server's clock. */
export async function requestRole({
  ctx,
  userId,
  role,
}: {
  ctx: AppContext;
  userId: string;
  role: Role;
}): Promise<UserRow> {
  const account = await getAccount({ ctx, userId });
  if (account.roleRequest) throw fail.conflict(USER_MESSAGES.roleRequestPending);
  if (hasRoleAtLeast(account.role, role)) throw fail.conflict(USER_MESSAGES.roleAlreadyHeld);
  const now = ctx.now();
  // The `is null` guard makes two simultaneous requests file one.
  const [row] = await ctx.db
    .update(users)
    .set({ roleRequest: { role, date: now.toISOString() }, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.roleRequest)))
    .returning();
  if (!row) throw fail.conflict(USER_MESSAGES.roleRequestPending);
  return row;
}

/** Withdraws the caller's pending role request. */
export async function cancelRoleRequest({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<UserRow> {
  const [row] = await ctx.db
    .update(users)
    .set({ roleRequest: null, updatedAt: ctx.now() })
    .where(and(eq(users.id, userId), isNotNull(users.roleRequest)))
    .returning();
  if (row) return row;
  await getAccount({ ctx, userId });
  throw fail.conflict(USER_MESSAGES.roleRequestNone);
}

/**
 * Removes the person's data: the users row (name, email, password hash,
 * provider ids). Gameplay records they leave behind are anonymised, not
 * deleted, so that instances and analytics other people rely on stay whole.
 */
export async function deleteAccount({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Locking every admin row serialises concurrent deletions, so two last admins cannot remove each other at once.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [account] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account) throw fail.unauthenticated();
    if (account.role === 'admin' && admins.length <= 1) throw new AppError('CONFLICT', USER_MESSAGES.lastAdmin);
    await anonymiseGameplayData({ tx, userId });
    await tx.delete(users).where(eq(users.id, userId));
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The one place where a deleted account's traces in other tables are cut
 * loose, inside the deletion's transaction. Nothing references users yet;
 * when gameplay tables arrive (player states, analytics events, instance
 * players, games owned), replace the user id there by an anonymous one and
 * blank the name/avatar instead of deleting the rows: other players' games
 * and the designers' analytics must stay consistent (spec 1 §8: "remaining
 * gameplay data are anonymised").
 *
 * Games the person owned are kept, not deleted: games.owner_id is ON DELETE
 * SET NULL, so they stay with their co-designers and the admins and show a
 * 'Deleted user' owner (db/schema.ts `games`); their edit locks go with them.
 */
async function anonymiseGameplayData({ tx, userId }: { tx: Transaction; userId: string }): Promise<void> {
  void tx;
  void userId;
}
