import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from './test/api-mock';
import { makeUser, signIn } from './test/factories';
import { renderApp } from './test/render-app';

describe('routes', () => {
  it("shows 'No Route match' for an unknown path", async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'No Route match' })).toBeInTheDocument();
  });

  it('shows the landing page with Sign in and Sign up to a visitor at /', async () => {
    mockApi({});
    renderApp('/');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { name: 'Stories that happen in real places' }),
    ).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(main).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(within(main).getByRole('img', { name: 'Open Culture Fund' })).toBeInTheDocument();
  });

  it.each([
    '/account',
    '/admin',
    '/admin/role-requests',
    '/games/new',
    '/active-games/g1',
    '/analytics/g1',
    '/debugging-tools',
  ])('shows the landing page to a visitor at %s', async (path) => {
    const api = mockApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Stories that happen in real places' })).toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/admin'))).toHaveLength(0);
  });

  it("leads a player's home with her games; no authoring rights is one quiet line below, linking to the account page", async () => {
    signIn({ role: 'player' });
    mockApi({ 'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } } });
    renderApp('/');

    const line = await screen.findByText(/^No game authoring rights\. Current role: player/);
    expect(within(line).getByRole('link', { name: 'Upgrade your account' })).toHaveAttribute('href', '/account');
    // Not a warning box before her games: after the My games heading, no alert.
    const heading = screen.getByRole('heading', { name: 'My games' });
    expect(heading.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Games' })).not.toBeInTheDocument();
  });

  it('shows the games list with New Game to a designer', async () => {
    signIn({ role: 'designer' });
    mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Game' })).toHaveAttribute('href', '/games/new');
  });

  it('tells a designer the admin area is not allowed', async () => {
    signIn({ role: 'designer' });
    const api = mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    renderApp('/admin/role-requests');

    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/role-requests')).toHaveLength(0);
  });

  it('shows the privacy page to anyone', async () => {
    mockApi({});
    renderApp('/privacy');
    expect(await screen.findByRole('heading', { name: 'Privacy policy' })).toBeInTheDocument();
    expect(screen.getByText('Last modified July 6, 2021')).toBeInTheDocument();
    for (const topic of [
      'Maps widgets',
      'Geolocation',
      'Social authentication',
      'Device information',
      'Push notifications',
    ]) {
      expect(screen.getByRole('heading', { name: topic })).toBeInTheDocument();
    }
  });
});
