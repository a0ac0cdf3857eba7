import { FRONTEND_BASE_PATH } from '@loci/domain';
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { AuthProvider } from './auth/AuthProvider';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ScrollToTop } from './components/ScrollToTop';
import { AppRoutes } from './routes';
import { theme } from './theme';
import './i18n';

/**
 * Where toasts go: on a wide screen at the bottom left, clear of the tabs, the
 * headers and the playtest's Trace and Reset; on a phone at the top, clear of
 * the player's bottom bar.
 */
function Toasts() {
  const phone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={phone ? 'top-center' : 'bottom-left'} limit={3} />;
}

/** Providers that do not need the router: theme, server state, toasts. */
export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals (for jsdom). */
  env?: 'default' | 'test';
}) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={queryClient}>
        <Toasts />
        <ErrorBoundary>{children}</ErrorBoundary>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** Everything below the router (tests mount it in a memory router). */
export function RoutedApp() {
  return (
    <ModalsProvider>
      <AuthProvider>
        <ScrollToTop />
        <AppRoutes />
      </AuthProvider>
    </ModalsProvider>
  );
}

/**
 * The console's one route: everything below matches with <Routes> of its own.
 * A data router nonetheless, because the unsaved-changes guard needs its
 * blocker (useBlocker). Tests use createMemoryRouter with the same route.
 */
export const APP_ROUTES = [{ path: '*', element: <RoutedApp /> }];

export default function App() {
  const [queryClient] = useState(() => createQueryClient());
  const [router] = useState(() => createBrowserRouter(APP_ROUTES, { basename: FRONTEND_BASE_PATH }));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
