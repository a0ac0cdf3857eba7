import {
  INBOX_WATCH_ID,
  MESSAGE_LIMITS,
  SOCKET_EVENTS,
  type ChatMessage,
  type InboxAnswer,
  type InboxConversation,
} from '@loci/domain';
import {
  Badge,
  Button,
  Group,
  Modal,
  NavLink,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messagesApi } from '../../api/messages';
import { joinRoom, useRealtimeEvent } from '../../api/realtime';
import './inbox-locales';

/** An instance the inbox may show: its id and the words that name it (never the id). */
export interface InboxInstance {
  id: string;
  label: string;
}

const inboxKey = (instanceId: string) => ['manage', 'inbox', instanceId] as const;
const DEFAULT_REPLY_KEYS = ['onMyWay', 'wellDone', 'lookAgain', 'comeBack'] as const;

/**
 * The organiser's inbox on the Gameplay page (docs/outings.md "Messages"): one game (instance) at a time, its
 * conversations by team or player with their unread counts, newest first; a conversation's messages with the
 * organiser and the team's chat (read-only); a reply box with quick replies (editable per game); a message to
 * everyone. Live: the inbox room's `chat` pushes refresh it.
 */
export function InboxSection({ gameId, instances }: { gameId: string; instances: InboxInstance[] }) {
  const { t } = useTranslation();
  const [instanceId, setInstanceId] = useState<string | null>(instances[0]?.id ?? null);
  useEffect(() => {
    if (!instanceId || !instances.some((one) => one.id === instanceId)) setInstanceId(instances[0]?.id ?? null);
  }, [instances, instanceId]);
  if (instances.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="inbox-title">
      <Title order={3} fz="h4" id="inbox-title">
        {t('operations.inbox.title')}
      </Title>
      {instances.length > 1 && (
        <Select
          label={t('operations.inbox.instance')}
          data={instances.map((one) => ({ value: one.id, label: one.label }))}
          value={instanceId}
          onChange={setInstanceId}
          allowDeselect={false}
          w={320}
        />
      )}
      {instanceId && <Inbox key={instanceId} gameId={gameId} instanceId={instanceId} />}
    </Stack>
  );
}

function Inbox({ gameId, instanceId }: { gameId: string; instanceId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inbox = useQuery({
    queryKey: inboxKey(instanceId),
    queryFn: ({ signal }) => messagesApi.inbox(instanceId, signal),
  });
  const refetch = () => void queryClient.invalidateQueries({ queryKey: inboxKey(instanceId) });
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(
    () =>
      joinRoom(SOCKET_EVENTS.watchPlayer, { instanceId, playerId: INBOX_WATCH_ID }, SOCKET_EVENTS.unwatchPlayer, () =>
        latest.current(),
      ),
    [instanceId],
  );
  useRealtimeEvent(SOCKET_EVENTS.chat, (message) => {
    if (message.instanceId === instanceId) refetch();
  });
  const [selected, setSelected] = useState<string | null>(null);
  const [everyoneOpen, setEveryoneOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const data = inbox.data;
  if (!data) return null;
  const quickReplies = data.quickReplies ?? DEFAULT_REPLY_KEYS.map((key) => t(`operations.inbox.defaults.${key}`));
  const conversation = data.conversations.find((one) => one.playerId === selected) ?? null;

  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="flex-end" mb="xs" gap="xs">
        <Button variant="light" size="xs" onClick={() => setEditing(true)}>
          {t('operations.inbox.editQuickReplies')}
        </Button>
        <Button size="xs" onClick={() => setEveryoneOpen(true)}>
          {t('operations.inbox.everyone')}
        </Button>
      </Group>
      {data.conversations.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('operations.inbox.noConversations')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <nav aria-label={t('operations.inbox.conversations')}>
            <Stack gap={2}>
              {data.conversations.map((one) => (
                <NavLink
                  key={one.playerId}
                  component="button"
                  type="button"
                  active={one.playerId === selected}
                  aria-current={one.playerId === selected ? 'true' : undefined}
                  aria-label={
                    one.unread > 0
                      ? t('operations.inbox.conversationOf', { name: one.name, count: one.unread })
                      : one.name
                  }
                  label={one.name}
                  description={lastText(one)}
                  rightSection={
                    <Group gap={4} wrap="nowrap">
                      {one.isTeam && (
                        <Badge size="xs" variant="outline" color="gray">
                          {t('operations.inbox.teamBadge')}
                        </Badge>
                      )}
                      {one.unread > 0 && (
                        <Badge size="sm" color="red" circle>
                          {one.unread}
                        </Badge>
                      )}
                    </Group>
                  }
                  onClick={() => setSelected(one.playerId)}
                />
              ))}
            </Stack>
          </nav>
          <div style={{ gridColumn: 'span 2' }}>
            {conversation ? (
              <ConversationView
                instanceId={instanceId}
                conversation={conversation}
                quickReplies={quickReplies}
                onChanged={refetch}
              />
            ) : (
              <Text c="dimmed" size="sm">
                {t('operations.inbox.choose')}
              </Text>
            )}
          </div>
        </SimpleGrid>
      )}
      <EveryoneModal
        opened={everyoneOpen}
        onClose={() => setEveryoneOpen(false)}
        instanceId={instanceId}
        onSent={refetch}
      />
      <QuickRepliesModal
        opened={editing}
        onClose={() => setEditing(false)}
        gameId={gameId}
        replies={quickReplies}
        onSaved={(replies) =>
          queryClient.setQueryData<InboxAnswer>(inboxKey(instanceId), (old) =>
            old ? { ...old, quickReplies: replies } : old,
          )
        }
      />
    </Paper>
  );
}

