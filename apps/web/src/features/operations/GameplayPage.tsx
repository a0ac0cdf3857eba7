import { hasRight, type InstanceListItem, type PlayerStatesShowType } from '@loci/domain';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconBug,
  IconCalendarTime,
  IconChevronDown,
  IconClockX,
  IconGavel,
  IconLock,
  IconMessage,
  IconTrash,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { PageLoader } from '../../components/PageLoader';
import { entityLabel } from '../design/common/workspace-data';
import { useWorkspace } from '../design/useWorkspace';
import type { WorldScene } from '../design/world/world-values';
import { InstancesTable, PeriodText } from './InstancesTable';
import { InstanceClockModal } from './clock/InstanceClockModal';
import { MigrateLiveGames } from './MigrateLiveGames';
import { StuckPlayersSection } from './StuckPlayersSection';
import { TeamsSection } from './TeamsSection';
import { InboxSection } from './InboxSection';
import {
  countByStatus,
  formatDate,
  hasPeriodEnded,
  includesInstance,
  isOnLiveMap,
  playerStatusLabel,
  shownVersionOf,
  instanceName,
} from './operations-values';
import { useDesignLabels } from './design-labels';
import { PlayerInfoModal, type PlayerInfo } from './PlayerInfoModal';
import { RankingsSection } from './RankingsSection';
import { PlayersMap, useRefreshSeconds, type PlayerMarker } from './PlayersMap';
import { PlayingPeriodModal } from './PlayingPeriodModal';
import {
  useApplyExpiration,
  useDeleteAllInstances,
  useInstances,
  usePlayerStates,
  useSetPlayingPeriod,
} from './queries';
import { SendMessageModal, type MessageRecipient } from './SendMessageModal';
import { teamsByPlayer, useTeamInstances, withTeamMembers } from './team-live';
import './locales';
import '../judging/locales';
import { GameTabs } from '../design/shell/GameTabs';

const SHOW_TYPES: PlayerStatesShowType[] = ['live-only', 'published-only', 'both'];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/**
 * /active-games/{gameId} (spec 1 §2): the game's running instances and their
 * players — summary, playing period with Change, 'Include instances', the live
 * map, the instances table and the Actions menu. Only for the edit right.
 */
