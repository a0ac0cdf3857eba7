import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { AppProviders, RoutedApp } from '../App';
import { createQueryClient } from '../api/query-client';

/**
 * Renders the whole console (providers, auth, chrome, routes) at `path`, as a
 * browser would show it under /fe. Returns user-event and the current location.
 */
export function renderApp(path = '/') {
  const queryClient = createQueryClient({ retry: false });
  let location: Location | undefined;
  function LocationProbe() {
    location = useLocation();
    return null;
  }
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <RoutedApp />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    ...view,
    user,
    queryClient,
    /** The path (without the /fe base) the console is showing now. */
    pathname: () => location?.pathname,
    search: () => location?.search,
  };
}
