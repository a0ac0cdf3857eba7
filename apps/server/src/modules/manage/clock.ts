/**
 * The operators' controls of the game clock (issue 28): pause and resume the
 * whole instance's clock, add (or take) minutes for one player row — a solo
 * player or a team, e.g. an allowance for a latecomer —, and a playtest's speed
 * (1–20×: only on a working-version instance, by whoever may debug it, i.e.
 * play the working version; everywhere else 409). Each is the engine's
 * operator event `clock`, stepped on the locking path (so the due timers are
 * written in the same transaction, runtime/clock.ts), audited in that
 * transaction, and pushed at once to the players whose clock it changed.
 */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../lib/uuid.js';
import { mayDebug } from '../../policies/play.js';
import { requireGameRight } from '../../policies/games.js';
import { OPERATION_MESSAGES, type ClockControlRequest, type RescueAnswer } from '@loci/domain';
import { playerChanges, stateChanges, viewOf } from '@loci/engine';
import type { AppContext } from '../../context.js';
import { gameInstances, playerStates } from '../../db/schema.js';
import { fail } from '../../lib/errors.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { stepInTransaction } from '../runtime/locked-step.js';
import { pushStepped } from '../runtime/pushes.js';
import { pushToTeamMembers } from '../runtime/clock-team-pushes.js';
import { shiftElapsedMessages } from '../runtime/scheduled-messages.js';
import { present, requireOperatedInstance, writeAudit } from './rescue.js';

export async function controlClock({
  ctx,
  user,
  instanceId,
  body,
}: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  body: ClockControlRequest;
}): Promise<RescueAnswer> {
  if (body.control === 'rate') await requirePlaytestClock(ctx, user, instanceId);
  else await requireOperatedInstance(ctx, user, instanceId);
  const playerId = body.control === 'addTime' ? body.playerId! : null;
  let playerName: string | null = null;
  if (playerId !== null) {
    const [player] = await ctx.db
      .select({ name: playerStates.name })
      .from(playerStates)
      .where(and(eq(playerStates.instanceId, instanceId), eq(playerStates.playerId, playerId)))
      .limit(1);
    if (!player) throw fail.notFound(OPERATION_MESSAGES.playerNotFound);
    playerName = player.name;
  }
  const event = {
    type: 'clock' as const,
    control: body.control,
    ...(playerId !== null ? { playerId, minutes: body.minutes } : {}),
    ...(body.control === 'rate' ? { rate: body.rate } : {}),
  };
  const { stepped, row } = await ctx.db.transaction(async (tx) => {
    // Every player is loaded: a pause or a resume moves everyone's clock.
    const stepped = await stepInTransaction(ctx, tx, { instanceId, event, allPlayers: true });
    // Throwing rolls the step back.
    if (stepped.before.world.status !== 'active') throw fail.conflict(OPERATION_MESSAGES.clockNotActive);
    if (playerId !== null && !stepped.before.players[playerId]?.clock?.deadline) {
      throw fail.validation({ playerId: OPERATION_MESSAGES.noTimeLimit });
    }
    // Scheduled messages due minutes after the start wait out the pause too (runtime/scheduled-messages.ts).
    const pausedWhen = stepped.before.world.clockPausedWhen;
    if (body.control === 'resume' && pausedWhen) {
      await shiftElapsedMessages(tx, instanceId, stepped.instance.updatedAt.getTime() - Date.parse(pausedWhen));
    }
    const changes =
      playerId !== null
        ? playerChanges(stepped.before.players[playerId]!, stepped.result.state.players[playerId]!)
        : stateChanges(stepped.before.world, stepped.result.state.world, new Set(['revision']));
    const row = await writeAudit(tx, {
      instanceId,
      kind: 'clock',
      playerId,
      user,
      at: stepped.instance.updatedAt,
      what: {
        control: body.control,
        ...(playerId !== null ? { minutes: body.minutes } : {}),
        ...(body.control === 'rate' ? { rate: body.rate } : {}),
      },
      reason: body.reason,
      changes,
    });
    return { stepped, row };
  });
  // The phones show the new clock at once: every player whose state or world changed gets their view.
  const now = stepped.instance.updatedAt;
  const state = stepped.result.state;
  const moved = Object.keys(state.players).filter(
    (id) => state.world !== stepped.before.world || state.players[id] !== stepped.before.players[id],
  );
  const rows = await ctx.db
    .select({ playerId: playerStates.playerId, userId: playerStates.userId })
    .from(playerStates)
    .where(eq(playerStates.instanceId, instanceId));
  const users = new Map(rows.map((one) => [one.playerId, one.userId]));
  for (const id of moved) {
    const known = stepped.push.players.find((pushed) => pushed.playerId === id);
    if (known) {
      known.always = true;
      continue;
    }
    stepped.push.players.push({
      playerId: id,
      userId: users.get(id) ?? null,
      outputs: [],
      view: viewOf(stepped.spec, state, id, now),
      always: true,
    });
  }
  pushStepped(ctx, stepped.push);
  await pushToTeamMembers(ctx, [stepped.push]);
  return { entry: present(row, new Map(playerId !== null ? [[playerId, playerName ?? playerId]] : [])) };
}

/**
 * A playtest's speed (issue 28): whoever may debug the instance (a working-version instance, a caller who may
 * play the working version) may set it. On any other instance a manager is told 409 (the speed of a real game
 * is real time), anyone else 403; an unknown instance 404.
 */
async function requirePlaytestClock(ctx: AppContext, user: CurrentUser, instanceId: string): Promise<void> {
  const [instance] = isUuid(instanceId)
    ? await ctx.db.select().from(gameInstances).where(eq(gameInstances.id, instanceId)).limit(1)
    : [];
  if (!instance) throw fail.notFound(OPERATION_MESSAGES.instanceNotFound);
  if (await mayDebug(ctx, user, instance)) return;
  if (instance.isLiveSpec) throw fail.forbidden();
  await requireGameRight({ ctx, user, gameId: instance.gameId, right: 'manage' });
  throw fail.conflict(OPERATION_MESSAGES.clockRateOnlyPlaytest);
}
