import type { Workspace } from '../../api/design';
import { Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { operationsApi, operationsQueryKeys } from '../../api/operations';
import { RankingsOrder, RankingsTable } from '../../components/rankings/RankingsTable';
import './locales';

/**
 * The Gameplay page's leaderboard (spec 1 §3 rankings): the players of one
 * version, ranked; the shown version first, any other non-archived one on demand.
 */
export function RankingsSection({
  gameId,
  versions,
  initialVersionId,
}: {
  gameId: string;
  versions: Workspace['versions'];
  initialVersionId: string;
}) {
  const { t } = useTranslation();
  const [versionId, setVersionId] = useState(initialVersionId);
  const board = useQuery({
    queryKey: operationsQueryKeys.rankings(gameId, versionId),
    queryFn: ({ signal }) => operationsApi.rankings(versionId, signal),
    retry: false,
  });
  const options = versions
    .filter((version) => !version.isArchived)
    .map((version) => ({
      value: version.id,
      label: version.isLiveSpec
        ? t('operations.workingVersion')
        : t('operations.publishedVersion', { version: version.version }),
    }));
  const noBoard = board.isError && isApiError(board.error) && board.error.status === 404;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        {t('rankings.title')}
      </Title>
      <Select
        label={t('rankings.version')}
        data={options}
        value={versionId}
        onChange={(value) => value && setVersionId(value)}
        allowDeselect={false}
        w={260}
      />
      <RankingsOrder board={board.data} />
      {board.isPending && <Text c="dimmed">{t('rankings.loading')}</Text>}
      {noBoard && <Text c="dimmed">{t('rankings.noBoard')}</Text>}
      {board.isError && !noBoard && (
        <Text c="red" role="alert">
          {board.error.message}
        </Text>
      )}
      {board.data && <RankingsTable board={board.data} />}
    </Stack>
  );
}
