import { Badge, Group, NavLink } from '@mantine/core';
import { IconAlertTriangle, IconSitemap } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Workspace } from '../../../api/design';
import { countProblems, useProblems } from './problems-data';
import './locales';

/** The sidebar's Problems row (errors and warnings counted, recomputed as the design changes) and the story graph's. */
export function ProblemsNavLinks({
  workspace,
  base,
  pathname,
}: {
  workspace: Workspace | undefined;
  base: string;
  pathname: string;
}) {
  const { t } = useTranslation();
  const problems = useProblems(workspace?.game.id ?? '', workspace);
  const counts = problems ? countProblems(problems) : null;
  return (
    <>
      <NavLink
        component={Link}
        to={`${base}/problems`}
        label={t('design.problems.nav')}
        leftSection={<IconAlertTriangle size={16} />}
        active={pathname === `${base}/problems`}
        aria-label={
          counts
            ? `${t('design.problems.nav')}: ${t('design.problems.counts', { errors: counts.error, warnings: counts.warning })}`
            : t('design.problems.nav')
        }
        rightSection={
          counts && (
            <Group gap={4} wrap="nowrap">
              <Badge
                size="sm"
                circle={counts.error < 10}
                color={counts.error > 0 ? 'red' : 'gray'}
                data-testid="problems-errors"
              >
                {counts.error}
              </Badge>
              <Badge
                size="sm"
                circle={counts.warning < 10}
                color={counts.warning > 0 ? 'yellow' : 'gray'}
                data-testid="problems-warnings"
              >
                {counts.warning}
              </Badge>
            </Group>
          )
        }
      />
      <NavLink
        component={Link}
        to={`${base}/story`}
        label={t('design.story.nav')}
        leftSection={<IconSitemap size={16} />}
        active={pathname === `${base}/story`}
      />
    </>
  );
}
