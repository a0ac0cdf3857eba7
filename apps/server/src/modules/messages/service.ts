/**
 * Messages both ways (issue 29; docs/outings.md "Messages"). A player's message is the player event `chat`:
 * it runs through the one event pipeline (runtime/player-event.ts) on its locking path, and is written here,
 * in that transaction (`keepChatMessage`), so it is kept exactly when the event is — queued offline with the
 * player's other events, applied at most once per client event id, logged for replay. The organiser reads and
 * answers in the console's inbox (manage right). Every new message is pushed (`chat`) to the accounts of its
 * conversation — a solo player, or every member of the team — and to the organisers' inbox room.
 */
import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import {
  domainTextRef,
  INBOX_WATCH_ID,
  MESSAGE_LIMITS,
  messagingSettingsOf,
  OPERATION_MESSAGES,
  PLAY_MESSAGES,
  SOCKET_EVENTS,
  type ChatMessage,
  type InboxAnswer,
  type InboxConversation,
  type MessageChannel,
  type MessagingSettings,
  type PlayerMessagesAnswer,
} from '@loci/domain';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import {
  chatMessages,
  gameInstances,
  games,
  messageQuickReplies,
  playerStates,
  teamMembers,
  teams,
  type ChatMessageRow,
} from '../../db/schema.js';
import { AppError, fail } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import type { CurrentUser } from '../../plugins/auth.js';
import { findInstanceAndPlayer } from '../../policies/play.js';
import { requireGameRight } from '../../policies/games.js';

/** The player statuses of rows that no longer take messages from the organiser's "everyone". */
const GONE: ('left game' | 'movedTo')[] = ['left game', 'movedTo'];

/** A message as the API and the sockets carry it. */
export function presentChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    instanceId: row.instanceId,
    playerId: row.playerId,
    channel: row.channel,
    direction: row.direction,
    author: row.author,
    memberId: row.memberId,
    text: row.text,
    when: row.createdAt.toISOString(),
    readAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

async function messagingOf(db: Executor, gameId: string): Promise<MessagingSettings> {
  const [found] = await db
    .select({ messaging: sql<MessagingSettings | null>`${games.settings}->'messaging'` })
    .from(games)
    .where(eq(games.id, gameId))
    .limit(1);
  return messagingSettingsOf({ messaging: found?.messaging ?? null });
}

/**
 * Whether the player may send this message now (inside the event's transaction, before it is stepped): the
 * game allows the channel, team chat comes from a team member, and the account has a message left of its
 * budget (MESSAGE_LIMITS, per account and instance; 429 MESSAGES_TOO_FAST with `retryAfter` in seconds).
 */
export async function admitChat(
  ctx: AppContext,
  db: Executor,
  args: { gameId: string; instanceId: string; userId: string; channel: MessageChannel; inTeam: boolean },
): Promise<void> {
  const allowed = await messagingOf(db, args.gameId);
  if (args.channel === 'organiser' && !allowed.organiser) {
    throw new AppError('MESSAGES_OFF', domainTextRef('MESSAGE_MESSAGES', 'organiserOff'));
  }
  if (args.channel === 'team') {
    if (!args.inTeam) throw new AppError('NOT_IN_A_TEAM', domainTextRef('MESSAGE_MESSAGES', 'noTeam'));
    if (!allowed.team) throw new AppError('MESSAGES_OFF', domainTextRef('MESSAGE_MESSAGES', 'teamOff'));
  }
  const taken = await ctx.limits.messages.take(`${args.userId}:${args.instanceId}`);
  if (!taken.ok) {
    throw new AppError('MESSAGES_TOO_FAST', domainTextRef('MESSAGE_MESSAGES', 'tooFast'), {
      extra: { retryAfter: Math.ceil(taken.retryAfterMs / 1000) },
    });
  }
}

