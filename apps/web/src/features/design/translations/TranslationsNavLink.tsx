import { Badge, Group, NavLink } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Workspace } from '../../../api/design';
import { languageName, workspaceCoverage } from './coverage';
import './locales';

/** The sidebar's Translations row with each other language's coverage ("German 87 %"). */
export function TranslationsNavLink({
  workspace,
  base,
  pathname,
}: {
  workspace: Workspace | undefined;
  base: string;
  pathname: string;
}) {
  const { t, i18n } = useTranslation();
  const coverage = workspace ? workspaceCoverage(workspace) : [];
  const words = coverage.map((entry) =>
    t('design.translations.navCoverage', {
      language: languageName(entry.language, i18n.language),
      percent: entry.percent,
    }),
  );
  return (
    <NavLink
      component={Link}
      to={`${base}/translations`}
      label={t('design.translations.nav')}
      leftSection={<IconLanguage size={16} />}
      active={pathname.startsWith(`${base}/translations`)}
      aria-label={[t('design.translations.nav'), ...words].join(', ')}
      description={
        coverage.length > 0 ? (
          <Group gap={4} component="span">
            {coverage.map((entry, index) => (
              <Badge
                key={entry.language}
                size="xs"
                variant="light"
                color={entry.percent === 100 ? 'green' : 'gray'}
                component="span"
                data-testid={`coverage-${entry.language}`}
              >
                {words[index]}
              </Badge>
            ))}
          </Group>
        ) : undefined
      }
    />
  );
}
