import { SOCKET_EVENTS } from '@loci/domain';
import { Accordion, Anchor, Badge, Button, Group, Menu, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCalendarTime, IconChevronDown, IconMessage, IconPlayerStop, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { joinRoom, useRealtimeEvent } from '../../api/realtime';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { PageLoader } from '../../components/PageLoader';
import { useInitialStateSpecs } from '../design/world/queries';
import { labelOf } from '../design/world/world-values';
import { MediaThumb } from '../media/MediaThumb';
import { InstanceMigrations } from './InstanceMigrations';
import { InstancePlayersPanel } from './InstancePlayersPanel';
import { PeriodText } from './InstancesTable';
import { AuditTable } from './AuditTable';
import { useDesignLabels, useRescueOptions } from './design-labels';
import { formatDate, instanceName } from './operations-values';
import { PlayingPeriodModal } from './PlayingPeriodModal';
import { useAudit, useInstance, useInstanceMutations, useRescue, useSetPlayingPeriod } from './queries';
import { SendMessageModal, type MessageRecipient } from './SendMessageModal';
import { WorldStatePanel, type InstanceWorld } from './WorldStatePanel';
import { WallSection } from '../wall/WallSection';
import './locales';
import { domainText } from '../../i18n/domain';
import { InstanceClockSections } from './clock/InstanceClockSections';

function Detail({ label, children }: { label: string; children: ReactNode }) {
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
 * Watches the instance's room while mounted and calls `onChange` on each of its `instance` events, and with no
 * status once the room is joined (what changed before the join was not pushed: read it again).
 */
function useWatchInstance(instanceId: string, onChange: (status?: string) => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (!instanceId) return;
    return joinRoom(SOCKET_EVENTS.watch, { instanceId }, SOCKET_EVENTS.unwatch, () => latest.current());
  }, [instanceId]);
  useRealtimeEvent(
    SOCKET_EVENTS.instance,
    (payload) => {
      if (payload?.instanceId === instanceId) onChange(payload.status);
    },
    Boolean(instanceId),
  );
}

/**
 * /active-games/{gameId}/instance/{instanceId} (spec 1 §2): one instance —
 * details, its players, its world (objects and offers to add, edit and
 * remove), and the Actions menu (message, game period, terminate, delete).
 * It refreshes on the instance's realtime events.
 */
