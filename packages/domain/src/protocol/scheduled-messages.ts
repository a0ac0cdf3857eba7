import { z } from 'zod';

/**
 * Scheduled messages (issue 28): an organiser's message to everyone of an instance, or to one player or team,
 * sent by the server's clock at a wall-clock time (`at`) or a number of minutes after the instance started
 * (`afterMinutes`). Kept as due timers (the same table and scheduler as the game clock), so each is sent once,
 * across several server processes and across a restart.
 */
export const SCHEDULED_MESSAGE_MAX = 2000;
/** The latest a message may be scheduled: a week after the instance started, or from now. */
export const MAX_SCHEDULE_MINUTES = 7 * 24 * 60;

export const scheduleMessageRequestSchema = z
  .object({
    /** One player row (a solo player or a team); absent: everyone in the instance. */
    playerId: z.string().min(1).optional(),
    message: z.string().trim().min(1, 'Write a message').max(SCHEDULED_MESSAGE_MAX),
    /** When to send it (ISO date-time). */
    at: z.string().datetime({ offset: true, message: 'Give a date and time' }).optional(),
    /** Or: minutes after the instance started. */
    afterMinutes: z.number().int().min(0).max(MAX_SCHEDULE_MINUTES).optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.at === undefined) === (body.afterMinutes === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'Give a time, or the minutes after the start' });
    }
  });
export type ScheduleMessageRequest = z.infer<typeof scheduleMessageRequestSchema>;

export const SCHEDULED_MESSAGE_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;

export const scheduledMessageSchema = z.object({
  id: z.string(),
  /** The player row it goes to (a solo player or a team), or null: everyone. */
  playerId: z.string().nullable(),
  /** That player's or team's name (null: everyone). */
  playerName: z.string().nullable(),
  message: z.string(),
  /** When it is (or was) due (ISO). */
  dueAt: z.string(),
  /** The minutes after the start it was scheduled for, when it was scheduled so. */
  afterMinutes: z.number().nullable(),
  status: z.enum(SCHEDULED_MESSAGE_STATUSES),
  /** When it was sent (ISO), and to how many player rows. */
  sentAt: z.string().nullable(),
  recipients: z.number().nullable(),
  /** Who scheduled it (their name). */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessageSchema>;

export const scheduledMessageListSchema = z.object({ messages: z.array(scheduledMessageSchema) });
export type ScheduledMessageList = z.infer<typeof scheduledMessageListSchema>;
