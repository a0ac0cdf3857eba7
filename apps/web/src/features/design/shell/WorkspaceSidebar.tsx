import { NavLink, Stack } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { Workspace } from '../../../api/design';
import { entitiesOf } from '../common/workspace-data';
import { DESIGN_KIND_VIEWS, type KindView } from '../kinds';
import { ProblemsNavLinks } from '../problems/ProblemsNavLinks';
import { TranslationsNavLink } from '../translations/TranslationsNavLink';
import { EntityLinks, NewButton, Section, type SidebarState } from './SidebarParts';
import '../common/locales';

interface Props {
  workspace: Workspace | undefined;
  gameId: string;
  canEdit: boolean;
  isLoading: boolean;
}

/** One kind's section: its entities (or the registry row's own content) and its New control. */
function KindSection({ view, state }: { view: KindView; state: SidebarState }) {
  const { t } = useTranslation();
  const { sidebar } = view;
  if (!sidebar) return null;
  const Icon = view.icon;
  const newLabel = t('design.sidebar.newOf', { label: t(view.labelKey), context: view.labelKey.split('.').pop() });
  const pathOf = (entity: Parameters<NonNullable<KindView['itemPath']>>[0]) =>
    `${state.base}/${view.segment}/${view.itemPath?.(entity) ?? ''}`;

  let newAction = null;
  if (sidebar.NewAction) newAction = <sidebar.NewAction state={state} label={newLabel} />;
  else if (view.newPath) {
    newAction = (
      <NewButton to={`${state.base}/${view.segment}/${view.newPath}`} label={newLabel} disabled={!state.canEdit} />
    );
  }

  let content;
  if (sidebar.Content) content = <sidebar.Content state={state} />;
  else if (view.kind !== 'gameVersion' && view.kind !== 'world') {
    const all = entitiesOf(state.workspace, view.kind);
    content = (
      <EntityLinks state={state} entities={sidebar.filter ? all.filter(sidebar.filter) : all} pathOf={pathOf} />
    );
  }

  return (
    <Section
      label={t(sidebar.headingKey)}
      icon={<Icon size={16} />}
      active={state.pathname.startsWith(`${state.base}/${view.segment}/`)}
      defaultOpened={sidebar.defaultOpened}
      newAction={newAction}
    >
      {content}
    </Section>
  );
}

/** The design workspace's side menu (spec 2 §2): the overview, then a section per kind of the registry. */
export function WorkspaceSidebar({ workspace, gameId, canEdit, isLoading }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = `/games/${gameId}`;
  const state: SidebarState = { workspace, base, canEdit, isLoading, pathname };
  return (
    <Stack gap={2} component="nav" aria-label={t('design.sidebar.label')}>
      <NavLink
        component={Link}
        to={base}
        label={t('design.sidebar.overview')}
        leftSection={<IconHome size={16} />}
        active={pathname === base || pathname === `${base}/`}
      />
      <ProblemsNavLinks workspace={workspace} base={base} pathname={pathname} />
      {DESIGN_KIND_VIEWS.map((view) => (
        <KindSection key={view.kind} view={view} state={state} />
      ))}
      <TranslationsNavLink workspace={workspace} base={base} pathname={pathname} />
    </Stack>
  );
}
