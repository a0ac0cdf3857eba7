import type { Problem, ProblemSeverity } from '@loci/engine/problems';
import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { problemMessage, problemPath } from './problems-data';
import './locales';

export const SEVERITY_COLORS: Record<ProblemSeverity, string> = { error: 'red', warning: 'yellow', info: 'blue' };
const SEVERITY_ICONS = { error: IconCircleX, warning: IconAlertTriangle, info: IconInfoCircle };

/** Findings as a list: severity, the sentence, a link to the entity's editor. */
export function ProblemList({
  problems,
  base,
  onOpen,
}: {
  problems: readonly Problem[];
  base: string;
  onOpen?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <List spacing="xs" listStyleType="none" aria-label={t('design.problems.title')}>
      {problems.map((problem, index) => {
        const Icon = SEVERITY_ICONS[problem.severity];
        return (
          <List.Item key={`${problem.code}:${problem.entity.kind}:${problem.entity.id}:${index}`}>
            <Group gap="xs" wrap="nowrap" align="flex-start" data-problem={problem.code}>
              <Icon size={18} color={`var(--mantine-color-${SEVERITY_COLORS[problem.severity]}-6)`} aria-hidden />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm">
                  <Badge size="xs" variant="light" color={SEVERITY_COLORS[problem.severity]} mr={6}>
                    {t(`design.problems.severity.${problem.severity}`)}
                  </Badge>
                  <Anchor component={Link} to={problemPath(base, problem.entity)} onClick={onOpen}>
                    {problemMessage(t, problem)}
                  </Anchor>
                </Text>
              </Stack>
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