/** Writes a player's message (in the transaction of its `chat` event) and answers it as pushed. */
export async function keepChatMessage(
  db: Executor,
  args: {
    gameId: string;
    instanceId: string;
    playerId: string;
    userId: string;
    memberId: string | null;
    author: string;
    channel: MessageChannel;
    text: string;
    now: Date;
  },
): Promise<ChatMessage> {
  const [row] = await db
    .insert(chatMessages)
    .values({
      gameId: args.gameId,
      instanceId: args.instanceId,
      playerId: args.playerId,
      memberId: args.memberId,
      senderId: args.userId,
      author: args.author,
      direction: 'in',
      channel: args.channel,
      text: args.text,
      createdAt: args.now,
    })
    .returning();
  return presentChatMessage(row!);
}

/** The accounts that read a player row's messages: the solo player, or every member of the team. */
async function readersOf(db: Executor, instanceId: string, playerIds: string[]): Promise<Map<string, string[]>> {
  const readers = new Map<string, string[]>(playerIds.map((id) => [id, []]));
  if (playerIds.length === 0) return readers;
  const solo = await db
    .select({ playerId: playerStates.playerId, userId: playerStates.userId })
    .from(playerStates)
    .where(and(eq(playerStates.instanceId, instanceId), inArray(playerStates.playerId, playerIds)));
  for (const row of solo) if (row.userId) readers.get(row.playerId)?.push(row.userId);
  const members = await db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.instanceId, instanceId), inArray(teamMembers.teamId, playerIds)));
  for (const row of members) if (row.teamId && row.userId) readers.get(row.teamId)?.push(row.userId);
  return readers;
}

/**
 * Pushes new messages (after their write committed): each to the accounts of its conversation and to the
 * organisers' inbox room. Fire-and-forget, as every push.
 */
export async function pushChatMessages(ctx: AppContext, messages: ChatMessage[]): Promise<void> {
  if (messages.length === 0) return;
  try {
    const instanceId = messages[0]!.instanceId;
    const readers = await readersOf(ctx.db, instanceId, [...new Set(messages.map((one) => one.playerId))]);
    for (const message of messages) {
      for (const userId of readers.get(message.playerId) ?? [])
        ctx.realtime.toUser(userId, SOCKET_EVENTS.chat, message);
      ctx.realtime.toPlayerWatchers(message.instanceId, INBOX_WATCH_ID, SOCKET_EVENTS.chat, message);
    }
  } catch (error) {
    ctx.log.warn({ err: error }, 'messages: push failed');
  }
}

/** Oldest first. */
const byTime = asc(chatMessages.createdAt);

// ─── The player ──────────────────────────────────────────────────────────────

/**
 * GET /api/play/instances/{instanceId}/messages: the caller's conversation with the organiser and, in a team,
 * their team's chat — never another player's or team's.
 */
export async function getPlayerMessages(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
}): Promise<PlayerMessagesAnswer> {
  const { ctx, user, instanceId } = args;
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  const [member] = await ctx.db
    .select({ id: teamMembers.id, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.instanceId, instance.id), eq(teamMembers.userId, user.id)))
    .limit(1);
  const inTeam = Boolean(member && member.teamId === player.playerId);
  const rows = await ctx.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.instanceId, instance.id), eq(chatMessages.playerId, player.playerId)))
    .orderBy(byTime);
  const allowed = await messagingOf(ctx.db, instance.gameId);
  const organiser = rows.filter((row) => row.channel === 'organiser').map(presentChatMessage);
  return {
    organiser,
    team: inTeam ? rows.filter((row) => row.channel === 'team').map(presentChatMessage) : [],
    unread: organiser.filter((one) => one.direction === 'out' && one.readAt === null).length,
    allowed: { organiser: allowed.organiser, team: inTeam && allowed.team },
    memberId: inTeam ? member!.id : null,
  };
}

