import { and, asc, count, countDistinct, eq, isNotNull, sql } from 'drizzle-orm';
import { FRONTEND_BASE_PATH, USER_MESSAGES, type DashboardStats, type roleDecisionSchema } from '@loci/domain';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { gameInstances, playerStates, users, type UserRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { countActiveGames, countPublishedGames as countPublishedGamesOf } from '../games/service.js';
import { roleDecisionMail } from './mails.js';

type PendingRow = UserRow & { roleRequest: NonNullable<UserRow['roleRequest']> };

/** Users with a pending role request, oldest request first. */
export async function listRoleRequests({ ctx }: { ctx: AppContext }): Promise<PendingRow[]> {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(isNotNull(users.roleRequest))
    // Dates are stored as ISO-8601 UTC strings, which sort as they read.
    .orderBy(asc(sql`${users.roleRequest}->>'date'`), asc(users.createdAt));
  return rows.filter((row): row is PendingRow => row.roleRequest !== null);
}

/**
 * Approves (granting the requested role) or rejects a pending request,
 * clears it, and mails the user the decision with the admin's reason.
 */
export async function decideRoleRequest({
  ctx,
  values,
}: {
  ctx: AppContext;
  values: z.output<typeof roleDecisionSchema>;
}): Promise<UserRow> {
  const now = ctx.now();
  const updated = await ctx.db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(users)
      .where(and(eq(users.email, values.email), isNotNull(users.roleRequest)))
      .for('update');
    if (!pending?.roleRequest) throw fail.notFound(USER_MESSAGES.roleRequestNotFound);
    const approved = values.action === 'approve';
    const [row] = await tx
      .update(users)
      .set({ roleRequest: null, updatedAt: now, ...(approved ? { role: pending.roleRequest.role } : {}) })
      .where(eq(users.id, pending.id))
      .returning();
    if (!row) throw new Error('user vanished while deciding');
    return { row, role: pending.roleRequest.role, approved };
  });
  // A change of role changes the rights on every game: the user's sockets keep only the rooms they still may hold.
  if (updated.approved) await ctx.realtime.recheckRooms({ userId: updated.row.id });
  const mail = roleDecisionMail({
    to: updated.row.email,
    name: updated.row.name,
    role: updated.role,
    approved: updated.approved,
    reason: values.reason,
    consoleUrl: `${ctx.config.publicUrl}${FRONTEND_BASE_PATH}/`,
  });
  try {
    await ctx.mailer.send(mail);
  } catch (error) {
    // The decision stands; the user sees it on their account page anyway.
    ctx.log.error({ err: error, userId: updated.row.id }, 'could not mail the role decision');
  }
  return updated.row;
}

/** The admin dashboard's seven counts (spec 1 §3). */
export async function getDashboardStats({ ctx }: { ctx: AppContext }): Promise<DashboardStats> {
  const [games, publishedGames, usersCount, designers, gamesPlayed, playersPlayed, roleRequests] = await Promise.all([
    countGames({ ctx }),
    countPublishedGames({ ctx }),
    countUsers({ ctx }),
    countDesigners({ ctx }),
    countGamesPlayed({ ctx }),
    countPlayersPlayed({ ctx }),
    countRoleRequests({ ctx }),
  ]);
  return { games, publishedGames, users: usersCount, designers, gamesPlayed, playersPlayed, roleRequests };
}

/** Games that are not archived. */
export async function countGames({ ctx }: { ctx: AppContext }): Promise<number> {
  return countActiveGames({ ctx });
}

/** Games with a public version. */
export async function countPublishedGames({ ctx }: { ctx: AppContext }): Promise<number> {
  return countPublishedGamesOf({ ctx });
}

/** Every account. */
export async function countUsers({ ctx }: { ctx: AppContext }): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** Accounts with the designer role. */
export async function countDesigners({ ctx }: { ctx: AppContext }): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(users).where(eq(users.role, 'designer'));
  return row?.n ?? 0;
}

/** Games with at least one instance (playtests included: someone played them). */
export async function countGamesPlayed({ ctx }: { ctx: AppContext }): Promise<number> {
  const [row] = await ctx.db.select({ n: countDistinct(gameInstances.gameId) }).from(gameInstances);
  return row?.n ?? 0;
}

/**
 * Distinct players who played any game. Counted by player id (the user's id
 * when they joined), so a deleted account's anonymised states — one fresh id
 * per person — still count once.
 */
export async function countPlayersPlayed({ ctx }: { ctx: AppContext }): Promise<number> {
  const [row] = await ctx.db.select({ n: countDistinct(playerStates.playerId) }).from(playerStates);
  return row?.n ?? 0;
}

/** Pending role requests. */
export async function countRoleRequests({ ctx }: { ctx: AppContext }): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(users).where(isNotNull(users.roleRequest));
  return row?.n ?? 0;
}