export function GameplayPage() {
  const { t, i18n } = useTranslation();
  const { activeGameId: gameId = '' } = useParams();
  const workspace = useWorkspace(gameId);
  const game = workspace.data?.game;
  const allowed = game ? hasRight(game.rights, 'edit') : false;
  const [showType, setShowType] = useState<PlayerStatesShowType>('both');
  const refresh = useRefreshSeconds();
  const instancesQuery = useInstances(gameId, allowed);
  const playersQuery = usePlayerStates(gameId, showType, refresh.seconds, allowed);
  // A game played in teams: its teams' colours and members, on the live map and in the table (docs/outings.md).
  const teamsQuery = useTeamInstances(gameId, Boolean(game?.teams?.enabled && hasRight(game.rights, 'manage')));
  const teams = useMemo(() => teamsByPlayer(teamsQuery.data?.instances), [teamsQuery.data]);
  const [selected, setPlayer] = useState<PlayerInfo | null>(null);
  const [messageOpened, setMessageOpened] = useState(false);
  const [recipient, setRecipient] = useState<MessageRecipient | null>(null);
  const [periodOpened, setPeriodOpened] = useState(false);
  const [clockInstanceId, setClockInstanceId] = useState<string | null>(null);
  const versions = workspace.data?.versions;
  const shownVersion = useMemo(() => shownVersionOf(versions ?? []), [versions]);
  const setPeriod = useSetPlayingPeriod(gameId, { versionId: shownVersion?.id ?? '' });
  const expire = useApplyExpiration(gameId);
  const deleteAll = useDeleteAllInstances(gameId);
  const data = workspace.data;
  const labelOf = useDesignLabels(gameId);

  const instances = useMemo(
    () => (instancesQuery.data ?? []).filter((instance) => includesInstance(showType, instance)),
    [instancesQuery.data, showType],
  );
  // The summary counts who played; designers' and testers' playtests (the working version) only when
  // the working version is what the page shows.
  const players = useMemo(
    () =>
      instances
        .filter((instance) => showType === 'live-only' || !instance.gameVersion.isLiveSpec)
        .flatMap((instance) => instance.players),
    [instances, showType],
  );
  const playtestPlayers = useMemo(
    () =>
      showType === 'live-only' ? 0 : instances.filter((i) => i.gameVersion.isLiveSpec).flatMap((i) => i.players).length,
    [instances, showType],
  );
  /** Players one may message alone: those still in a running instance. */
  const reachable = useMemo(
    () =>
      instances
        .filter((instance) => instance.state.worldState.status === 'active')
        .flatMap((instance) => instance.players)
        .filter((player) => player.status === 'playing' || player.status === 'paused')
        .map((player) => ({ id: player.id, name: player.name })),
    [instances],
  );
  // The inbox (docs/outings.md "Messages"): the running instances, named by version and players, newest first.
  const inboxInstances = useMemo(
    () =>
      instances
        .filter((instance) => instance.state.worldState.status === 'active')
        .map((instance) => ({
          id: instance.id,
          label: instanceName(t, i18n.language, instance, instance.gameVersion.game.playingPeriod?.timezone),
        })),
    [instances, t, i18n.language],
  );
  const playerStates = playersQuery.data;
  // The modal follows the live states: opened from the list before they arrived, or as they refresh, it shows the newest.
  const player = useMemo(
    () =>
      selected &&
      (playerStates?.find((state) => state.instanceId === selected.instanceId && state.id === selected.id) ?? selected),
    [selected, playerStates],
  );

  const markers = useMemo<PlayerMarker[]>(
    () =>
      (playerStates ?? []).filter(isOnLiveMap).map((state) => ({
        id: `${state.instanceId}:${state.id}`,
        name: state.name,
        latitude: state.currentLocation.latitude,
        longitude: state.currentLocation.longitude,
        onOpen: () => setPlayer(state),
      })),
    [playerStates],
  );
  const teamMarkers = useMemo(
    () => withTeamMembers(markers, teams, (name, team) => t('teamsLive.memberOnMap', { name, team })),
    [markers, teams, t],
  );

  const area = useMemo<WorldScene[]>(
    () =>
      game
        ? [
            {
              id: 'playground',
              name: game.pg.title,
              title: game.pg.title,
              center: { latitude: game.pg.place.lat, longitude: game.pg.place.lng },
              radius: game.pg.place.radius,
              universe: false,
            },
          ]
        : [],
    [game],
  );

  if (workspace.isPending) return <PageLoader />;
  if (!game || !data) return <GeneralErrorBox error={workspace.error} />;
  if (!allowed) {
    return (
      <Container size="sm" py="xl">
        <Alert color="orange" variant="light" icon={<IconLock size={18} />} title={t('operations.notAllowedTitle')}>
          {t('operations.notAllowed')}
        </Alert>
      </Container>
    );
  }

  const handleOpenPlayer = (instance: InstanceListItem, listed: InstanceListItem['players'][number]) => {
    setPlayer({ ...listed, instanceId: instance.id });
  };

  const openMessage = (to: MessageRecipient | null) => {
    setRecipient(to);
    setMessageOpened(true);
  };

  const allInstances = instancesQuery.data?.length ?? 0;
  const handleDeleteAll = () =>
    modals.openConfirmModal({
      title: t('operations.deleteAll.title'),
      centered: true,
      children: <Text size="sm">{t('operations.deleteAll.confirm', { count: allInstances })}</Text>,
      labels: {
        confirm: t('operations.deleteAll.confirmButton', { count: allInstances }),
        cancel: t('operations.cancel'),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => deleteAll.mutate(),
    });

  const period = game.playingPeriod;
  const periodEnded = hasPeriodEnded(period);
  const messageVersionId =
    showType === 'live-only' ? data.current.id : showType === 'published-only' ? game.publicVersionId : null;
  const sceneOptions = (data.scenes ?? []).map((scene) => ({ value: scene.id, label: entityLabel(scene) }));

  return (
    <Stack gap="lg">
      <GameTabs gameId={game.id} rights={game.rights} active="gameplay" />
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('operations.gameplay')}
          </Text>
          <Title order={2}>{game.title}</Title>
        </Stack>
        <Menu position="bottom-end" shadow="md" width={260}>
          <Menu.Target>
            <Button rightSection={<IconChevronDown size={16} />}>{t('operations.actions')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconMessage size={16} />} onClick={() => openMessage(null)}>
              {t('operations.sendMessage')}
            </Menu.Item>
            {periodEnded && (
              <Menu.Item
                color="red"
                leftSection={<IconClockX size={16} />}
                disabled={expire.isPending}
                onClick={() => expire.mutate()}
              >
                {t('operations.expireAll')}
              </Menu.Item>
            )}
            <Menu.Item
              component={Link}
              to={`/debugging-tools?lat=${game.pg.place.lat}&lng=${game.pg.place.lng}`}
              leftSection={<IconBug size={16} />}
            >
              {t('operations.debuggingTools')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={deleteAll.isPending || allInstances === 0}
              onClick={handleDeleteAll}
            >
              {t('operations.deleteAll.action')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Detail label={t('operations.createdAt')}>
            <Text size="sm">{formatDate(game.createdAt, game.playingPeriod?.timezone)}</Text>
          </Detail>
          <Detail label={t('operations.instanceCount')}>
            <Text size="sm">{instances.length}</Text>
          </Detail>
          <Detail label={t('operations.multiplayer')}>
            <Text size="sm">{game.multiplayer ? t('operations.yes') : t('operations.no')}</Text>
          </Detail>
          <Detail label={t('operations.totalPlayers')}>
            <Group gap={4}>
              <Text size="sm" fw={600}>
                {players.length}
              </Text>
              {countByStatus(players).map(([status, count]) => (
                <Badge key={status} variant="outline" color="gray">
                  {`${playerStatusLabel(t, status)}: ${count}`}
                </Badge>
              ))}
              {playtestPlayers > 0 && (
                <Text size="xs" c="dimmed">
                  {t('operations.playtestPlayers', { count: playtestPlayers })}
                </Text>
              )}
            </Group>
          </Detail>
          <Detail label={t('operations.playingPeriod')}>
            <Group gap="xs">
              <PeriodText period={period} />
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarTime size={14} />}
                onClick={() => setPeriodOpened(true)}
                disabled={!shownVersion}
              >
                {t('operations.change')}
              </Button>
            </Group>
          </Detail>
        </SimpleGrid>
      </Paper>

      {hasRight(game.rights, 'manage') && (
        <Group>
          <Button
            component={Link}
            to={`/active-games/${gameId}/review`}
            variant="light"
            leftSection={<IconGavel size={16} />}
          >
            {t('judging.open')}
          </Button>
        </Group>
      )}

      {hasRight(game.rights, 'manage') && (
        <MigrateLiveGames gameId={gameId} versions={versions ?? []} instances={instancesQuery.data ?? []} />
      )}

      <Select
        label={t('operations.include.label')}
        data={SHOW_TYPES.map((value) => ({ value, label: t(`operations.include.${value}`) }))}
        value={showType}
        onChange={(value) => setShowType((value as PlayerStatesShowType | null) ?? 'both')}
        allowDeselect={false}
        w={260}
      />

      {game.teams?.enabled ? <TeamsSection gameId={gameId} /> : null}

      {hasRight(game.rights, 'manage') && <InboxSection gameId={gameId} instances={inboxInstances} />}

      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('operations.map.title')}
        </Title>
        <PlayersMap players={teamMarkers} areas={area} label={t('operations.map.label')} refresh={refresh} />
      </Stack>

      <StuckPlayersSection gameId={gameId} zone={game.playingPeriod?.timezone} refreshSeconds={refresh.seconds} />

      <Stack gap="xs">
        <Title order={3} fz="h4">
          {t('operations.table.title')}
        </Title>
        {instancesQuery.isPending ? (
          <PageLoader />
        ) : (
          <InstancesTable
            gameId={gameId}
            instances={instances}
            teams={teams}
            onOpenPlayer={handleOpenPlayer}
            onMessagePlayer={(player) => openMessage({ id: player.id, name: player.name })}
            onClock={(instance) => setClockInstanceId(instance.id)}
          />
        )}
      </Stack>

      {game.rankings.available && shownVersion && (
        <RankingsSection gameId={gameId} versions={versions ?? []} initialVersionId={shownVersion.id} />
      )}

      <PlayerInfoModal
        gameId={gameId}
        player={player}
        onClose={() => setPlayer(null)}
        labelOf={labelOf}
        zone={game.playingPeriod?.timezone}
        onMessage={(to) => {
          setPlayer(null);
          openMessage(to);
        }}
      />
      <SendMessageModal
        opened={messageOpened}
        onClose={() => setMessageOpened(false)}
        gameId={gameId}
        scenes={sceneOptions}
        gameVersionId={messageVersionId ?? null}
        audience={t(`operations.message.audience.${showType}`)}
        players={reachable}
        recipient={recipient}
      />
      <InstanceClockModal
        gameId={gameId}
        instance={instances.find((instance) => instance.id === clockInstanceId) ?? null}
        onClose={() => setClockInstanceId(null)}
      />
      <PlayingPeriodModal
        opened={periodOpened}
        onClose={() => setPeriodOpened(false)}
        period={period}
        saving={setPeriod.isPending}
        onSubmit={(body) => setPeriod.mutateAsync(body)}
      />
    </Stack>
  );
}
