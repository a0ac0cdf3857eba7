/**
 * The organisers' scheduled messages (issue 28): list, schedule and cancel the messages an instance's clock
 * sends — to everyone, or to one player or team — at a wall-clock time or some minutes after the instance
 * started. Each is a `scheduled_messages` row with a due timer in `due_timers`, written in one transaction; the
 * clock's scheduler sends it (runtime/scheduled-messages.ts). Manage right on the instance's game.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OPERATION_MESSAGES,
  scheduledMessageListSchema,
  scheduledMessageSchema,
  scheduleMessageRequestSchema,
  type ScheduledMessage,
  type ScheduledMessageList,
  type ScheduleMessageRequest,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import { dueTimers, playerStates, scheduledMessages, type ScheduledMessageRow } from '../../db/schema.js';
import type { Executor } from '../../db/client.js';
import { fail } from '../../lib/errors.js';
import { errorAnswers } from '../../lib/openapi.js';
import { isUuid } from '../../lib/uuid.js';
import { requireUser, type CurrentUser } from '../../plugins/auth.js';
import { lockInstance } from '../runtime/instance-rows.js';
import { messageTimerId } from '../runtime/scheduled-messages.js';
import { requireOperatedInstance } from './rescue.js';

const MINUTE = 60_000;

function statusOf(row: ScheduledMessageRow): ScheduledMessage['status'] {
  if (row.sentAt) return 'sent';
  if (row.cancelledAt) return 'cancelled';
  return 'scheduled';
}

function present(row: ScheduledMessageRow, names: ReadonlyMap<string, string>): ScheduledMessage {
  return {
    id: row.id,
    playerId: row.playerId,
    playerName: row.playerId !== null ? (names.get(row.playerId) ?? null) : null,
    message: row.message,
    dueAt: row.dueAt.toISOString(),
    afterMinutes: row.afterMinutes,
    status: statusOf(row),
    sentAt: row.sentAt?.toISOString() ?? null,
    recipients: row.recipients,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The names of an instance's player rows (solo players and teams), by id. */
async function namesOf(db: Executor, instanceId: string, playerIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ playerId: playerStates.playerId, name: playerStates.name })
    .from(playerStates)
    .where(and(eq(playerStates.instanceId, instanceId), inArray(playerStates.playerId, ids)));
  return new Map(rows.map((row) => [row.playerId, row.name]));
}

/** An instance's scheduled messages, the next due first (sent and cancelled ones too, for the record). */
export async function listScheduledMessages(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
): Promise<ScheduledMessageList> {
  await requireOperatedInstance(ctx, user, instanceId);
  const rows = await ctx.db
    .select()
    .from(scheduledMessages)
    .where(eq(scheduledMessages.instanceId, instanceId))
    .orderBy(asc(scheduledMessages.dueAt), asc(scheduledMessages.createdAt));
  const names = await namesOf(
    ctx.db,
    instanceId,
    rows.flatMap((row) => (row.playerId !== null ? [row.playerId] : [])),
  );
  return { messages: rows.map((row) => present(row, names)) };
}

/**
 * Schedules a message: due at `at`, or `afterMinutes` after the instance started. Refused with 400 when that
 * time has passed, 404 for a player or team not in the instance, 409 when the instance is over.
 */
export async function scheduleMessage(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
  body: ScheduleMessageRequest,
): Promise<ScheduledMessage> {
  await requireOperatedInstance(ctx, user, instanceId);
  return ctx.db.transaction(async (tx) => {
    const { row } = await lockInstance(tx, instanceId);
    if (row.status !== 'active') throw fail.conflict(OPERATION_MESSAGES.scheduleNotActive);
    const names = body.playerId !== undefined ? await namesOf(tx, instanceId, [body.playerId]) : new Map();
    if (body.playerId !== undefined && !names.has(body.playerId)) {
      throw fail.notFound(OPERATION_MESSAGES.playerNotFound);
    }
    const now = ctx.now();
    const dueAt =
      body.at !== undefined ? new Date(body.at) : new Date(row.createdAt.getTime() + (body.afterMinutes ?? 0) * MINUTE);
    if (dueAt.getTime() < now.getTime() - MINUTE) {
      throw fail.validation({ [body.at !== undefined ? 'at' : 'afterMinutes']: OPERATION_MESSAGES.scheduledInPast });
    }
    const [stored] = await tx
      .insert(scheduledMessages)
      .values({
        instanceId,
        playerId: body.playerId ?? null,
        message: body.message,
        dueAt,
        afterMinutes: body.afterMinutes ?? null,
        createdBy: user.id,
        createdByName: user.name,
        createdAt: now,
      })
      .returning();
    await tx.insert(dueTimers).values({ instanceId, playerId: messageTimerId(stored!.id), dueAt, leaseUntil: null });
    return present(stored!, names);
  });
}

