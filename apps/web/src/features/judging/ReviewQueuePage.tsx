import { hasRight, SUBMISSION_VERDICT_STATUSES, type SubmissionStatusFilter } from '@loci/domain';
import { Alert, Anchor, Container, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { PageLoader } from '../../components/PageLoader';
import { useWorkspace } from '../design/useWorkspace';
import { useInstances } from '../operations/queries';
import { formatDate } from '../operations/operations-values';
import { JudgingStatsPanel } from './JudgingStatsPanel';
import { useBulkApprove, useSubmissions, useVerdict } from './queries';
import { ReviewQueue } from './ReviewQueue';
import './locales';

/**
 * /active-games/{gameId}/review?instance={id} (issue 29): the review queue of one running instance of the
 * game, for the manage right — filters by mission, team and status (waiting by default), the queue, and the
 * judging statistics.
 */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  const { activeGameId: gameId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const workspace = useWorkspace(gameId);
  const game = workspace.data?.game;
  const allowed = game ? hasRight(game.rights, 'manage') : false;
  const instances = useInstances(gameId, allowed);
  const options = useMemo(
    () =>
      (instances.data ?? []).map((instance) => ({
        value: instance.id,
        label: `${formatDate(instance.createdAt, game?.playingPeriod?.timezone)} — ${instance.players
          .map((player) => player.name)
          .slice(0, 3)
          .join(', ')}`,
      })),
    [instances.data, game?.playingPeriod?.timezone],
  );
  const instanceId = search.get('instance') ?? options[0]?.value ?? '';
  const [status, setStatus] = useState<SubmissionStatusFilter | ''>('pending');
  const [missionId, setMissionId] = useState('');
  const [playerId, setPlayerId] = useState('');
  const filters = useMemo(() => ({ status, missionId, playerId }), [status, missionId, playerId]);
  const list = useSubmissions(instanceId, filters);
  const verdict = useVerdict(instanceId);
  const bulk = useBulkApprove(instanceId);

  // The first page carries the counts and the filters' choices; the queue is every page read so far.
  const data = list.data?.pages[0];
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.submissions) ?? [], [list.data]);

  if (workspace.isPending) return <PageLoader />;
  if (!game) return <GeneralErrorBox error={workspace.error} />;
  if (!allowed) {
    return (
      <Container size="sm" py="xl">
        <Alert color="orange" variant="light" icon={<IconLock size={18} />} title={t('operations.notAllowedTitle')}>
          {t('operations.notAllowed')}
        </Alert>
      </Container>
    );
  }
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Anchor component={Link} to={`/active-games/${gameId}`} size="sm">
            {t('judging.back')}
          </Anchor>
          <Title order={2}>
            {t('judging.title')} — {game.title}
          </Title>
        </Stack>
        {data && (
          <Text fw={600} aria-live="polite">
            {t('judging.waiting', { count: data.pending })}
          </Text>
        )}
      </Group>
      {options.length === 0 && !instances.isPending ? (
        <Text c="dimmed">{t('judging.noInstances')}</Text>
      ) : (
        <>
          <Group gap="sm" align="flex-end" role="group" aria-label={t('judging.filters')}>
            <Select
              label={t('judging.instance')}
              data={options}
              value={instanceId || null}
              onChange={(value) => setSearch(value ? { instance: value } : {})}
              allowDeselect={false}
              w={{ base: '100%', sm: 460 }}
              comboboxProps={{ width: 'max-content' }}
            />
            <Select
              label={t('judging.status')}
              data={[
                { value: '', label: t('judging.any') },
                ...SUBMISSION_VERDICT_STATUSES.map((value) => ({ value, label: t(`judging.statuses.${value}`) })),
              ]}
              value={status}
              onChange={(value) => setStatus((value ?? '') as SubmissionStatusFilter | '')}
              allowDeselect={false}
              w={160}
            />
            <Select
              label={t('judging.mission')}
              data={[
                { value: '', label: t('judging.any') },
                ...(data?.missions ?? []).map((m) => ({ value: m.id, label: m.title })),
              ]}
              value={missionId}
              onChange={(value) => setMissionId(value ?? '')}
              allowDeselect={false}
              w={220}
            />
            <Select
              label={t('judging.team')}
              data={[
                { value: '', label: t('judging.any') },
                ...(data?.players ?? []).map((p) => ({ value: p.id, label: p.name })),
              ]}
              value={playerId}
              onChange={(value) => setPlayerId(value ?? '')}
              allowDeselect={false}
              searchable
              w={220}
            />
            {data && (
              <Text size="sm" c="dimmed">
                {t('judging.shown', { shown: items.length, total: data.total })}
              </Text>
            )}
          </Group>
          {list.isPending ? (
            <PageLoader />
          ) : (
            <ReviewQueue
              items={items}
              hasMore={list.hasNextPage}
              loadingMore={list.isFetchingNextPage}
              onLoadMore={() => void list.fetchNextPage()}
              zone={game.playingPeriod?.timezone}
              busy={verdict.isPending || bulk.isPending}
              onVerdict={(id, body) => verdict.mutateAsync({ id, body }).catch(() => undefined)}
              onBulkApprove={(ids, points) => bulk.mutateAsync({ ids, points }).catch(() => undefined)}
            />
          )}
          {instanceId && <JudgingStatsPanel instanceId={instanceId} />}
        </>
      )}
    </Stack>
  );
}
