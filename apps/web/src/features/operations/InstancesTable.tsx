import { GAMES_PAGE_SIZES, WORLD_STATUSES, type GamesPageSize, type InstanceListItem, type Team } from '@loci/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  ColorSwatch,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconClock, IconMessage, IconSettings } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { countByStatus, formatPeriodDate, instanceName, isPeriodFlagged, playerStatusLabel } from './operations-values';
import './locales';
import { TimeLeftBadge } from './TimeLeftBadge';
import './clock/clock-locales';
import { domainText } from '../../i18n/domain';
import './team-live-locales';

const ALL = 'all';

const WORLD_STATUS_COLORS: Record<string, string> = {
  active: 'teal',
  completed: 'blue',
  abandoned: 'gray',
  expired: 'orange',
  terminated: 'red',
};

export interface InstancesTableProps {
  gameId: string;
  instances: readonly InstanceListItem[];
  onOpenPlayer: (instance: InstanceListItem, player: InstanceListItem['players'][number]) => void;
  /** Opens the message modal for one player (offered for players still in a running instance). */
  onMessagePlayer?: (player: InstanceListItem['players'][number]) => void;
  /** A game played in teams: each team by `instanceId:teamId` (its player), shown with its colour and members. */
  teams?: ReadonlyMap<string, Team>;
  /** Opens the clock controls of a running instance whose game has a time limit (issue 28). */
  onClock?: (instance: InstanceListItem) => void;
}

/** A playing period as 'start – end' in its timezone, red when not running now (spec 1 §4). */
export function PeriodText({
  period,
}: {
  period: InstanceListItem['gameVersion']['game']['playingPeriod'] | undefined;
}) {
  const { t } = useTranslation();
  if (!period?.start) return <Text size="sm">{t('operations.period.none')}</Text>;
  const start = formatPeriodDate(period.start, period.timezone);
  const end = period.end ? formatPeriodDate(period.end, period.timezone) : t('operations.period.open');
  return (
    <Text size="sm" c={isPeriodFlagged(period) ? 'red' : undefined} data-flagged={isPeriodFlagged(period)}>
      {`${start} – ${end}`}
      {period.timezone ? ` (${period.timezone})` : ''}
    </Text>
  );
}

/**
 * The game's instances (spec 1 §2): world status, player statuses, players,
 * period and a Manage button; a world-status filter and page sizes 10, 20, 50
 * and All; 'No instances found' when none is left.
 */
