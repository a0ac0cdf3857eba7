import {
  MESSAGE_LIMITS,
  SOCKET_EVENTS,
  type ChatMessage,
  type MessageChannel,
  type PlayerMessagesAnswer,
} from '@loci/domain';
import { Badge, Button, Drawer, Group, Paper, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagesApi } from '../../../api/messages';
import type { PlayEvent } from '../../../api/play';
import { useRealtimeEvent, useRealtimeReconnect } from '../../../api/realtime';
import './messages-locales';

const messagesKey = (instanceId: string) => ['play', 'messages', instanceId] as const;

/** A message written on this phone that the server has not answered yet (offline, or on its way). */
interface Pending {
  key: number;
  channel: MessageChannel;
  text: string;
  /** How many of the caller's messages of this channel had this text when it was written. */
  baseline: number;
}

/** How many of the caller's own messages of a channel have this text. */
function countMine(answer: PlayerMessagesAnswer | undefined, channel: MessageChannel, text: string): number {
  if (!answer) return 0;
  return answer[channel].filter((one) => one.text === text && isMine(one, answer)).length;
}

/** While messages wait, the conversation is read again this often (a push may come while the socket is away). */
const PENDING_REFRESH_MS = 5_000;

/** Whether a message is the caller's own (theirs in a solo game; their member's in a team). */
function isMine(message: ChatMessage, answer: PlayerMessagesAnswer | undefined): boolean {
  if (message.direction !== 'in') return false;
  if (message.channel === 'team' || answer?.memberId) return message.memberId === (answer?.memberId ?? null);
  return true;
}

/**
 * The player's messages (docs/outings.md "Messages"): a button with the unread count over the map opens a
 * drawer with the conversation with the organiser and, in a team, the team's chat. A message goes as the play
 * event `chat` through the offline queue (`onSend`): written offline, it waits on the phone, marked, and
 * leaves with the player's other events when the connection comes back.
 */
