import { z } from 'zod';

/**
 * Messages both ways (issue 29, docs/outings.md "Messages"): a player (or a team member, in the team's name)
 * writes to the organiser or to their team's chat with the player event `chat` (events.ts), so it is queued
 * offline with the player's other events and kept in the instance's input log; the organiser answers from the
 * console's inbox. This file holds the limits, the settings, the shapes the API answers and the socket payloads.
 */

/** The longest message, in characters, and how many a player may send: a burst, then so many a minute. */
export const MESSAGE_LIMITS = { maxLength: 1000, burst: 10, perMinute: 10, quickReplies: 20 } as const;

/** Where a message goes: between a player (or team) and the organiser, or among a team's members. */
export const MESSAGE_CHANNELS = ['organiser', 'team'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** Who wrote it: the player's side (`in`, to the organiser or the team) or the organiser (`out`). */
export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

export const MESSAGE_MESSAGES = {
  empty: 'Write a message',
  tooLong: `At most ${MESSAGE_LIMITS.maxLength} characters`,
  tooFast: 'You are sending messages too fast. Wait a moment and try again',
  organiserOff: 'Messages to the organiser are turned off in this game',
  teamOff: 'Team chat is turned off in this game',
  noTeam: 'Team chat is for players of a team',
  noRecipient: 'Choose who gets the message',
} as const;

/** Text of a message: plain text (control characters other than line breaks removed), trimmed, 1–maxLength. */
export const messageTextSchema = z
  .string()
  .transform((value) => plainMessageText(value))
  .pipe(z.string().min(1, MESSAGE_MESSAGES.empty).max(MESSAGE_LIMITS.maxLength, MESSAGE_MESSAGES.tooLong));

/** Plain text: no control characters but line breaks and tabs, at most two line breaks in a row, trimmed. */
export function plainMessageText(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** The game setting: whether players may write to the organiser and to their team (absent: both on). */
export const messagingSettingsSchema = z.object({
  organiser: z.boolean(),
  team: z.boolean(),
});
export type MessagingSettings = z.infer<typeof messagingSettingsSchema>;
export const DEFAULT_MESSAGING_SETTINGS: MessagingSettings = { organiser: true, team: true };

/** The messaging setting of a game (both on for games saved before it existed). */
export function messagingSettingsOf(settings: { messaging?: MessagingSettings | null } | null | undefined) {
  return settings?.messaging ?? DEFAULT_MESSAGING_SETTINGS;
}

/** One message as the API and the sockets carry it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  /** The player row the message belongs to: a solo player or a team. */
  playerId: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  direction: z.enum(MESSAGE_DIRECTIONS),
  /** Who wrote it: the member's, player's or organiser's name. */
  author: z.string(),
  /** The team member who wrote it (null: a solo player, or the organiser). */
  memberId: z.string().nullable(),
  text: z.string(),
  when: z.string(),
  /** When the other side read it (organiser messages: the player; players' messages: the organiser). */
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A player's messages: their conversation with the organiser and their team's chat. */
export const playerMessagesAnswerSchema = z.object({
  organiser: z.array(chatMessageSchema),
  team: z.array(chatMessageSchema),
  /** Organiser messages the player has not read yet. */
  unread: z.number().int(),
  /** What the game allows (team: false for a solo player). */
  allowed: z.object({ organiser: z.boolean(), team: z.boolean() }),
  /** The caller's own member id in a team (their messages in the team chat carry it), else null. */
  memberId: z.string().nullable(),
});
export type PlayerMessagesAnswer = z.infer<typeof playerMessagesAnswerSchema>;

/** One conversation of the organiser's inbox: a team or a solo player, with their messages. */
export const inboxConversationSchema = z.object({
  playerId: z.string(),
  /** The team's or player's name. */
  name: z.string(),
  isTeam: z.boolean(),
  /** Players' messages to the organiser not read yet. */
  unread: z.number().int(),
  lastWhen: z.string().nullable(),
  organiser: z.array(chatMessageSchema),
  team: z.array(chatMessageSchema),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;

export const inboxAnswerSchema = z.object({
  conversations: z.array(inboxConversationSchema),
  /** The game's quick replies; null while none were saved (the console offers its own, in the reader's language). */
  quickReplies: z.array(z.string()).nullable(),
});
export type InboxAnswer = z.infer<typeof inboxAnswerSchema>;

/** The organiser's message: to everyone of the instance, or to one team or player (`playerId`). */
export const organiserMessageBodySchema = z.object({
  playerId: z.string().min(1).max(200).nullable(),
  text: messageTextSchema,
});
export type OrganiserMessageBody = z.input<typeof organiserMessageBodySchema>;

export const organiserMessageAnswerSchema = z.object({ sent: z.number().int() });

/** The organiser's quick replies (per game; an empty list is allowed). */
export const quickRepliesBodySchema = z.object({
  quickReplies: z.array(messageTextSchema).max(MESSAGE_LIMITS.quickReplies),
});

/** The pseudo player id of the organisers' inbox room (`watchPlayer` with it, manage right): never a player's id. */
export const INBOX_WATCH_ID = '~inbox';