export function InstancesTable({
  gameId,
  instances,
  onOpenPlayer,
  onMessagePlayer,
  teams,
  onClock,
}: InstancesTableProps) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<string>(ALL);
  const [pageSize, setPageSize] = useState<GamesPageSize>(10);
  const [page, setPage] = useState(1);

  const filtered = useMemo(
    () => (status === ALL ? instances : instances.filter((instance) => instance.state.worldState.status === status)),
    [instances, status],
  );
  const pages = pageSize === 'all' ? 1 : Math.max(1, Math.ceil(filtered.length / pageSize));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const shown = pageSize === 'all' ? filtered : filtered.slice((page - 1) * pageSize, page * pageSize);

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Select
          label={t('operations.table.statusFilter')}
          data={[
            { value: ALL, label: t('operations.table.allStatuses') },
            ...WORLD_STATUSES.map((value) => ({ value, label: t(`operations.worldStatus.${value}`) })),
          ]}
          value={status}
          onChange={(value) => {
            setStatus(value ?? ALL);
            setPage(1);
          }}
          allowDeselect={false}
          w={220}
        />
        <Select
          label={t('operations.table.pageSize')}
          data={GAMES_PAGE_SIZES.map((size) => ({
            value: String(size),
            label: size === 'all' ? t('operations.table.pageSizeAll') : String(size),
          }))}
          value={String(pageSize)}
          onChange={(value) => {
            setPageSize(GAMES_PAGE_SIZES.find((size) => String(size) === value) ?? 10);
            setPage(1);
          }}
          allowDeselect={false}
          w={120}
        />
      </Group>
      <Table.ScrollContainer minWidth={720}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('operations.table.label')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('operations.table.worldStatus')}</Table.Th>
              <Table.Th>{t('operations.table.playerStatuses')}</Table.Th>
              <Table.Th>{t('operations.table.players')}</Table.Th>
              <Table.Th>{t('operations.table.period')}</Table.Th>
              <Table.Th>{t('operations.table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" ta="center" py="md">
                    {domainText(t, 'OPERATION_TEXTS', 'noInstances')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              shown.map((instance) => {
                const worldStatus = instance.state.worldState.status;
                return (
                  <Table.Tr key={instance.id}>
                    <Table.Td>
                      <Stack gap={4} align="flex-start">
                        <Badge color={WORLD_STATUS_COLORS[worldStatus] ?? 'gray'} variant="light">
                          {t(`operations.worldStatus.${worldStatus}`)}
                        </Badge>
                        <Text size="xs" c="dimmed">
                          {instance.gameVersion.isLiveSpec
                            ? t('operations.workingVersion')
                            : t('operations.publishedVersion', { version: instance.gameVersion.version })}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {countByStatus(instance.players).map(([playerStatus, count]) => (
                          <Badge key={playerStatus} variant="outline" color="gray">
                            {`${playerStatusLabel(t, playerStatus)}: ${count}`}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {instance.players.map((player) => {
                          const team = teams?.get(`${instance.id}:${player.id}`);
                          return (
                            <Group key={player.id} gap={4} wrap="nowrap">
                              {team && (
                                <ColorSwatch
                                  color={team.colour}
                                  size={12}
                                  aria-label={t('teamsLive.teamOf', { team: team.name })}
                                  role="img"
                                />
                              )}
                              <Anchor
                                component="button"
                                type="button"
                                size="sm"
                                ta="left"
                                // WCAG 2.5.8: a 24px target, also when several players (or teams) are stacked.
                                mih={24}
                                onClick={() => onOpenPlayer(instance, player)}
                              >
                                {player.name}
                              </Anchor>
                              {team && (
                                <Badge variant="light" color="gray" size="sm" tt="none">
                                  {t('teamsLive.members', { count: team.members.filter((m) => m.joined).length })}
                                </Badge>
                              )}
                              {player.clock && <TimeLeftBadge clock={player.clock} />}
                              {onMessagePlayer &&
                                worldStatus === 'active' &&
                                (player.status === 'playing' || player.status === 'paused') && (
                                  <ActionIcon
                                    variant="subtle"
                                    size="sm"
                                    aria-label={t('operations.messageTo.player', { name: player.name })}
                                    title={t('operations.messageTo.player', { name: player.name })}
                                    onClick={() => onMessagePlayer(player)}
                                  >
                                    <IconMessage size={14} />
                                  </ActionIcon>
                                )}
                            </Group>
                          );
                        })}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <PeriodText period={instance.gameVersion.game.playingPeriod} />
                    </Table.Td>
                    <Table.Td>
                      <Button
                        component={Link}
                        to={`/active-games/${encodeURIComponent(gameId)}/instance/${encodeURIComponent(instance.id)}`}
                        size="xs"
                        variant="light"
                        leftSection={<IconSettings size={14} />}
                        aria-label={t('operations.table.manageInstance', {
                          name: instanceName(
                            t,
                            i18n.language,
                            instance,
                            instance.gameVersion.game.playingPeriod?.timezone,
                          ),
                        })}
                      >
                        {t('operations.table.manage')}
                      </Button>
                      {onClock && worldStatus === 'active' && instance.players.some((player) => player.clock) && (
                        <Button
                          size="xs"
                          variant="subtle"
                          mt={4}
                          leftSection={<IconClock size={14} />}
                          onClick={() => onClock(instance)}
                        >
                          {t('operations.clockControls.title')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
