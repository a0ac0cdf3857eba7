import type { ScheduledMessage, ScheduleMessageRequest } from '@loci/domain';
import {
  Badge,
  Button,
  Group,
  NumberInput,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconCalendarPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { userErrorText } from '../../../components/notify';
import { inInterfaceLanguage } from '../../../i18n/domain';
import { utcToZonedPickerValue, zonedPickerValueToUtc } from '../../games/settings/playing-period';
import { formatDate } from '../operations-values';
import { ModalForm } from '../../../components/forms';
import './clock-locales';

export interface ScheduledMessagesProps {
  messages: readonly ScheduledMessage[];
  /** The instance's players and teams, one of whom a message may go to alone. */
  players: readonly { id: string; name: string }[];
  /** The game's time zone: times are typed and shown in it. */
  zone: string;
  /** Whether the instance still runs (nothing is scheduled in one that is over). */
  active: boolean;
  onSchedule: (body: ScheduleMessageRequest) => Promise<unknown>;
  onCancel: (messageId: string) => Promise<unknown>;
  /** The message being cancelled now, if one is. */
  cancellingId?: string | null;
}

const EVERYONE = '';
const STATUS_COLORS: Record<ScheduledMessage['status'], string> = {
  scheduled: 'blue',
  sent: 'teal',
  cancelled: 'gray',
};

/**
 * The scheduled messages of an instance (issue 28): each with when it is due (a time, or minutes after the
 * start), who gets it, and whether it was sent; a message not sent yet can be cancelled. **Schedule a message**
 * writes one to everyone or to one player or team. The server's clock sends each once.
 */
export function ScheduledMessages({
  messages,
  players,
  zone,
  active,
  onSchedule,
  onCancel,
  cancellingId = null,
}: ScheduledMessagesProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('operations.scheduled.intro')}
        </Text>
        {active && (
          <Button size="xs" leftSection={<IconCalendarPlus size={14} />} onClick={() => setOpened(true)}>
            {t('operations.scheduled.new')}
          </Button>
        )}
      </Group>
      {messages.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('operations.scheduled.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} aria-label={t('operations.scheduled.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operations.scheduled.when')}</Table.Th>
                <Table.Th>{t('operations.scheduled.to')}</Table.Th>
                <Table.Th>{t('operations.scheduled.message')}</Table.Th>
                <Table.Th>{t('operations.scheduled.status')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('operations.scheduled.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((message) => {
                const when = formatDate(message.dueAt, zone);
                return (
                  <Table.Tr key={message.id}>
                    <Table.Td>
                      <Text size="sm">{when}</Text>
                      {message.afterMinutes !== null && (
                        <Text size="xs" c="dimmed">
                          {t('operations.scheduled.afterStart', { count: message.afterMinutes })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {message.playerId === null ? t('operations.scheduled.everyone') : message.playerName}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{message.message}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLORS[message.status]}>
                        {message.status === 'sent'
                          ? t('operations.scheduled.sentTo', { count: message.recipients ?? 0 })
                          : t(`operations.scheduled.statuses.${message.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {message.status === 'scheduled' && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconX size={14} />}
                          aria-label={t('operations.scheduled.cancelOne', { when })}
                          loading={cancellingId === message.id}
                          onClick={() => void onCancel(message.id).catch(() => undefined)}
                        >
                          {t('operations.scheduled.cancel')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {opened && (
        <ScheduleForm players={players} zone={zone} onSchedule={onSchedule} onClose={() => setOpened(false)} />
      )}
    </Stack>
  );
}

type FieldErrors = Partial<Record<'message' | 'at' | 'afterMinutes' | 'playerId', string>>;

/** Today's date in `zone` with the time of day `hhmm` typed, as a UTC instant (ISO); null when unreadable. */
export function todayAt(hhmm: string, zone: string, now = new Date()): string | null {
  if (!/^\d{1,2}:\d{2}$/.test(hhmm.trim())) return null;
  const [hours, minutes] = hhmm.trim().split(':').map(Number) as [number, number];
  if (hours > 23 || minutes > 59) return null;
  const today = utcToZonedPickerValue(now.toISOString(), zone)?.slice(0, 10);
  if (!today) return null;
  const time = `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
  return zonedPickerValueToUtc(`${today} ${time}:00`, zone);
}

function ScheduleForm({
  players,
  zone,
  onSchedule,
  onClose,
}: {
  players: ScheduledMessagesProps['players'];
  zone: string;
  onSchedule: ScheduledMessagesProps['onSchedule'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [toId, setToId] = useState(EVERYONE);
  const [mode, setMode] = useState<'after' | 'at'>('after');
  const [afterMinutes, setAfterMinutes] = useState<number | string>(30);
  const [time, setTime] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const found: FieldErrors = {};
    if (!message.trim()) found.message = t('operations.scheduled.messageRequired');
    const at = mode === 'at' ? todayAt(time, zone) : null;
    if (mode === 'at' && !at) found.at = t('operations.scheduled.timeRequired');
    if (mode === 'after' && (typeof afterMinutes !== 'number' || !Number.isInteger(afterMinutes) || afterMinutes < 0)) {
      found.afterMinutes = t('operations.scheduled.minutesRequired');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSchedule({
        message: message.trim(),
        ...(toId !== EVERYONE ? { playerId: toId } : {}),
        ...(mode === 'at' ? { at: at! } : { afterMinutes: afterMinutes as number }),
      });
      onClose();
    } catch (error) {
      const fields = isApiError(error) ? (error.body as { errors?: FieldErrors } | undefined)?.errors : undefined;
      if (fields && Object.keys(fields).length > 0) {
        setErrors(
          Object.fromEntries(Object.entries(fields).map(([field, text]) => [field, inInterfaceLanguage(text)])),
        );
      } else
        setFailure(isApiError(error) ? inInterfaceLanguage(userErrorText(error.status, error.body)) : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalForm
      title={t('operations.scheduled.new')}
      size="lg"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t('operations.scheduled.schedule')}
      saving={saving}
      failure={failure}
    >
      <Select
        label={t('operations.scheduled.to')}
        data={[
          { value: EVERYONE, label: t('operations.scheduled.everyone') },
          ...players.map((player) => ({ value: player.id, label: player.name })),
        ]}
        value={toId}
        onChange={(value) => setToId(value ?? EVERYONE)}
        allowDeselect={false}
        searchable
        error={errors.playerId}
        comboboxProps={{ withinPortal: true }}
      />
      <Radio.Group
        label={t('operations.scheduled.when')}
        value={mode}
        onChange={(value) => setMode(value as 'after' | 'at')}
      >
        <Group gap="md" mt={6}>
          <Radio value="after" label={t('operations.scheduled.modes.after')} />
          <Radio value="at" label={t('operations.scheduled.modes.at')} />
        </Group>
      </Radio.Group>
      {mode === 'after' ? (
        <NumberInput
          label={t('operations.scheduled.afterMinutes')}
          withAsterisk
          allowDecimal={false}
          min={0}
          max={7 * 24 * 60}
          value={afterMinutes}
          onChange={setAfterMinutes}
          error={errors.afterMinutes}
        />
      ) : (
        <TextInput
          type="time"
          label={t('operations.scheduled.time', { zone })}
          withAsterisk
          value={time}
          onChange={(event) => setTime(event.currentTarget.value)}
          error={errors.at}
        />
      )}
      <Textarea
        label={t('operations.scheduled.message')}
        withAsterisk
        autosize
        minRows={3}
        maxLength={2000}
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        error={errors.message}
      />
    </ModalForm>
  );
}
