import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, APP_ROUTES } from '../App';
import { createQueryClient } from '../api/query-client';

/**
 * A memory data router at `path` (the console's guard needs a data router),
 * with `pathname` and `search` of the location it shows now.
 */
export function memoryRouter(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return {
    router,
    /** The path (without the /fe base) the router is showing now. */
    pathname: () => router.state.location.pathname,
    search: () => router.state.location.search,
  };
}

/**
 * Renders the whole console (providers, auth, chrome, routes) at `path`, as a
 * browser would show it under /fe. Returns user-event and the current location.
 */
export function renderApp(path = '/') {
  const queryClient = createQueryClient({ retry: false });
  const { router, pathname, search } = memoryRouter(APP_ROUTES, path);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, queryClient, router, pathname, search };
}
