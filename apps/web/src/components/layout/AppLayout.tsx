import { ActionIcon, Affix, AppShell, Tooltip } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconChevronUp } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../../auth/auth-context';
import { ErrorBoundary } from '../ErrorBoundary';
import { PageLoader } from '../PageLoader';
import { useToastsBelowHeader } from '../toasts-offset';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { AppSidebar } from './AppSidebar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

const HEADER_HEIGHT = 60;

export const FOOTER_HIDDEN_KEY = 'lociFooterHidden';
const SIDEBAR_OPEN_KEY = 'lociSidebarOpen';

/** The shared chrome: navbar on top, collapsible sidebar for signed-in users, hideable footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const { pathname } = useLocation();
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const [mobileOpened, setMobileOpened] = useState(false);
  const [desktopOpened, setDesktopOpened] = useLocalStorage({
    key: SIDEBAR_OPEN_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [footerHidden, setFooterHidden] = useLocalStorage({
    key: FOOTER_HIDDEN_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });

  useToastsBelowHeader(HEADER_HEIGHT);

  // On a phone the sidebar covers the page: close it once the user has picked a link.
  useEffect(() => setMobileOpened(false), [pathname]);

  const sidebarOpened = isMobile ? mobileOpened : desktopOpened;
  const toggleSidebar = () => (isMobile ? setMobileOpened((open) => !open) : setDesktopOpened((open) => !open));

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={
        isAuthenticated
          ? { width: 240, breakpoint: 'sm', collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }
          : undefined
      }
      footer={{ height: 48, collapsed: footerHidden }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader sidebarOpened={sidebarOpened} onToggleSidebar={isAuthenticated ? toggleSidebar : undefined} />
      </AppShell.Header>
      {isAuthenticated && (
        <AppShell.Navbar aria-label={t('nav.sidebar')}>
          <AppSidebar />
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </AppShell.Main>
      {!footerHidden && (
        <AppShell.Footer>
          <AppFooter onHide={() => setFooterHidden(true)} />
        </AppShell.Footer>
      )}
      {footerHidden && (
        <Affix position={{ bottom: 12, right: 12 }}>
          <Tooltip label={t('footer.show')} position="left">
            <ActionIcon
              variant="default"
              radius="xl"
              size="lg"
              aria-label={t('footer.show')}
              onClick={() => setFooterHidden(false)}
            >
              <IconChevronUp size={18} />
            </ActionIcon>
          </Tooltip>
        </Affix>
      )}
    </AppShell>
  );
}
