import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  OPERATION_MESSAGES,
  RESCUE_MESSAGES,
  SOCKET_EVENTS,
  type AuditEntry,
  type AuditKind,
  type AuditList,
  type RescueAction,
  type RescueAnswer,
  type RescueEventAction,
  type RescueRequest,
  type TeamMemberRef,
} from '@loci/domain';
import { playerChanges, rescueProblems, stateChanges, viewOf, type StateChange, type WorldState } from '@loci/engine';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import {
  gameInstances,
  operatorAudit,
  playerStates,
  teamMembers,
  teams,
  type OperatorAuditRow,
} from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { requireGameRight } from '../../policies/games.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { pushToTeamMembers } from '../runtime/clock-team-pushes.js';
import { stepInTransaction } from '../runtime/locked-step.js';
import { pushStepped } from '../runtime/pushes.js';

/** The instance's game when the caller has the manage (operate) right on it; 404 / 403 otherwise. */
export async function requireOperatedInstance(ctx: AppContext, user: CurrentUser, instanceId: string): Promise<void> {
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

/** The members a rescue's actions acted on (a teleport of a team's member names them), once each. */
function membersOf(what: unknown): TeamMemberRef[] {
  if (!Array.isArray(what)) return [];
  const members = new Map<string, TeamMemberRef>();
  for (const action of what as Array<{ member?: Partial<TeamMemberRef> }>) {
    const member = action?.member;
    if (typeof member?.id === 'string' && typeof member.name === 'string')
      members.set(member.id, { id: member.id, name: member.name });
  }
  return [...members.values()];
}

export function present(row: OperatorAuditRow, names: ReadonlyMap<string, string>): AuditEntry {
  return {
    id: row.id,
    instanceId: row.instanceId,
    kind: row.kind,
    playerId: row.playerId,
    playerName: row.playerId ? (names.get(row.playerId) ?? null) : null,
    members: row.kind === 'rescue' ? membersOf(row.what) : [],
    actorId: row.actorId,
    actorName: row.actorName,
    at: row.at.toISOString(),
    what: row.what,
    reason: row.reason,
    changes: row.changes,
  };
}

/**
 * The rescue's actions as the event carries them. In a game played in teams (`team`: the team's members who have
 * joined) a member's action (a teleport) must name one of them, and the event names them too (id and name, as
 * their own location event does); a solo player has no members to name. 400 with `actions.{i}.memberId`.
 */
function eventActionsOf(actions: readonly RescueAction[], team: readonly TeamMemberRef[] | null): RescueEventAction[] {
  const errors: Record<string, string> = {};
  const named = actions.map((action, index): RescueEventAction => {
    // The actions on one member (MEMBER_RESCUE_ACTION_KINDS): a teleport.
    if (action.kind !== 'teleport') return action;
    const { memberId, ...rest } = action;
    if (!team) {
      if (memberId !== undefined) errors[`actions.${index}.memberId`] = RESCUE_MESSAGES.notTeam;
      return rest;
    }
    const member = memberId === undefined ? undefined : team.find((candidate) => candidate.id === memberId);
    if (!member)
      errors[`actions.${index}.memberId`] =
        memberId === undefined ? RESCUE_MESSAGES.chooseMember : RESCUE_MESSAGES.unknownMember;
    return member ? { ...rest, memberId: member.id, member } : rest;
  });
  if (Object.keys(errors).length > 0) throw fail.validation(errors);
  return named;
}

/** The members of a team who have joined (an account bound), or null when `playerId` is not a team of the instance. */
async function joinedMembersOf(ctx: AppContext, instanceId: string, playerId: string): Promise<TeamMemberRef[] | null> {
  const [team] = await ctx.db
    .select({ id: teams.teamId })
    .from(teams)
    .where(and(eq(teams.instanceId, instanceId), eq(teams.teamId, playerId)))
    .limit(1);
  if (!team) return null;
  return ctx.db
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(and(eq(teamMembers.instanceId, instanceId), eq(teamMembers.teamId, playerId), isNotNull(teamMembers.userId)))
    .orderBy(asc(teamMembers.position));
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
  // A team (games played in teams): one shared progress, each member's own position (docs/operations.md).
  const team = await joinedMembersOf(ctx, instanceId, playerId);
  const actions = eventActionsOf(body.actions, team);
  const event = { type: 'rescue' as const, playerId, actions };
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
      what: actions,
      reason: body.reason,
      changes,
    });
    // A member placed: their own position on the team's list, where their teammates' maps read it.
    for (const action of actions) {
      if (action.kind === 'teleport' && action.member)
        await tx
          .update(teamMembers)
          .set({ latitude: action.latitude, longitude: action.longitude })
          .where(eq(teamMembers.id, action.member.id));
    }
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
  if (team) {
    // A team's row has no account: every member's phone follows the rescue, and their maps move the member placed.
    await pushToTeamMembers(ctx, [push]);
    pushTeamPositions(ctx, instanceId, playerId, actions);
  }
  return { entry: present(row, new Map([[playerId, player.name]])) };
}

/** A teleported member's new position, to their team's phones (as after their own walk: runtime/team-step.ts). */
function pushTeamPositions(ctx: AppContext, instanceId: string, teamId: string, actions: readonly RescueEventAction[]) {
  const placed = actions.filter((action) => action.kind === 'teleport' && action.member);
  if (placed.length === 0) return;
  void ctx.db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.instanceId, instanceId), eq(teamMembers.teamId, teamId), isNotNull(teamMembers.userId)))
    .then((members) => {
      for (const action of placed) {
        if (action.kind !== 'teleport' || !action.member) continue;
        for (const { userId } of members)
          ctx.realtime.toUser(userId!, SOCKET_EVENTS.teamPosition, {
            instanceId,
            member: action.member,
            latitude: action.latitude,
            longitude: action.longitude,
          });
      }
    })
    .catch((error: unknown) => ctx.log.warn({ err: error, instanceId }, 'rescue: team position push failed'));
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
