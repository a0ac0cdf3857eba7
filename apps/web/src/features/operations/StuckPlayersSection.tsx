import { STUCK_DEFAULT_MINUTES, STUCK_MAX_MINUTES, type StuckPlayer } from '@loci/domain';
import { Anchor, Badge, Group, NumberInput, Stack, Table, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from './operations-values';
import { useStuckPlayers } from './queries';
import './locales';

/** The rescue panel of a stuck player: their instance's page with their panel open. */
export const rescuePath = (gameId: string, player: Pick<StuckPlayer, 'instanceId' | 'playerId'>) =>
  `/active-games/${encodeURIComponent(gameId)}/instance/${encodeURIComponent(player.instanceId)}?player=${encodeURIComponent(player.playerId)}`;

/** The stuck players table (issue 16 §3): why each is stuck, their last progress and what they last did. */
export function StuckPlayersTable({
  gameId,
  players,
  zone,
}: {
  gameId: string;
  players: readonly StuckPlayer[];
  zone?: string | null;
}) {
  const { t } = useTranslation();
  if (players.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('operations.stuck.none')}
      </Text>
    );
  }
  return (
    <Table striped aria-label={t('operations.stuck.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('operations.stuck.player')}</Table.Th>
          <Table.Th>{t('operations.stuck.why')}</Table.Th>
          <Table.Th>{t('operations.stuck.lastProgress')}</Table.Th>
          <Table.Th>{t('operations.stuck.lastDid')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {players.map((player) => (
          <Table.Tr key={`${player.instanceId}/${player.playerId}`}>
            <Table.Td>
              <Anchor component={Link} to={rescuePath(gameId, player)}>
                {player.name}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {player.reasons.map((reason) => (
                  <Badge key={reason} variant="light" color="orange">
                    {t(`operations.stuck.reasons.${reason}`)}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>{player.lastProgressAt ? formatDate(player.lastProgressAt, zone) : '—'}</Table.Td>
            <Table.Td>{player.lastRecord ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The Gameplay page's stuck players, with the operator's choice (kept per game) of how long without progress counts. */
export function StuckPlayersSection({
  gameId,
  zone,
  refreshSeconds,
}: {
  gameId: string;
  zone?: string | null;
  refreshSeconds: number;
}) {
  const { t } = useTranslation();
  // The operator's choice is kept per game in this browser (the server takes 1 to a day).
  const [minutes, setMinutes] = useLocalStorage<number>({
    key: `loci.stuckMinutes.${gameId}`,
    defaultValue: STUCK_DEFAULT_MINUTES,
    getInitialValueInEffect: false,
  });
  const [draft, setDraft] = useState<number | string>(minutes);
  const query = useStuckPlayers(gameId, minutes, refreshSeconds);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Title order={3} fz="h4">
          {t('operations.stuck.title')}
        </Title>
        <NumberInput
          label={t('operations.stuck.minutes')}
          min={1}
          max={STUCK_MAX_MINUTES}
          w={220}
          value={draft}
          onChange={(value) => {
            setDraft(value);
            // A cleared or partial field asks nothing new; a number is asked within 1 … a day.
            const chosen = typeof value === 'number' ? value : Number.parseInt(value, 10);
            if (Number.isFinite(chosen) && chosen >= 1) setMinutes(Math.min(STUCK_MAX_MINUTES, Math.floor(chosen)));
          }}
          onBlur={() => setDraft(minutes)}
        />
      </Group>
      <StuckPlayersTable gameId={gameId} players={query.data?.players ?? []} zone={zone} />
    </Stack>
  );
}
