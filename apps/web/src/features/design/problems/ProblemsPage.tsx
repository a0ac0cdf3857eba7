import { PROBLEM_SEVERITIES, type ProblemSeverity } from '@loci/engine/problems';
import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadedWorkspace } from '../shell/workspace-context';
import { ProblemList } from './ProblemList';
import { countProblems, useProblems } from './problems-data';
import './locales';

type Filter = ProblemSeverity | 'all';

/** /games/:gameId/problems: every finding of the checker on the design as it is now, filtered by severity. */
export function ProblemsPage() {
  const { t } = useTranslation();
  const { gameId, workspace } = useLoadedWorkspace();
  const problems = useProblems(gameId, workspace);
  const counts = countProblems(problems);
  const [filter, setFilter] = useState<Filter>('all');
  const shown = useMemo(
    () => (filter === 'all' ? problems : problems.filter((problem) => problem.severity === filter)),
    [problems, filter],
  );
  const data = [
    { value: 'all', label: t('design.problems.all', { count: problems.length }) },
    ...PROBLEM_SEVERITIES.map((severity) => ({
      value: severity,
      label: t(`design.problems.${severity}`, { count: counts[severity] }),
    })),
  ];

  return (
    <Stack gap="md">
      <Title order={2}>{t('design.problems.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('design.problems.hint')}
      </Text>
      <SegmentedControl
        aria-label={t('design.problems.filterLabel')}
        value={filter}
        onChange={(value) => setFilter(value as Filter)}
        data={data}
        style={{ alignSelf: 'flex-start' }}
      />
      <Paper withBorder p="md">
        {shown.length === 0 ? (
          <Text size="sm" c="dimmed">
            {problems.length === 0 ? t('design.problems.none') : t('design.problems.noneOfSeverity')}
          </Text>
        ) : (
          <ProblemList problems={shown} base={`/games/${gameId}`} />
        )}
      </Paper>
    </Stack>
  );
}
