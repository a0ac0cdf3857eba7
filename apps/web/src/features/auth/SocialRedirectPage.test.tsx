import { SOCIAL_COOKIE_NAME, TOKEN_STORAGE_KEY } from '@loci/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeToken, makeUser } from '../../test/factories';
import { renderApp } from '../../test/render-app';

describe('#socialredirect', () => {
  it('shows the provider error with a way back to sign in', async () => {
    const api = mockApi({});
    renderApp('/socialredirect?error=access_denied');

    expect(await screen.findByText('access_denied')).toBeInTheDocument();
    expect(screen.getByText('Sign-in failed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(api.requests).toHaveLength(0);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('takes the token from the cookie, clears the cookie and goes home', async () => {
    const token = makeToken({ role: 'designer' });
    document.cookie = `${SOCIAL_COOKIE_NAME}=${token}; path=/`;
    const api = mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    const { pathname } = renderApp('/socialredirect');

    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(document.cookie).not.toContain(SOCIAL_COOKIE_NAME);
    expect(api.callsTo('GET /api/users/jwtAsBody')).toHaveLength(0);
  });

  it('asks the server for the token when there is no readable cookie', async () => {
    const token = makeToken({ role: 'designer' });
    mockApi({
      'GET /api/users/jwtAsBody': { body: { jwtToken: token } },
      'GET /api/users/account': { body: { user: makeUser() } },
    });
    renderApp('/socialredirect');

    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
  });

  it('shows the failure of that call', async () => {
    mockApi({ 'GET /api/users/jwtAsBody': { status: 401, body: { message: 'No social sign-in in progress' } } });
    renderApp('/socialredirect');

    expect(await screen.findByText('No social sign-in in progress')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });
});