export function InstancePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { activeGameId: gameId = '', instanceId = '' } = useParams();
  const query = useInstance(gameId, instanceId);
  const instance = query.data;
  const mutations = useInstanceMutations(gameId, instanceId);
  const specsQuery = useInitialStateSpecs(instance ? gameId : '', instance?.gameVersion.id ?? 'current');
  const setPeriod = useSetPlayingPeriod(gameId, { instanceId });
  const [messageOpened, setMessageOpened] = useState(false);
  const [recipient, setRecipient] = useState<MessageRecipient | null>(null);
  const [periodOpened, setPeriodOpened] = useState(false);
  const labelOfEntity = useDesignLabels(gameId);
  const rescueOptions = useRescueOptions(gameId);
  const [searchParams] = useSearchParams();
  const rescue = useRescue(gameId, instanceId);
  const audit = useAudit(gameId, instanceId);
  const gameplayPath = `/active-games/${encodeURIComponent(gameId)}`;
  // Deleted (here or by another operator): there is nothing left to show.
  useWatchInstance(instanceId, (status) => {
    if (status === 'deleted') return navigate(gameplayPath);
    void mutations.refetch();
    void audit.refetch();
  });

  if (query.isPending) return <PageLoader />;
  if (!instance) return <GeneralErrorBox error={query.error} />;

  const game = instance.gameVersion.game;
  const zone = game.playingPeriod.timezone;
  const openMessage = (to: MessageRecipient | null) => {
    setRecipient(to);
    setMessageOpened(true);
  };
  const world = instance.state.worldState as InstanceWorld;
  const terminated = world.status === 'terminated';
  const specs = specsQuery.data;
  const sceneOptions = (specs?.scenes ?? []).map((scene) => ({ value: scene.id, label: labelOf(scene) }));

  const handleTerminate = () =>
    modals.openConfirmModal({
      title: t('operations.instance.terminate'),
      centered: true,
      children: <Text size="sm">{t('operations.instance.terminateConfirm')}</Text>,
      labels: { confirm: t('operations.instance.terminate'), cancel: t('operations.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => mutations.terminate.mutate(),
    });

  const handleDelete = () =>
    modals.openConfirmModal({
      title: t('operations.instance.delete'),
      centered: true,
      children: <Text size="sm">{domainText(t, 'DESIGN_TEXTS', 'confirmDelete')}</Text>,
      labels: { confirm: t('operations.instance.delete'), cancel: t('operations.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => mutations.remove.mutate(undefined, { onSuccess: () => navigate(gameplayPath) }),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={0}>
          <Anchor component={Link} to={gameplayPath} size="sm">
            {game.title}
          </Anchor>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>
            {instanceName(t, i18n.language, instance, zone)}
          </Title>
        </Stack>
        <Menu position="bottom-end" shadow="md" width={240}>
          <Menu.Target>
            <Button rightSection={<IconChevronDown size={16} />}>{t('operations.actions')}</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconMessage size={16} />} onClick={() => openMessage(null)}>
              {t('operations.sendMessage')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCalendarTime size={16} />} onClick={() => setPeriodOpened(true)}>
              {t('operations.period.title')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconPlayerStop size={16} />}
              disabled={terminated || mutations.terminate.isPending}
              onClick={handleTerminate}
            >
              {t('operations.instance.terminate')}
            </Menu.Item>
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={mutations.remove.isPending}
              onClick={handleDelete}
            >
              {t('operations.instance.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Detail label={t('operations.instance.game')}>
            <Text size="sm">{game.title}</Text>
          </Detail>
          <Detail label={t('operations.instance.id')}>
            <Text size="sm" ff="monospace">
              {instance.id}
            </Text>
          </Detail>
          <Detail label={t('operations.instance.status')}>
            <Badge variant="light" color={terminated ? 'red' : world.status === 'active' ? 'teal' : 'gray'}>
              {t(`operations.worldStatus.${world.status}`)}
            </Badge>
          </Detail>
          <Detail label={t('operations.multiplayer')}>
            <Text size="sm">{instance.multiplayer ? t('operations.yes') : t('operations.no')}</Text>
          </Detail>
          <Detail label={t('operations.instance.notes')}>
            <Text size="sm">{instance.notes || '—'}</Text>
          </Detail>
          <Detail label={t('operations.instance.version')}>
            <Text size="sm">
              {instance.gameVersion.isLiveSpec
                ? t('operations.workingVersion')
                : t('operations.publishedVersion', { version: instance.gameVersion.version })}
            </Text>
          </Detail>
          <Detail label={t('operations.instance.startedAt')}>
            <Text size="sm">{formatDate(instance.createdAt, zone)}</Text>
          </Detail>
          <Detail label={t('operations.instance.lastUpdated')}>
            <Text size="sm">{formatDate(instance.updatedAt, zone)}</Text>
          </Detail>
          <Detail label={t('operations.playingPeriod')}>
            <PeriodText period={game.playingPeriod} />
          </Detail>
          <Detail label={t('operations.instance.marketEnabled')}>
            <Text size="sm">{instance.market.available ? t('operations.yes') : t('operations.no')}</Text>
          </Detail>
          <Detail label={t('operations.instance.marketCurrency')}>
            <Group gap="xs">
              {instance.market.currencyIcon && (
                <MediaThumb gameId={gameId} mediaId={instance.market.currencyIcon} alt="" size={24} />
              )}
              <Text size="sm">{instance.market.currencyName || '—'}</Text>
            </Group>
          </Detail>
        </SimpleGrid>
      </Paper>

      {/* The wall and the feed (issue 29; features/wall). */}
      <WallSection instanceId={instance.id} resultsPath={`/active-games/${gameId}/instance/${instance.id}/results`} />

      <Accordion multiple defaultValue={['players', 'world', 'clock', 'scheduled']} variant="separated">
        <Accordion.Item value="players">
          <Accordion.Control>{t('operations.instance.players', { count: instance.players.length })}</Accordion.Control>
          <Accordion.Panel>
            <InstancePlayersPanel
              gameId={gameId}
              instance={instance}
              scenes={specs?.scenes ?? []}
              onRefresh={() => void query.refetch()}
              refreshing={query.isFetching}
              labelOf={labelOfEntity}
              zone={zone}
              onMessage={openMessage}
              rescueOptions={rescueOptions}
              initialPlayerId={searchParams.get('player')}
              onRescue={async (playerId, body) => {
                await rescue.mutateAsync({ playerId, body });
                void audit.refetch();
              }}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="world">
          <Accordion.Control>{t('operations.instance.worldState')}</Accordion.Control>
          <Accordion.Panel>
            <WorldStatePanel
              gameId={gameId}
              world={world}
              specs={specs}
              onSave={(values, reason) => mutations.saveItem.mutateAsync({ values, reason })}
              onDelete={(key, reason) => mutations.deleteItem.mutateAsync({ key, reason })}
              deletingKey={mutations.deleteItem.isPending ? (mutations.deleteItem.variables?.key ?? null) : null}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <InstanceClockSections
          gameId={gameId}
          instance={instance}
          zone={zone}
          onChanged={() => {
            void query.refetch();
            void audit.refetch();
          }}
        />
        <Accordion.Item value="audit">
          <Accordion.Control>{t('operations.audit.title')}</Accordion.Control>
          <Accordion.Panel>
            <AuditTable entries={audit.data?.entries ?? []} zone={zone} labelOf={labelOfEntity} />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="migrations">
          <Accordion.Control>{t('operations.migrations.title')}</Accordion.Control>
          <Accordion.Panel>
            <InstanceMigrations gameId={gameId} instanceId={instanceId} zone={zone} />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>

      <SendMessageModal
        opened={messageOpened}
        onClose={() => setMessageOpened(false)}
        gameId={gameId}
        scenes={sceneOptions}
        gameVersionId={instance.gameVersion.id}
        audience={t('operations.message.audience.instance')}
        players={instance.players.map((player) => ({ id: player.id, name: player.name }))}
        recipient={recipient}
      />
      <PlayingPeriodModal
        opened={periodOpened}
        onClose={() => setPeriodOpened(false)}
        period={game.playingPeriod}
        saving={setPeriod.isPending}
        onSubmit={(body) => setPeriod.mutateAsync(body)}
      />
    </Stack>
  );
}
