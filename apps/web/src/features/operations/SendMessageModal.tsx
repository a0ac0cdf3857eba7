import { ALL_SCENES } from '@loci/domain';
import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendMessage } from './queries';
import './locales';
import { domainText } from '../../i18n/domain';

export interface SendMessageModalProps {
  opened: boolean;
  onClose: () => void;
  gameId: string;
  /** The scenes to pick from (All Scenes comes first). */
  scenes: readonly { value: string; label: string }[];
  /** The version whose running instances get the message; null for every version. */
  gameVersionId: string | null;
  /** Says who gets the message (e.g. the version). */
  audience?: string;
  /** The players one may message alone ("To"); the message goes to everyone until one is picked. */
  players?: readonly MessageRecipient[];
  /** The player picked when the modal opens (from their row or map marker). */
  recipient?: MessageRecipient | null;
}

/** A player a message can go to alone: their player id (the API's `userId`) and name. */
export interface MessageRecipient {
  id: string;
  name: string;
}

const EVERYONE = '';

/** Each player once, the first of their entries kept. */
function uniqueById(players: readonly MessageRecipient[]): MessageRecipient[] {
  const seen = new Set<string>();
  return players.filter((player) => !seen.has(player.id) && Boolean(seen.add(player.id)));
}

/**
 * A message to every player still in a running instance (spec 1 §2, §5, §7):
 * a scene (All Scenes by default), the text, and whether it is asynchronous —
 * kept for players who are offline; on by default, offered for All Scenes only.
 * "To" picks one player instead (`userId`); the scene then does not apply.
 */
export function SendMessageModal(props: SendMessageModalProps) {
  // Mounted while open, so each opening starts from its recipient and an empty text.
  return props.opened ? <MessageForm {...props} /> : null;
}

function MessageForm({
  onClose,
  gameId,
  scenes,
  gameVersionId,
  audience,
  players = [],
  recipient = null,
}: SendMessageModalProps) {
  const { t } = useTranslation();
  const send = useSendMessage(gameId);
  const [sceneId, setSceneId] = useState<string>(ALL_SCENES);
  const [message, setMessage] = useState('');
  const [asynchronous, setAsynchronous] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [toId, setToId] = useState<string>(recipient?.id ?? EVERYONE);
  // A player in several instances is one recipient (a message to them reaches each of their instances).
  const choices = uniqueById(recipient ? [recipient, ...players] : players);
  const to = choices.find((player) => player.id === toId) ?? null;
  const allScenes = to !== null || sceneId === ALL_SCENES;

  const handleClose = () => {
    setError(null);
    onClose();
  };

  const handleSubmit = async () => {
    if (!message.trim()) {
      setError(domainText(t, 'OPERATION_MESSAGES', 'messageRequired'));
      return;
    }
    try {
      await send.mutateAsync(
        to
          ? { userId: to.id, message: message.trim(), asynchronous }
          : {
              sceneId,
              message: message.trim(),
              // The choice is offered for All Scenes only; a scene's message keeps the default.
              asynchronous: allScenes ? asynchronous : true,
              gameVersionId,
            },
      );
      handleClose();
    } catch {
      // Toasted by the mutation.
    }
  };

  return (
    <Modal
      opened
      onClose={handleClose}
      title={to ? t('operations.messageTo.player', { name: to.name }) : t('operations.message.title')}
      centered
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          void handleSubmit();
        }}
      >
        <Stack gap="md">
          {(to || audience) && (
            <Text size="sm" c="dimmed">
              {to ? t('operations.messageTo.only', { name: to.name }) : audience}
            </Text>
          )}
          {choices.length > 0 && (
            <Select
              label={t('operations.messageTo.label')}
              data={[
                { value: EVERYONE, label: t('operations.messageTo.everyone') },
                ...choices.map((player) => ({ value: player.id, label: player.name })),
              ]}
              value={toId}
              onChange={(value) => setToId(value ?? EVERYONE)}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {!to && (
            <Select
              label={t('operations.message.scene')}
              data={[{ value: ALL_SCENES, label: t('operations.message.allScenes') }, ...scenes]}
              value={sceneId}
              onChange={(value) => setSceneId(value ?? ALL_SCENES)}
              allowDeselect={false}
              searchable
              comboboxProps={{ withinPortal: true }}
            />
          )}
          <Textarea
            label={t('operations.message.message')}
            withAsterisk
            autosize
            minRows={3}
            maxLength={2000}
            value={message}
            onChange={(event) => {
              setMessage(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
          />
          {allScenes && (
            <Switch
              label={t('operations.message.asynchronous')}
              description={t('operations.message.asynchronousHint')}
              checked={asynchronous}
              onChange={(event) => setAsynchronous(event.currentTarget.checked)}
            />
          )}
          {allScenes && !asynchronous && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
              {domainText(t, 'OPERATION_TEXTS', 'synchronousWarning')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={handleClose}>
              {t('operations.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              {t('operations.message.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
