import type { JudgingStats } from '@loci/domain';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useJudgingStats } from './queries';
import './locales';

/**
 * Judging per mission (issue 29): submitted, waiting, approved, rejected, the approval rate and the median time
 * to judge. Shared by the review queue (one instance) and the Analytics page (every instance of a version).
 */
export function JudgingStatsTable({ stats }: { stats: JudgingStats | undefined }) {
  const { t } = useTranslation();
  const rows = stats?.missions ?? [];
  const time = (seconds: number | null) =>
    seconds === null
      ? '—'
      : seconds < 120
        ? t('judging.stats.seconds', { count: seconds })
        : t('judging.stats.minutes', { count: Math.round(seconds / 60) });
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {t('judging.stats.none')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('judging.stats.mission')}</Table.Th>
            <Table.Th>{t('judging.stats.submitted')}</Table.Th>
            <Table.Th>{t('judging.stats.pending')}</Table.Th>
            <Table.Th>{t('judging.stats.approved')}</Table.Th>
            <Table.Th>{t('judging.stats.rejected')}</Table.Th>
            <Table.Th>{t('judging.stats.rate')}</Table.Th>
            <Table.Th>{t('judging.stats.time')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.missionId}>
              <Table.Td>{row.missionTitle}</Table.Td>
              <Table.Td>{row.submitted}</Table.Td>
              <Table.Td>{row.pending}</Table.Td>
              <Table.Td>{row.approved}</Table.Td>
              <Table.Td>{row.rejected}</Table.Td>
              <Table.Td>{row.approvalRate === null ? '—' : `${Math.round(row.approvalRate * 100)}%`}</Table.Td>
              <Table.Td>{time(row.medianSecondsToJudge)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Judging per mission of an instance (issue 29), under the review queue. */
export function JudgingStatsPanel({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const stats = useJudgingStats(instanceId);
  return (
    <Stack gap="xs">
      <Title order={3} fz="h4">
        {t('judging.stats.title')}
      </Title>
      <JudgingStatsTable stats={stats.data} />
    </Stack>
  );
}
