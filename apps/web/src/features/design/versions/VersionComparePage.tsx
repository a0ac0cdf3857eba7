import type { VersionChange, VersionDiff } from '@loci/domain';
import { Alert, Button, Group, List, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowBackUp, IconHistory } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { designApi, designQueryKeys } from '../../../api/design';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { notifyError, notifySuccess } from '../../../components/notify';
import { PageLoader } from '../../../components/PageLoader';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { UnknownWorkspacePage } from '../shell/UnknownWorkspacePage';
import { MigrationPanel } from './MigrationPanel';
import { newestFirst, versionLabel } from './version-label';
import '../common/locales';
import './locales';

const CURRENT = 'current';

/** A change's sentences in the console's language, one per changed field. */
export function changeSentences(change: VersionChange, t: TFunction): string[] {
  const subject =
    change.subject === 'game'
      ? t('design.versions.gameSettings')
      : t(`design.kinds.${change.subject === 'world' ? 'world' : change.subject}`);
  if (change.change !== 'changed') return [t(`design.versions.${change.change}`, { subject, name: change.name })];
  return change.fields.map((field) =>
    t('design.versions.changed', { subject, name: change.name, ...field, interpolation: { escapeValue: false } }),
  );
}

/**
 * gameVersions/compare/:entityId: what changed from a version to another one or
 * to the working copy, in words; a published version can be rolled back to, and
 * the last roll back undone (docs/versions.md).
 */
export function VersionComparePage() {
  const { t } = useTranslation();
  const { entityId } = useParams();
  const { gameId, workspace, canEdit } = useLoadedWorkspace();
  const [otherId, setOtherId] = useState<string>(CURRENT);
  const queryClient = useQueryClient();
  const version = workspace.versions.find((candidate) => candidate.id === entityId);
  const fromId = version?.id ?? '';
  const diff = useQuery({
    queryKey: designQueryKeys.compare(gameId, fromId, otherId),
    queryFn: ({ signal }) => designApi.compareVersions(gameId, fromId, otherId, signal),
    enabled: version !== undefined,
  });
  const rollbacks = useQuery({
    queryKey: designQueryKeys.rollbacks(gameId),
    queryFn: ({ signal }) => designApi.rollbacks(gameId, signal),
    enabled: canEdit,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['design', gameId] });
  const rollBack = useMutation({
    mutationFn: () => designApi.rollBack(gameId, fromId),
    onSuccess: () => {
      notifySuccess(t('design.versions.rolledBack', { version: label }));
      return refresh();
    },
    onError: (error) => notifyError(t('design.versions.rollBackFailed'), error),
  });
  const undo = useMutation({
    mutationFn: (snapshotId: string) => designApi.undoRollback(gameId, snapshotId),
    onSuccess: () => {
      notifySuccess(t('design.versions.undone'));
      return refresh();
    },
    onError: (error) => notifyError(t('design.versions.rollBackFailed'), error),
  });

  if (!version) return <UnknownWorkspacePage />;
  const label = versionLabel(version, t);
  const others = newestFirst(workspace.versions).filter((candidate) => candidate.id !== version.id);
  const options = others.map((candidate) => ({
    value: candidate.isLiveSpec ? CURRENT : candidate.id,
    label: versionLabel(candidate, t),
  }));
  const lastRollback = rollbacks.data?.[0];
  const lastRollbackVersion = workspace.versions.find((candidate) => candidate.id === lastRollback?.versionId);
  const confirmRollBack = () =>
    modals.openConfirmModal({
      title: t('design.versions.rollBack'),
      centered: true,
      children: <Text size="sm">{t('design.versions.rollBackConfirm', { version: label })}</Text>,
      labels: { confirm: t('design.versions.rollBack'), cancel: t('design.cancel') },
      confirmProps: { color: 'orange' },
      onConfirm: () => rollBack.mutate(),
    });

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Title order={2}>{t('design.versions.compareTitle', { version: label })}</Title>
        {canEdit && !version.isLiveSpec && !version.isArchived && (
          <Button
            variant="light"
            color="orange"
            leftSection={<IconHistory size={16} />}
            loading={rollBack.isPending}
            onClick={confirmRollBack}
          >
            {t('design.versions.rollBack')}
          </Button>
        )}
      </Group>
      {lastRollback && lastRollbackVersion && (
        <Alert color="orange" variant="light">
          <Group justify="space-between">
            <Text size="sm">{t('design.versions.undoHint', { version: versionLabel(lastRollbackVersion, t) })}</Text>
            <Button
              size="xs"
              variant="white"
              leftSection={<IconArrowBackUp size={14} />}
              loading={undo.isPending}
              onClick={() => undo.mutate(lastRollback.id)}
            >
              {t('design.versions.undoRollBack')}
            </Button>
          </Group>
        </Alert>
      )}
      <Select
        label={t('design.versions.compareWith')}
        data={options}
        value={otherId}
        onChange={(value) => setOtherId(value ?? CURRENT)}
        allowDeselect={false}
        maw={320}
      />
      <DiffList query={diff} t={t} />
      {canEdit && !version.isLiveSpec && !version.isArchived && (
        <MigrationPanel gameId={gameId} versionId={version.id} />
      )}
    </Stack>
  );
}

function DiffList({ query, t }: { query: UseQueryResult<VersionDiff>; t: TFunction }) {
  if (query.isPending) return <PageLoader />;
  if (!query.data) return <GeneralErrorBox error={query.error} />;
  const { changes, counts } = query.data;
  if (changes.length === 0) return <Text c="dimmed">{t('design.versions.noChanges')}</Text>;
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" fw={500} mb="xs">
        {t('design.versions.counts', counts)}
      </Text>
      <List spacing={4} size="sm" aria-label={t('design.versions.compare')}>
        {changes.flatMap((change) =>
          changeSentences(change, t).map((sentence) => (
            <List.Item key={`${change.subject}-${change.id}-${sentence}`}>{sentence}</List.Item>
          )),
        )}
      </List>
    </Paper>
  );
}