/** POST /api/play/instances/{instanceId}/messages/read: the organiser's messages to the caller are read. */
export async function markPlayerMessagesRead(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
}): Promise<{ unread: number }> {
  const { ctx, user, instanceId } = args;
  const { instance, player } = await findInstanceAndPlayer(ctx, user, instanceId);
  await ctx.db
    .update(chatMessages)
    .set({ readAt: ctx.now() })
    .where(
      and(
        eq(chatMessages.instanceId, instance.id),
        eq(chatMessages.playerId, player.playerId),
        eq(chatMessages.channel, 'organiser'),
        eq(chatMessages.direction, 'out'),
        isNull(chatMessages.readAt),
      ),
    );
  return { unread: 0 };
}

// ─── The organiser ───────────────────────────────────────────────────────────

/** The instance, when the caller has the manage right on its game (404 for an unknown one, 403 without). */
async function requireManagedInstance(ctx: AppContext, user: CurrentUser, instanceId: string) {
  const [instance] = isUuid(instanceId)
    ? await ctx.db
        .select({ id: gameInstances.id, gameId: gameInstances.gameId })
        .from(gameInstances)
        .where(eq(gameInstances.id, instanceId))
        .limit(1)
    : [];
  if (!instance) throw fail.notFound(PLAY_MESSAGES.instanceNotFound);
  await requireGameRight({ ctx, user, gameId: instance.gameId, right: 'manage' });
  return instance;
}

/**
 * GET /api/manage/instances/{instanceId}/inbox: every team's or player's conversation with the organiser and
 * every team's chat, with unread counts, those with the newest message first (manage right).
 */
export async function getInbox(args: { ctx: AppContext; user: CurrentUser; instanceId: string }): Promise<InboxAnswer> {
  const { ctx, user } = args;
  const instance = await requireManagedInstance(ctx, user, args.instanceId);
  const rows = await ctx.db
    .select({ playerId: playerStates.playerId, name: playerStates.name, teamName: teams.name })
    .from(playerStates)
    .leftJoin(teams, and(eq(teams.instanceId, playerStates.instanceId), eq(teams.teamId, playerStates.playerId)))
    .where(eq(playerStates.instanceId, instance.id))
    .orderBy(asc(playerStates.joinedAt));
  const messages = await ctx.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.instanceId, instance.id))
    .orderBy(byTime);
  const conversations = new Map<string, InboxConversation>(
    rows.map((row) => [
      row.playerId,
      {
        playerId: row.playerId,
        name: row.teamName ?? row.name,
        isTeam: row.teamName !== null,
        unread: 0,
        lastWhen: null,
        organiser: [],
        team: [],
      },
    ]),
  );
  for (const row of messages) {
    const conversation = conversations.get(row.playerId);
    if (!conversation) continue;
    const message = presentChatMessage(row);
    conversation[row.channel].push(message);
    conversation.lastWhen = message.when;
    if (row.channel === 'organiser' && row.direction === 'in' && row.readAt === null) conversation.unread += 1;
  }
  const [saved] = await ctx.db
    .select({ replies: messageQuickReplies.replies })
    .from(messageQuickReplies)
    .where(eq(messageQuickReplies.gameId, instance.gameId))
    .limit(1);
  const sorted = [...conversations.values()].sort((a, b) => (b.lastWhen ?? '').localeCompare(a.lastWhen ?? ''));
  return { conversations: sorted, quickReplies: saved?.replies ?? null };
}

/**
 * POST /api/manage/instances/{instanceId}/messages: the organiser writes to one team or player (`playerId`),
 * or to everyone still playing the instance (`playerId` null). Answers how many conversations it reached.
 */
export async function sendOrganiserMessage(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  body: { playerId: string | null; text: string };
}): Promise<{ sent: number }> {
  const { ctx, user, body } = args;
  const instance = await requireManagedInstance(ctx, user, args.instanceId);
  const conditions = [eq(playerStates.instanceId, instance.id)];
  if (body.playerId !== null) conditions.push(eq(playerStates.playerId, body.playerId));
  else conditions.push(notInArray(playerStates.status, GONE));
  const recipients = await ctx.db
    .select({ playerId: playerStates.playerId })
    .from(playerStates)
    .where(and(...conditions));
  if (body.playerId !== null && recipients.length === 0) {
    throw fail.notFound(OPERATION_MESSAGES.playerNotFound);
  }
  const sent = await recordOrganiserMessages(ctx, {
    gameId: instance.gameId,
    sender: user,
    text: body.text,
    recipients: recipients.map((one) => ({ instanceId: instance.id, playerId: one.playerId })),
  });
  return { sent };
}

