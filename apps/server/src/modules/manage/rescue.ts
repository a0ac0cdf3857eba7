import { and, asc, eq } from 'drizzle-orm';
import {
  OPERATION_MESSAGES,
  type AuditEntry,
  type AuditKind,
  type AuditList,
  type RescueAnswer,
  type RescueRequest,
} from '@loci/domain';
import { playerChanges, rescueProblems, stateChanges, viewOf, type StateChange, type WorldState } from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { gameInstances, operatorAudit, playerStates, type OperatorAuditRow } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { stepInTransaction } from '../runtime/locked-step.js';
import { pushStepped } from '../runtime/pushes.js';

/** The instance's game when the caller has the manage (operate) right on it; 404 / 403 otherwise. */
async function requireOperatedInstance(ctx: AppContext, user: CurrentUser, instanceId: string): Promise<void> {
  const [instance] = isUuid(instanceId)
    ? await ctx.db
        .select({ gameId: gameInstances.gameId })
        .from(gameInstances)
        .where(eq(gameInstances.id, instanceId))
        .limit(1)
    : [];
  if (!instance) throw fail.notFound(OPERATION_MESSAGES.instanceNotFound);
  await requireGameRight({ ctx, user, gameId: instance.gameId, right: 'manage' });
}

/** A change as stored and answered: JSON has no undefined, an absent value is null. */
const stored = (changes: StateChange[]) =>
  changes.map(({ path, before, after }) => ({ path, before: before ?? null, after: after ?? null }));

/** Appends one audit row inside the transaction of the change it describes. */
export async function writeAudit(
  tx: Transaction,
  entry: {
    instanceId: string;
    kind: AuditKind;
    playerId: string | null;
    user: CurrentUser;
    at: Date;
    what: unknown;
    reason: string;
    changes: StateChange[];
  },
): Promise<OperatorAuditRow> {
  const [row] = await tx
    .insert(operatorAudit)
    .values({
      instanceId: entry.instanceId,
      kind: entry.kind,
      playerId: entry.playerId,
      actorId: entry.user.id,
      actorName: entry.user.name,
      at: entry.at,
      what: entry.what,
      reason: entry.reason,
      changes: stored(entry.changes),
    })
    .returning();
  return row!;
}

/** The world edit's audit hook for `mutateWorld`: who changed what of the world and why, before → after. */
export function worldAudit(
  user: CurrentUser,
  instanceId: string,
  what: unknown,
  at: Date,
  reason: string,
): (tx: Transaction, before: WorldState, after: WorldState) => Promise<void> {
  return async (tx, before, after) => {
    const changes = stateChanges(before, after, new Set(['revision']));
    await writeAudit(tx, { instanceId, kind: 'world', playerId: null, user, at, what, reason, changes });
  };
}

function present(row: OperatorAuditRow, names: ReadonlyMap<string, string>): AuditEntry {
  return {
    id: row.id,
    instanceId: row.instanceId,
    kind: row.kind,
    playerId: row.playerId,
    playerName: row.playerId ? (names.get(row.playerId) ?? null) : null,
    actorId: row.actorId,
    actorName: row.actorName,
    at: row.at.toISOString(),
    what: row.what,
    reason: row.reason,
    changes: row.changes,
  };
}

/**
 * Rescues a player (manage right): the operator's actions as the engine's
 * `rescue` event, stepped on the store's locking path; 400 with field errors
 * (`actions.{i}.{field}`) when one cannot apply to the player as they are
 * under the lock. The audit row is written in the step's transaction; the
 * player is pushed their outputs and view after COMMIT, even when the rescue
 * showed nothing (a closed dialog, a re-armed rule).
 */
export async function rescuePlayer({
  ctx,
  user,
  instanceId,
  playerId,
  body,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  playerId: string;
  body: RescueRequest;
}): Promise<RescueAnswer> {
  await requireOperatedInstance(ctx, user, instanceId);
  const [player] = await ctx.db
    .select({ userId: playerStates.userId, name: playerStates.name })
    .from(playerStates)
    .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, playerId)))
    .limit(1);
  if (!player) throw fail.notFound(OPERATION_MESSAGES.playerNotFound);
  const event = { type: 'rescue' as const, playerId, actions: body.actions };
  const { stepped, row } = await ctx.db.transaction(async (tx) => {
    const stepped = await stepInTransaction(ctx, tx, { instanceId, event });
    const before = stepped.before.players[playerId]!;
    const problems = rescueProblems(stepped.spec, before, body.actions);
    // Throwing rolls the step back: nothing of a refused rescue is written.
    if (Object.keys(problems).length > 0) throw fail.validation(problems);
    const changes = playerChanges(before, stepped.result.state.players[playerId]!);
    const row = await writeAudit(tx, {
      instanceId,
      kind: 'rescue',
      playerId,
      user,
      at: stepped.instance.updatedAt,
      what: body.actions,
      reason: body.reason,
      changes,
    });
    return { stepped, row };
  });
  const push = stepped.push;
  // The player's screen follows the rescue even when nothing is shown (a closed dialog, a re-armed rule).
  const pushed = push.players.find((candidate) => candidate.playerId === playerId);
  if (pushed) pushed.always = true;
  else {
    const view = viewOf(stepped.spec, stepped.result.state, playerId);
    push.players.push({ playerId, userId: player.userId, outputs: [], view, always: true });
  }
  pushStepped(ctx, push);
  return { entry: present(row, new Map([[playerId, player.name]])) };
}

/** An instance's audit log, oldest first (manage right). */
export async function listAudit({
  ctx,
  user,
  instanceId,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
}): Promise<AuditList> {
  await requireOperatedInstance(ctx, user, instanceId);
  const [rows, players] = await Promise.all([
    ctx.db.select().from(operatorAudit).where(eq(operatorAudit.instanceId, instanceId)).orderBy(asc(operatorAudit.id)),
    ctx.db
      .select({ playerId: playerStates.playerId, name: playerStates.name })
      .from(playerStates)
      .where(eq(playerStates.instanceId, instanceId)),
  ]);
  const names = new Map(players.map((player) => [player.playerId, player.name]));
  return { entries: rows.map((row) => present(row, names)) };
}