/** Cancels a message not sent yet: its timer goes. 404 for an unknown one, 409 once sent or cancelled. */
export async function cancelScheduledMessage(
  ctx: AppContext,
  user: CurrentUser,
  instanceId: string,
  messageId: string,
): Promise<ScheduledMessage> {
  await requireOperatedInstance(ctx, user, instanceId);
  return ctx.db.transaction(async (tx) => {
    // The instance row first, as the scheduler takes it: a cancel and a send never cross.
    await lockInstance(tx, instanceId);
    const [found] = isUuid(messageId)
      ? await tx
          .select()
          .from(scheduledMessages)
          .where(and(eq(scheduledMessages.id, messageId), eq(scheduledMessages.instanceId, instanceId)))
          .for('update')
      : [];
    if (!found) throw fail.notFound(OPERATION_MESSAGES.scheduledMessageNotFound);
    if (found.sentAt || found.cancelledAt) throw fail.conflict(OPERATION_MESSAGES.scheduledMessageDone);
    const [cancelled] = await tx
      .update(scheduledMessages)
      .set({ cancelledAt: ctx.now() })
      .where(eq(scheduledMessages.id, messageId))
      .returning();
    await tx
      .delete(dueTimers)
      .where(and(eq(dueTimers.instanceId, instanceId), eq(dueTimers.playerId, messageTimerId(messageId))));
    const names = found.playerId !== null ? await namesOf(tx, instanceId, [found.playerId]) : new Map();
    return present(cancelled!, names);
  });
}

const tags = ['manage'];
const security = [{ bearerAuth: [] }];
const params = z.object({ id: z.string() });

/** The routes of the scheduled messages (issue 28), under /api/manage/instances/{id}/scheduled-messages. */
export async function scheduledMessageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/manage/instances/:id/scheduled-messages',
    {
      schema: {
        tags,
        security,
        summary:
          'The scheduled messages of an instance (issue 28): scheduled, sent and cancelled, the next due first (manage right)',
        params,
        response: { 200: scheduledMessageListSchema, ...errorAnswers(401, 403, 404) },
      },
    },
    async (request) => listScheduledMessages(ctx, requireUser(request), request.params.id),
  );

  api.post(
    '/manage/instances/:id/scheduled-messages',
    {
      schema: {
        tags,
        security,
        summary:
          'Schedule a message to everyone of an instance, or to one player or team, at a time (`at`) or minutes after the instance started (`afterMinutes`); sent by the server’s clock once (manage right; 400 field errors, e.g. a time that has passed; 404 an unknown player; 409 when the instance is over)',
        params,
        body: scheduleMessageRequestSchema,
        response: { 201: scheduledMessageSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const scheduled = await scheduleMessage(ctx, requireUser(request), request.params.id, request.body);
      return reply.code(201).send(scheduled);
    },
  );

  api.delete(
    '/manage/instances/:id/scheduled-messages/:messageId',
    {
      schema: {
        tags,
        security,
        summary:
          'Cancel a scheduled message that has not been sent (manage right; 404 an unknown message; 409 once it was sent or cancelled)',
        params: params.extend({ messageId: z.string() }),
        response: { 200: scheduledMessageSchema, ...errorAnswers(401, 403, 404, 409) },
      },
    },
    async (request) => cancelScheduledMessage(ctx, requireUser(request), request.params.id, request.params.messageId),
  );
}