/**
 * Keeps an organiser's message in each recipient's conversation and pushes it (also called by the manage
 * module's send-message, so its messages land in the same conversations). Answers how many were written.
 */
export async function recordOrganiserMessages(
  ctx: AppContext,
  args: {
    gameId: string;
    sender: { id: string; name: string };
    text: string;
    recipients: { instanceId: string; playerId: string }[];
  },
): Promise<number> {
  if (args.recipients.length === 0) return 0;
  const now = ctx.now();
  const rows = await ctx.db
    .insert(chatMessages)
    .values(
      args.recipients.map((recipient) => ({
        gameId: args.gameId,
        instanceId: recipient.instanceId,
        playerId: recipient.playerId,
        senderId: args.sender.id,
        author: args.sender.name,
        direction: 'out' as const,
        channel: 'organiser' as const,
        text: args.text.slice(0, MESSAGE_LIMITS.maxLength),
        createdAt: now,
      })),
    )
    .returning();
  const byInstance = new Map<string, ChatMessage[]>();
  for (const row of rows) {
    const list = byInstance.get(row.instanceId) ?? [];
    list.push(presentChatMessage(row));
    byInstance.set(row.instanceId, list);
  }
  for (const list of byInstance.values()) await pushChatMessages(ctx, list);
  return rows.length;
}

/** POST /api/manage/instances/{instanceId}/inbox/{playerId}/read: the organiser read that conversation. */
export async function markInboxRead(args: {
  ctx: AppContext;
  user: CurrentUser;
  instanceId: string;
  playerId: string;
}): Promise<{ unread: number }> {
  const { ctx, user } = args;
  const instance = await requireManagedInstance(ctx, user, args.instanceId);
  await ctx.db
    .update(chatMessages)
    .set({ readAt: ctx.now() })
    .where(
      and(
        eq(chatMessages.instanceId, instance.id),
        eq(chatMessages.playerId, args.playerId),
        eq(chatMessages.channel, 'organiser'),
        eq(chatMessages.direction, 'in'),
        isNull(chatMessages.readAt),
      ),
    );
  return { unread: 0 };
}

/** PUT /api/manage/games/{gameId}/quick-replies: the inbox's quick replies of a game (manage right). */
export async function saveQuickReplies(args: {
  ctx: AppContext;
  user: CurrentUser;
  gameId: string;
  quickReplies: string[];
}): Promise<{ quickReplies: string[] }> {
  const { ctx, user, gameId, quickReplies } = args;
  const game = await requireGameRight({ ctx, user, gameId, right: 'manage' });
  const now = ctx.now();
  await ctx.db
    .insert(messageQuickReplies)
    .values({ gameId: game.row.id, replies: quickReplies, updatedAt: now })
    .onConflictDoUpdate({ target: messageQuickReplies.gameId, set: { replies: quickReplies, updatedAt: now } });
  return { quickReplies };
}

/**
 * The account deletion's part (account/service.ts, in its transaction): messages the person wrote keep their
 * text, lose their author (the name 'Deleted player', no account); a solo player's conversation follows their
 * player id to its fresh one.
 */
export async function anonymiseChatMessages(
  db: Executor,
  args: { userId: string; fresh: string | null; deletedName: string; instanceIds: string[] },
): Promise<void> {
  await db
    .update(chatMessages)
    .set({ author: args.deletedName, senderId: null })
    .where(and(eq(chatMessages.senderId, args.userId), eq(chatMessages.direction, 'in')));
  if (args.fresh && args.instanceIds.length > 0) {
    await db
      .update(chatMessages)
      .set({ playerId: args.fresh })
      .where(and(inArray(chatMessages.instanceId, args.instanceIds), eq(chatMessages.playerId, args.userId)));
  }
}
