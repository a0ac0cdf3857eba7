import { removeAccountPhoto } from '../media/account-photo.js';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql, type AnyColumn } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { hasRoleAtLeast, USER_MESSAGES, type ChangePasswordInput, type ProfileInput, type Role } from '@loci/domain';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/client.js';
import {
  gameInstances,
  gameplayRecords,
  instanceEvents,
  playerEventAnswers,
  playerMessages,
  playerPositions,
  playerStates,
  users,
  type UserRow,
} from '../../db/schema.js';
import { anonymiseChatMessages } from '../messages/service.js';
import { anonymisePlayerRows, lockInstances } from '../runtime/instance-rows.js';
import { AppError, fail } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';

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

/**
 * The column change that revokes every access token of the account issued so
 * far: tokens carry the version they were issued with (plugins/auth.ts). Part
 * of the update that changes the credentials, so both commit together; the
 * caller then ends the open sockets with `ctx.realtime.disconnectUser`.
 */
export function revokeTokens() {
  return { tokenVersion: sql`${users.tokenVersion} + 1` };
}

/**
 * One update with `changes` that also revokes every token of the account;
 * then closes its sockets and answers a fresh token for the device that asked.
 */
async function revokeAndReissue({
  ctx,
  userId,
  changes = {},
}: {
  ctx: AppContext;
  userId: string;
  changes?: PgUpdateSetSource<typeof users>;
}): Promise<string> {
  const [row] = await ctx.db
    .update(users)
    .set({ ...changes, ...revokeTokens(), updatedAt: ctx.now() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw fail.unauthenticated();
  ctx.realtime.disconnectUser(userId);
  return ctx.tokens.sign(row);
}

/**
 * Signs the account out on every device: every token issued so far stops
 * working and every socket closes. Answers a fresh token, so the device that
 * asked stays signed in.
 */
export function signOutEverywhere({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<string> {
  return revokeAndReissue({ ctx, userId });
}

/**
 * Changes the password of a signed-in account, given the current one. Like a
 * reset, it ends every other session and voids reset links already mailed;
 * answers a fresh token for the device that asked.
 */
export async function changePassword({
  ctx,
  userId,
  values,
}: {
  ctx: AppContext;
  userId: string;
  values: Required<ChangePasswordInput>;
}): Promise<string> {
  const account = await getAccount({ ctx, userId });
  if (!account.passwordHash)
    throw fail.validation({ currentPassword: USER_MESSAGES.noPasswordYet }, USER_MESSAGES.noPasswordYet);
  if (!(await verifyPassword(account.passwordHash, values.currentPassword)))
    throw fail.validation({ currentPassword: USER_MESSAGES.passwordIncorrect }, USER_MESSAGES.passwordIncorrect);
  const changes = {
    passwordHash: await hashPassword(values.newPassword),
    credentialsVersion: sql`${users.credentialsVersion} + 1`,
  };
  return revokeAndReissue({ ctx, userId, changes });
}

/**
 * Renames the account. Tokens keep the name they were issued with (only the
 * console's greeting reads it until the account is read again); the players'
 * names in instances already joined stay as they were when they joined.
 */
export async function renameAccount({
  ctx,
  userId,
  name,
}: {
  ctx: AppContext;
  userId: string;
  name: string;
}): Promise<UserRow> {
  const [row] = await ctx.db.update(users).set({ name, updatedAt: ctx.now() }).where(eq(users.id, userId)).returning();
  if (!row) throw fail.unauthenticated();
  return row;
}

/** Files a request to be upgraded to `role`, stamped with the server's clock. */
/**
 * Saves the profile of the account: birth date and sex (what games with age limits or sexRequired check), and
 * the interface language when given.
 */
export async function updateProfile({
  ctx,
  userId,
  profile,
}: {
  ctx: AppContext;
  userId: string;
  profile: ProfileInput;
}): Promise<UserRow> {
  const [row] = await ctx.db
    .update(users)
    .set({
      birthDate: profile.birthDate,
      sex: profile.sex,
      ...(profile.language === undefined ? {} : { language: profile.language }),
      updatedAt: ctx.now(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw fail.unauthenticated();
  return row;
}

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
 * provider ids) and the account photo's file. Gameplay records they leave behind are anonymised, not
 * deleted, so that instances and analytics other people rely on stay whole.
 */
export async function deleteAccount({ ctx, userId }: { ctx: AppContext; userId: string }): Promise<void> {
  const photoId = await ctx.db.transaction(async (tx) => {
    // Locking every admin row serialises concurrent deletions, so two last admins cannot remove each other at once.
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
    const [account] = await tx
      .select({ id: users.id, role: users.role, photoId: users.photoId })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!account) throw fail.unauthenticated();
    if (account.role === 'admin' && admins.length <= 1) throw new AppError('CONFLICT', USER_MESSAGES.lastAdmin);
    await anonymiseGameplayData({ tx, userId });
    await tx.delete(users).where(eq(users.id, userId));
    return account.photoId;
  });
  // The account photo goes with the account (after COMMIT: a rolled-back deletion keeps it).
  await removeAccountPhoto(ctx.config, photoId);
  ctx.realtime.disconnectUser(userId);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The name a deleted account's player states keep (spec 1 §8: remaining gameplay data are anonymised). */
export const DELETED_PLAYER_NAME = 'Deleted player';

/**
 * The one place where a deleted account's traces in other tables are cut
 * loose, inside the deletion's transaction. Gameplay is anonymised, not
 * deleted: other players' shared worlds and the designers' analytics must stay
 * whole (spec 1 §8: "remaining gameplay data are anonymised").
 *
 * The person's player id (their user id when they joined) is replaced by one
 * fresh random id everywhere it occurs: the player_states, gameplay_records and
 * player_messages columns, and inside the JSON states — their PlayerState
 * (`id`, and `playerId` of pending outputs), objects' `owner` and `createdBy`,
 * ids of objects they made (`{playerId}-{n}`), in their own rows, in the other
 * players' rows of the same instances and in those instances' worlds. A UUID
 * cannot occur by chance inside other text, so a textual replacement over the
 * JSON reaches every place without listing them (and keeps working when the
 * state grows a field). One id per person, not per row, so the analytics and
 * the dashboard still count one player. `user_id` becomes null (the foreign
 * key would do it too) and the name 'Deleted player'.
 *
 * Games the person owned are kept, not deleted: games.owner_id is ON DELETE
 * SET NULL, so they stay with their co-designers and the admins and show a
 * 'Deleted user' owner (db/schema.ts `games`); their edit locks go with them.
 */
async function anonymiseGameplayData({ tx, userId }: { tx: Transaction; userId: string }): Promise<void> {
  const instances = await tx
    .selectDistinct({ id: playerStates.instanceId })
    .from(playerStates)
    .where(eq(playerStates.playerId, userId));
  // Their messages lose their author, as members of a team too (who hold no player row of their own).
  if (instances.length === 0) {
    await anonymiseChatMessages(tx, { userId, fresh: null, deletedName: DELETED_PLAYER_NAME, instanceIds: [] });
    return;
  }
  const ids = instances.map((row) => row.id).sort();
  // The instances' row locks (runtime/player-event.ts), taken in one order: no event writes a state back over ours.
  // The account's row is locked already (deleteAccount): no start of theirs can add a row we would not see.
  await lockInstances(tx, ids);
  const fresh = randomUUID();
  const replaced = (column: AnyColumn) => sql`replace(${column}::text, ${userId}, ${fresh})::jsonb`;

  // Player rows are written by the runtime alone (instance-rows.ts), under the locks just taken.
  await anonymisePlayerRows(tx, { instanceIds: ids, playerId: userId, freshId: fresh, name: DELETED_PLAYER_NAME });
  await tx
    .update(gameplayRecords)
    .set({
      playerId: sql`case when ${gameplayRecords.playerId} = ${userId} then ${fresh} else ${gameplayRecords.playerId} end`,
      record: replaced(gameplayRecords.record),
    })
    .where(inArray(gameplayRecords.instanceId, ids));
  await tx
    .update(playerPositions)
    .set({ playerId: fresh })
    .where(and(inArray(playerPositions.instanceId, ids), eq(playerPositions.playerId, userId)));
  // The stored answers of retried events carry the player's view: nobody retries for a deleted account.
  await tx
    .delete(playerEventAnswers)
    .where(and(inArray(playerEventAnswers.instanceId, ids), eq(playerEventAnswers.playerId, userId)));
  await anonymiseChatMessages(tx, { userId, fresh, deletedName: DELETED_PLAYER_NAME, instanceIds: ids });
  await tx
    .update(playerMessages)
    .set({ playerId: fresh })
    .where(and(inArray(playerMessages.instanceId, ids), eq(playerMessages.playerId, userId)));
  await tx
    .update(instanceEvents)
    .set({
      playerId: sql`case when ${instanceEvents.playerId} = ${userId} then ${fresh} else ${instanceEvents.playerId} end`,
      entry: replaced(instanceEvents.entry),
    })
    .where(inArray(instanceEvents.instanceId, ids));
  // The name goes from the input log too (a start's event, a trade's written states), as from the states.
  const deleted = sql`to_jsonb(${DELETED_PLAYER_NAME}::text)`;
  await tx
    .update(instanceEvents)
    .set({ entry: sql`jsonb_set(${instanceEvents.entry}, '{event,name}', ${deleted})` })
    .where(
      and(
        inArray(instanceEvents.instanceId, ids),
        eq(instanceEvents.playerId, fresh),
        sql`${instanceEvents.entry}->'event' ? 'name'`,
      ),
    );
  await tx
    .update(instanceEvents)
    .set({ entry: sql`jsonb_set(${instanceEvents.entry}, array['players', ${fresh}, 'name'], ${deleted})` })
    .where(and(inArray(instanceEvents.instanceId, ids), sql`${instanceEvents.entry}->'players' ? ${fresh}`));
  await tx
    .update(gameInstances)
    .set({ world: replaced(gameInstances.world) })
    .where(inArray(gameInstances.id, ids));
}
