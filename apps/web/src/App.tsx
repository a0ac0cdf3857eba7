import { FRONTEND_BASE_PATH } from '@loci/domain';
import { ModalsProvider } from '@mantine/modals';
import { useState, type ComponentProps } from 'react';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from './api/query-client';
import { AuthProvider } from './auth/AuthProvider';
import { ScrollToTop } from './components/ScrollToTop';
import { AppRoutes } from './routes';
import { AppProviders as BaseProviders } from './providers';
import { Toasts } from './components/Toasts';
import './i18n';

/** The providers of the console: theme, server state, toasts (see providers.tsx). */
export function AppProviders(props: Omit<ComponentProps<typeof BaseProviders>, 'toasts'>) {
  return <BaseProviders {...props} toasts={<Toasts />} />;
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
