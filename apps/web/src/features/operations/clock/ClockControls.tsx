import type { ClockControlRequest, InstanceListItem } from '@loci/domain';
import { Button, Checkbox, Group, NumberInput, Stack, Table, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconClockPlus, IconPlayerPause, IconPlayerPlay, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { userErrorText } from '../../../components/notify';
import { inInterfaceLanguage } from '../../../i18n/domain';
import { TimeLeftBadge } from '../TimeLeftBadge';
import { ModalForm } from '../../../components/forms';
import './clock-locales';

/** A player row (a solo player or a team) with its clock, as the instance list and the Instance page read it. */
export type ClockPlayer = Pick<InstanceListItem['players'][number], 'id' | 'name' | 'clock'>;

export interface ClockControlsProps {
  players: readonly ClockPlayer[];
  /** Whether the instance's clock is paused now. */
  paused: boolean;
  /** Whether the instance still runs (an instance that is over has nothing to control). */
  active: boolean;
  /** Sends one control (POST …/clock); rejects with the API's error. */
  onControl: (body: ClockControlRequest) => Promise<unknown>;
}

type Dialog = { kind: 'pause' | 'resume' } | { kind: 'addTime'; player: ClockPlayer } | { kind: 'latecomers' };

/**
 * The organiser's controls of the game clock (issue 28), on the Instance page and the Gameplay page: each player's
 * or team's time left, **Pause everyone** / **Resume everyone**, **Add time** for one player or team, and a
 * **latecomer allowance** (the same minutes for each latecomer ticked). Each asks for a reason, kept in the
 * instance's audit log by the API.
 */
export function ClockControls({ players, paused, active, onControl }: ClockControlsProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const timed = players.filter((player) => player.clock);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" role="status">
          {paused ? t('operations.clockControls.pausedNow') : t('operations.clockControls.runningNow')}
        </Text>
        {active && (
          <Group gap="xs">
            {paused ? (
              <Button
                size="xs"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={() => setDialog({ kind: 'resume' })}
              >
                {t('operations.clockControls.resume')}
              </Button>
            ) : (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlayerPause size={14} />}
                onClick={() => setDialog({ kind: 'pause' })}
              >
                {t('operations.clockControls.pause')}
              </Button>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUserPlus size={14} />}
              disabled={timed.length === 0}
              onClick={() => setDialog({ kind: 'latecomers' })}
            >
              {t('operations.clockControls.latecomers')}
            </Button>
          </Group>
        )}
      </Group>
      {timed.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('operations.clockControls.noTimeLimit')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing={4} aria-label={t('operations.clockControls.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('operations.clockControls.player')}</Table.Th>
                <Table.Th>{t('operations.clockControls.timeLeft')}</Table.Th>
                {active && (
                  <Table.Th>
                    <VisuallyHidden>{t('operations.clockControls.actions')}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {timed.map((player) => (
                <Table.Tr key={player.id}>
                  <Table.Td>{player.name}</Table.Td>
                  <Table.Td>
                    <TimeLeftBadge clock={player.clock!} />
                  </Table.Td>
                  {active && (
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconClockPlus size={14} />}
                        aria-label={t('operations.clockControls.addTimeFor', { name: player.name })}
                        onClick={() => setDialog({ kind: 'addTime', player })}
                      >
                        {t('operations.clockControls.addTime')}
                      </Button>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {dialog && <ClockDialog dialog={dialog} players={timed} onControl={onControl} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

/** The server's words for a failed control: its field errors, else its message. */
function failureOf(error: unknown): string {
  if (isApiError(error)) {
    const fields = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
    const first = fields ? Object.values(fields)[0] : undefined;
    return first ? inInterfaceLanguage(first) : inInterfaceLanguage(userErrorText(error.status, error.body));
  }
  return error instanceof Error ? error.message : String(error);
}

function ClockDialog({
  dialog,
  players,
  onControl,
  onClose,
}: {
  dialog: Dialog;
  players: readonly ClockPlayer[];
  onControl: ClockControlsProps['onControl'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [minutes, setMinutes] = useState<number | string>(5);
  const [chosen, setChosen] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ reason?: string; minutes?: string; players?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const withMinutes = dialog.kind === 'addTime' || dialog.kind === 'latecomers';
  const title =
    dialog.kind === 'addTime'
      ? t('operations.clockControls.addTimeFor', { name: dialog.player.name })
      : t(`operations.clockControls.titles.${dialog.kind}`);

  const submit = async () => {
    const found: typeof errors = {};
    if (!reason.trim()) found.reason = t('operations.clockControls.reasonRequired');
    const count = typeof minutes === 'number' ? minutes : Number.NaN;
    if (withMinutes && (!Number.isInteger(count) || count === 0)) {
      found.minutes = t('operations.clockControls.minutesRequired');
    }
    if (dialog.kind === 'latecomers' && chosen.length === 0) {
      found.players = t('operations.clockControls.latecomersRequired');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      if (dialog.kind === 'pause' || dialog.kind === 'resume') {
        await onControl({ control: dialog.kind, reason: reason.trim() });
      } else {
        const ids = dialog.kind === 'addTime' ? [dialog.player.id] : chosen;
        // One audited change per player or team, each with the reason.
        for (const playerId of ids) {
          await onControl({ control: 'addTime', playerId, minutes: count, reason: reason.trim() });
        }
      }
      onClose();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <ModalForm
      title={title}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={t(`operations.clockControls.confirm.${dialog.kind}`)}
      saving={saving}
      failure={failure}
    >
      <Text size="sm" c="dimmed">
        {t(`operations.clockControls.hints.${dialog.kind}`)}
      </Text>
      {dialog.kind === 'latecomers' && (
        <Checkbox.Group
          label={t('operations.clockControls.latecomersLabel')}
          value={chosen}
          onChange={setChosen}
          error={errors.players}
          withAsterisk
        >
          <Stack gap={6} mt={6}>
            {players.map((player) => (
              <Checkbox key={player.id} value={player.id} label={player.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {withMinutes && (
        <NumberInput
          label={t('operations.clockControls.minutes')}
          description={t('operations.clockControls.minutesHint')}
          withAsterisk
          allowDecimal={false}
          min={-24 * 60}
          max={24 * 60}
          value={minutes}
          onChange={setMinutes}
          error={errors.minutes}
        />
      )}
      <Textarea
        label={t('operations.clockControls.reason')}
        description={t('operations.clockControls.reasonHint')}
        withAsterisk
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={errors.reason}
      />
    </ModalForm>
  );
}