export function MessagesPanel({
  instanceId,
  onSend,
}: {
  instanceId: string | null;
  onSend: (event: PlayEvent) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<MessageChannel>('organiser');
  const [pending, setPending] = useState<Pending[]>([]);
  const [teamUnread, setTeamUnread] = useState(0);
  const nextKey = useRef(0);
  const messages = useQuery({
    queryKey: messagesKey(instanceId ?? ''),
    queryFn: ({ signal }) => messagesApi.mine(instanceId!, signal),
    enabled: Boolean(instanceId),
    retry: false,
  });
  const answer = messages.data;
  const refetch = () => void queryClient.invalidateQueries({ queryKey: messagesKey(instanceId ?? '') });
  useRealtimeEvent(
    SOCKET_EVENTS.chat,
    (message) => {
      if (message.instanceId !== instanceId) return;
      const mine = isMine(message, answer);
      if (!mine && message.channel === 'team' && !(open && tab === 'team')) setTeamUnread((count) => count + 1);
      if (!mine && !open) {
        notifications.show({
          message: t('playMessages.newFrom', { name: message.author }),
          position: 'top-center',
          role: 'status',
        });
      }
      refetch();
    },
    Boolean(instanceId),
  );
  useRealtimeReconnect(refetch, Boolean(instanceId));
  // A waiting message is sent once the server's copy of the conversation has it (read after a push or reconnect).
  useEffect(() => {
    if (!answer) return;
    setPending((list) => {
      const left = list.filter((one) => countMine(answer, one.channel, one.text) <= one.baseline);
      return left.length === list.length ? list : left;
    });
  }, [answer]);
  // Read in the render too: the render that brings the server's copy must not also show the waiting one.
  const stillPending = pending.filter((one) => countMine(answer, one.channel, one.text) <= one.baseline);
  const waiting = stillPending.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(refetch, PENDING_REFRESH_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, instanceId]);

  const unread = (answer?.unread ?? 0) + teamUnread;
  // Reading: the organiser's tab open marks their messages read; the team tab clears the team's count.
  const organiserUnread = answer?.unread ?? 0;
  useEffect(() => {
    if (!open || !instanceId) return;
    if (tab === 'organiser' && organiserUnread > 0) {
      void messagesApi.readMine(instanceId).then(refetch, () => undefined);
    }
    if (tab === 'team') setTeamUnread(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, tab, organiserUnread, instanceId]);

  if (!instanceId || !answer) return null;
  const allowed = answer.allowed;
  const send = (channel: MessageChannel, text: string) => {
    nextKey.current += 1;
    const baseline = countMine(answer, channel, text);
    setPending((list) => [...list, { key: nextKey.current, channel, text, baseline }]);
    onSend({ type: 'chat', channel, text });
  };
  const label = unread > 0 ? t('playMessages.openUnread', { count: unread }) : t('playMessages.open');

  return (
    <>
      <div style={{ position: 'absolute', bottom: 80, right: 8, zIndex: 500 }}>
        <Button
          onClick={() => setOpen(true)}
          aria-label={label}
          variant="white"
          radius="xl"
          size="sm"
          rightSection={
            unread > 0 ? (
              <Badge size="sm" color="red" circle aria-hidden>
                {unread}
              </Badge>
            ) : undefined
          }
        >
          {t('playMessages.open')}
        </Button>
      </div>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        position="bottom"
        size="85%"
        title={t('playMessages.title')}
        zIndex={1000}
      >
        <Tabs value={tab} onChange={(value) => setTab((value as MessageChannel | null) ?? 'organiser')}>
          <Tabs.List>
            <Tabs.Tab value="organiser">
              {t('playMessages.organiser')}
              {organiserUnread > 0 ? (
                <Badge size="xs" color="red" ml={6} component="span">
                  {organiserUnread}
                </Badge>
              ) : null}
            </Tabs.Tab>
            {answer.memberId !== null && (
              <Tabs.Tab value="team">
                {t('playMessages.team')}
                {teamUnread > 0 ? (
                  <Badge size="xs" color="red" ml={6} component="span">
                    {teamUnread}
                  </Badge>
                ) : null}
              </Tabs.Tab>
            )}
          </Tabs.List>
          <Tabs.Panel value="organiser" pt="sm">
            <Conversation
              messages={answer.organiser}
              answer={answer}
              pending={stillPending.filter((one) => one.channel === 'organiser')}
              empty={t('playMessages.emptyOrganiser')}
              allowed={allowed.organiser}
              offText={t('playMessages.off')}
              onSend={(text) => send('organiser', text)}
            />
          </Tabs.Panel>
          {answer.memberId !== null && (
            <Tabs.Panel value="team" pt="sm">
              <Conversation
                messages={answer.team}
                answer={answer}
                pending={stillPending.filter((one) => one.channel === 'team')}
                empty={t('playMessages.emptyTeam')}
                allowed={allowed.team}
                offText={t('playMessages.teamOff')}
                onSend={(text) => send('team', text)}
              />
            </Tabs.Panel>
          )}
        </Tabs>
      </Drawer>
    </>
  );
}

/** One conversation: its messages, oldest first, each naming who wrote it, and the box to write in. */
function Conversation({
  messages,
  answer,
  pending,
  empty,
  allowed,
  offText,
  onSend,
}: {
  messages: ChatMessage[];
  answer: PlayerMessagesAnswer;
  pending: Pending[];
  empty: string;
  allowed: boolean;
  offText: string;
  onSend: (text: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_LIMITS.maxLength;
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const submit = () => {
    if (!trimmed || tooLong) return;
    onSend(trimmed);
    setText('');
  };
  return (
    <Stack gap="xs">
      <Stack gap={6} role="log" aria-live="polite" aria-label={t('playMessages.title')}>
        {messages.length === 0 && pending.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : null}
        {messages.map((message) => {
          const mine = isMine(message, answer);
          return (
            <Paper
              key={message.id}
              p="xs"
              radius="md"
              withBorder
              bg={mine ? 'var(--mantine-color-blue-light)' : undefined}
              style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
            >
              <Group gap={6} justify="space-between" wrap="nowrap">
                <Text size="xs" fw={700}>
                  {mine ? t('playMessages.you') : message.author}
                </Text>
                <Text size="xs" c="dimmed">
                  {time(message.when)}
                </Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.text}
              </Text>
            </Paper>
          );
        })}
        {pending.map((one) => (
          <Paper
            key={one.key}
            p="xs"
            radius="md"
            withBorder
            style={{ alignSelf: 'flex-end', maxWidth: '85%', borderStyle: 'dashed' }}
          >
            <Text size="xs" fw={700}>
              {t('playMessages.you')} · {t('playMessages.waiting')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {one.text}
            </Text>
          </Paper>
        ))}
      </Stack>
      {allowed ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              label={t('playMessages.write')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autosize
              minRows={1}
              maxRows={4}
              error={tooLong ? t('playMessages.tooLong', { max: MESSAGE_LIMITS.maxLength }) : undefined}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  submit();
                }
              }}
            />
            <Button type="submit" disabled={!trimmed || tooLong}>
              {t('playMessages.send')}
            </Button>
          </Group>
        </form>
      ) : (
        <Text size="sm" c="dimmed">
          {offText}
        </Text>
      )}
    </Stack>
  );
}
