import { Badge, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/time';
import type { LabelOf } from './design-labels';
import { StateTree } from './StateTree';
import { playerStatusLabel } from './operations-values';
import './locales';

/** What the panel reads of a player's engine state (the rest stays in the raw tree). */
export interface ReadablePlayerState {
  status: string;
  currentSceneId?: string | null;
  location?: { latitude: number; longitude: number } | null;
  lastPlayed?: string | null;
  statusWhen?: string | null;
  items?: Record<string, number>;
  attributes?: Record<string, number | string>;
  missions?: Record<string, { assignedWhen?: string; completedWhen?: string | null }>;
  milestones?: Record<string, string>;
}

/** A titled table of name → value rows (or a dimmed line when there are none); the player modal shows its sections with it too. */
export function Rows({ title, empty, rows }: { title: string; empty: string; rows: [string, string][] }) {
  return (
    <Stack gap={4}>
      <Title order={4} fz="h5">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table verticalSpacing={4} aria-label={title}>
          <Table.Tbody>
            {rows.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Td>{name}</Table.Td>
                <Table.Td ta="right">{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * A player's state as an operator reads it: scene, items, attributes,
 * missions, milestones, last position and time — titles, not ids, times in the
 * game's zone — with the raw tree behind a toggle.
 */
export function PlayerStatePanel({
  state,
  labelOf,
  zone,
  rawLabel,
}: {
  state: ReadablePlayerState;
  labelOf: LabelOf;
  zone: string | null | undefined;
  rawLabel: string;
}) {
  const { t } = useTranslation();
  const [raw, setRaw] = useState(false);
  const time = (iso: string | null | undefined) => formatTime(iso, { zone });
  const items = Object.entries(state.items ?? {}).map(([id, count]): [string, string] => [labelOf(id), String(count)]);
  const attributes = Object.entries(state.attributes ?? {}).map(([id, value]): [string, string] => [
    labelOf(id),
    String(value),
  ]);
  const missions = Object.entries(state.missions ?? {}).map(([id, mission]): [string, string] => [
    labelOf(id),
    mission.completedWhen
      ? t('operations.state.completedAt', { time: time(mission.completedWhen) })
      : t('operations.state.assignedAt', { time: time(mission.assignedWhen) }),
  ]);
  const milestones = Object.entries(state.milestones ?? {}).map(([id, when]): [string, string] => [
    labelOf(id),
    time(when),
  ]);
  const where = state.location
    ? `${state.location.latitude.toFixed(5)}, ${state.location.longitude.toFixed(5)}`
    : t('operations.state.noPosition');

  return (
    <Stack gap="md" data-testid="player-state">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Text size="sm" component="div">
          {t('operations.player.status')}: <Badge variant="light">{playerStatusLabel(t, state.status)}</Badge>
        </Text>
        <Text size="sm">
          {t('operations.player.scene')}:{' '}
          {state.currentSceneId ? labelOf(state.currentSceneId) : t('operations.player.noScene')}
        </Text>
        <Text size="sm">
          {t('operations.state.lastPosition')}: {where}
        </Text>
        <Text size="sm">
          {t('operations.player.lastPlayed')}: {time(state.lastPlayed ?? state.statusWhen)}
        </Text>
      </SimpleGrid>
      <Rows title={t('operations.player.items')} empty={t('operations.state.noItems')} rows={items} />
      <Rows title={t('operations.player.attributes')} empty={t('operations.state.noAttributes')} rows={attributes} />
      <Rows title={t('operations.state.missions')} empty={t('operations.state.noMissions')} rows={missions} />
      <Rows title={t('operations.state.milestones')} empty={t('operations.state.noMilestones')} rows={milestones} />
      <Switch
        label={t('operations.state.showRaw')}
        checked={raw}
        onChange={(event) => setRaw(event.currentTarget.checked)}
      />
      {raw && <StateTree value={state} label={rawLabel} />}
    </Stack>
  );
}
