import { hasRight } from '@loci/domain';
import { ActionIcon, Alert, Anchor, Box, Button, Group, Paper, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { GeneralErrorBox } from '../../../components/GeneralErrorBox';
import { PageLoader } from '../../../components/PageLoader';
import { useWorkspace } from '../useWorkspace';
import { GameTabs } from './GameTabs';
import { WorkspaceBreadcrumbs } from './WorkspaceBreadcrumbs';
import { WorkspaceContext } from './workspace-context';
import { WorkspaceSidebar } from './WorkspaceSidebar';
import '../common/locales';
import '../../play/locales';
import { domainText } from '../../../i18n/domain';

const SIDEBAR_OPEN_KEY = 'lociDesignSidebarOpen';

/**
 * /games/:gameId/*: the design workspace (spec 1 §2, spec 2 §2). Loads the
 * whole design in one query; shows 'Loading game...', the archived alert or
 * 'Game not found. Sorry.'; else breadcrumbs, the game's tabs, the collapsible
 * side menu and the page of the route.
 */
export function WorkspaceShell() {
  const { t } = useTranslation();
  const { gameId = '' } = useParams();
  const { data: workspace, error, isPending } = useWorkspace(gameId);
  const [sidebarOpen, setSidebarOpen] = useLocalStorage({
    key: SIDEBAR_OPEN_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const canEdit = workspace ? hasRight(workspace.game.rights, 'edit') && !workspace.game.isArchived : false;
  const loaded = useMemo(() => (workspace ? { gameId, workspace, canEdit } : null), [gameId, workspace, canEdit]);

  if (isPending) return <PageLoader label={domainText(t, 'GAME_TEXTS', 'loadingGame')} />;
  if (!workspace) {
    if (isApiError(error) && error.status === 404) {
      return (
        <Alert color="gray" variant="light" title={domainText(t, 'GAME_TEXTS', 'gameNotFound')}>
          <Anchor component={Link} to="/">
            {t('design.myGames')}
          </Anchor>
        </Alert>
      );
    }
    return <GeneralErrorBox error={error} />;
  }
  if (workspace.game.isArchived) {
    return (
      <Alert color="orange" variant="light" title={domainText(t, 'GAME_TEXTS', 'gameArchivedAlert').title} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{domainText(t, 'GAME_TEXTS', 'gameArchivedAlert').body}</Text>
          <Button component={Link} to="/" variant="light" size="xs" leftSection={<IconArrowLeft size={14} />}>
            {t('design.goBack')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const toggleLabel = t('design.sidebar.toggle');
  return (
    <WorkspaceContext.Provider value={loaded}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Tooltip label={toggleLabel}>
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setSidebarOpen((open) => !open)}
                aria-label={toggleLabel}
                aria-expanded={sidebarOpen}
              >
                {sidebarOpen ? <IconLayoutSidebarLeftCollapse size={20} /> : <IconLayoutSidebarLeftExpand size={20} />}
              </ActionIcon>
            </Tooltip>
            <WorkspaceBreadcrumbs workspace={workspace} />
          </Group>
          <Group gap="xs" wrap="wrap">
            {canEdit && (
              <Button
                component={Link}
                to={`/play/${gameId}?playtest=1`}
                size="xs"
                variant="light"
                color="orange"
                leftSection={<IconPlayerPlay size={14} />}
              >
                {t('play.playtest')}
              </Button>
            )}
            <GameTabs gameId={gameId} rights={workspace.game.rights} />
          </Group>
        </Group>
        <Group align="flex-start" gap="md" wrap="wrap">
          {sidebarOpen && (
            <Paper withBorder radius="md" p={4} w={{ base: '100%', md: 280 }} style={{ flex: 'none' }}>
              <ScrollArea.Autosize mah="calc(100vh - 160px)" type="auto">
                <WorkspaceSidebar workspace={workspace} gameId={gameId} canEdit={canEdit} isLoading={false} />
              </ScrollArea.Autosize>
            </Paper>
          )}
          <Box style={{ flex: 1, minWidth: 0 }} miw={{ base: '100%', md: 0 }}>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </Box>
        </Group>
      </Stack>
    </WorkspaceContext.Provider>
  );
}
