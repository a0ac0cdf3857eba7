import { TOKEN_STORAGE_KEY } from '@loci/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/api-mock';
import { makeUser, signIn } from '../test/factories';
import { renderApp } from '../test/render-app';

describe('AuthProvider', () => {
  it('logs out an expired token at start and goes to /login', async () => {
    signIn({ expiresIn: -60 });
    const api = mockApi({});
    const { pathname } = renderApp('/account');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/users/account')).toHaveLength(0);
  });

  it('sends the stored token with every call', async () => {
    const token = signIn({ role: 'designer' });
    const api = mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/users/account')[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('takes the role from the account, so an upgrade shows without signing in again', async () => {
    signIn({ role: 'player' });
    mockApi({ 'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } } });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
  });

  it('ends the session when the server no longer accepts the token', async () => {
    signIn({ role: 'designer' });
    mockApi({ 'GET /api/users/account': { status: 401, body: { message: 'Token expired' } } });
    const { pathname } = renderApp('/account');

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(pathname()).toBe('/login');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('logs out from the account menu', async () => {
    signIn({ role: 'designer', name: 'Dana Designer' });
    mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    const { user, pathname } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: /Account menu of Dana Designer/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Stories that happen in real places' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(pathname()).toBe('/');
  });
});