const lastText = (conversation: InboxConversation): string | undefined => {
  const last = [...conversation.organiser, ...conversation.team].sort((a, b) => a.when.localeCompare(b.when)).at(-1);
  return last ? `${last.author}: ${last.text.slice(0, 60)}` : undefined;
};

function ConversationView({
  instanceId,
  conversation,
  quickReplies,
  onChanged,
}: {
  instanceId: string;
  conversation: InboxConversation;
  quickReplies: string[];
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [tab, setTab] = useState<string>('organiser');
  const { playerId, unread } = conversation;
  // Shown is read: the organiser's unread count of this conversation goes.
  useEffect(() => {
    if (unread > 0) void messagesApi.readConversation(instanceId, playerId).then(onChanged, () => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [instanceId, playerId, unread]);
  const send = useMutation({
    mutationFn: (body: string) => messagesApi.send(instanceId, { playerId, text: body }),
    onSuccess: () => {
      setText('');
      onChanged();
    },
  });
  const trimmed = text.trim();
  const tooLong = trimmed.length > MESSAGE_LIMITS.maxLength;
  return (
    <Stack gap="xs">
      <Title order={4} fz="md">
        {conversation.name}
      </Title>
      <Tabs value={tab} onChange={(value) => setTab(value ?? 'organiser')}>
        <Tabs.List>
          <Tabs.Tab value="organiser">{t('operations.inbox.organiser')}</Tabs.Tab>
          {conversation.isTeam && <Tabs.Tab value="team">{t('operations.inbox.team')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="organiser" pt="xs">
          <MessageList messages={conversation.organiser} empty={t('operations.inbox.emptyOrganiser')} />
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (trimmed && !tooLong) send.mutate(trimmed);
            }}
          >
            <Stack gap="xs" mt="sm">
              <Group gap={6} role="group" aria-label={t('operations.inbox.quickReplies')}>
                {quickReplies.map((reply) => (
                  <Button
                    key={reply}
                    size="compact-xs"
                    variant="default"
                    aria-label={t('operations.inbox.useQuickReply', { text: reply })}
                    onClick={() => setText(reply)}
                  >
                    {reply}
                  </Button>
                ))}
              </Group>
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <Textarea
                  style={{ flex: 1 }}
                  label={t('operations.inbox.reply', { name: conversation.name })}
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  autosize
                  minRows={1}
                  maxRows={5}
                  error={tooLong ? t('playMessages.tooLong', { max: MESSAGE_LIMITS.maxLength }) : undefined}
                />
                <Button type="submit" loading={send.isPending} disabled={!trimmed || tooLong}>
                  {t('operations.inbox.send')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Tabs.Panel>
        {conversation.isTeam && (
          <Tabs.Panel value="team" pt="xs">
            <MessageList messages={conversation.team} empty={t('operations.inbox.emptyTeam')} />
            <Text size="xs" c="dimmed" mt="xs">
              {t('operations.inbox.teamReadOnly')}
            </Text>
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

function MessageList({ messages, empty }: { messages: ChatMessage[]; empty: string }) {
  const { i18n } = useTranslation();
  if (messages.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    );
  }
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <Stack gap={6} role="log" aria-live="polite" mah={360} style={{ overflowY: 'auto' }}>
      {messages.map((message) => (
        <Paper
          key={message.id}
          p="xs"
          radius="md"
          withBorder
          bg={message.direction === 'out' ? 'var(--mantine-color-blue-light)' : undefined}
          style={{ alignSelf: message.direction === 'out' ? 'flex-end' : 'flex-start', maxWidth: '85%' }}
        >
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text size="xs" fw={700}>
              {message.author}
            </Text>
            <Text size="xs" c="dimmed">
              {time(message.when)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function EveryoneModal({
  opened,
  onClose,
  instanceId,
  onSent,
}: {
  opened: boolean;
  onClose: () => void;
  instanceId: string;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useMutation({
    mutationFn: (body: string) => messagesApi.send(instanceId, { playerId: null, text: body }),
    onSuccess: (answer) => {
      notifications.show({ message: t('operations.inbox.sentTo', { count: answer.sent }), color: 'teal' });
      setText('');
      onSent();
      onClose();
    },
  });
  const trimmed = text.trim();
  return (
    <Modal opened={opened} onClose={onClose} title={t('operations.inbox.everyone')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed && trimmed.length <= MESSAGE_LIMITS.maxLength) send.mutate(trimmed);
        }}
      >
        <Stack>
          <Textarea
            label={t('operations.inbox.everyoneLabel')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('operations.inbox.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending} disabled={!trimmed}>
              {t('operations.inbox.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function QuickRepliesModal({
  opened,
  onClose,
  gameId,
  replies,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  gameId: string;
  replies: string[];
  onSaved: (replies: string[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(replies.join('\n'));
  useEffect(() => {
    if (opened) setText(replies.join('\n'));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  const save = useMutation({
    mutationFn: (list: string[]) => messagesApi.saveQuickReplies(gameId, list),
    onSuccess: (answer) => {
      onSaved(answer.quickReplies);
      onClose();
    },
  });
  const list = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, MESSAGE_LIMITS.quickReplies);
  return (
    <Modal opened={opened} onClose={onClose} title={t('operations.inbox.editQuickReplies')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(list);
        }}
      >
        <Stack>
          <Textarea
            label={t('operations.inbox.quickReplies')}
            description={t('operations.inbox.quickRepliesHelp')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            autosize
            minRows={4}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('operations.inbox.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('operations.inbox.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
