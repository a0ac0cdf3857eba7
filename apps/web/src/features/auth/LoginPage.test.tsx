import { TOKEN_STORAGE_KEY, USER_MESSAGES } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeToken, makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('#login', { timeout: 30_000 }, () => {
  it('stores the token and shows the games list to a designer', async () => {
    const token = makeToken({ role: 'designer' });
    const api = mockApi({
      'GET /api/users/providers': { body: { google: false, facebook: false } },
      'POST /api/users/login': { body: { success: true, token } },
      'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } },
    });
    const { user, pathname } = renderApp('/login');

    await fillAndSubmit(user, 'dana@example.com', 'secret-pass');

    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(pathname()).toBe('/');
    expect(api.callsTo('POST /api/users/login')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'secret-pass',
    });
    expect(screen.getByRole('button', { name: /Account menu of Dana Designer/ })).toBeInTheDocument();
  });

  it('shows the server field errors under their fields', async () => {
    mockApi({
      'GET /api/users/providers': { body: { google: false, facebook: false } },
      'POST /api/users/login': {
        status: 400,
        body: { message: 'Invalid', errors: { passwordincorrect: USER_MESSAGES.passwordIncorrect } },
      },
    });
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'dana@example.com', 'wrong-pass');

    const password = screen.getByLabelText(/^Password/);
    expect(await screen.findByText(USER_MESSAGES.passwordIncorrect)).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(USER_MESSAGES.passwordIncorrect);
  });

  it('shows an unknown email under the email field', async () => {
    mockApi({
      'POST /api/users/login': {
        status: 404,
        body: { message: 'Not found', errors: { emailnotfound: USER_MESSAGES.emailNotFound } },
      },
    });
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'nobody@example.com', 'whatever1');

    expect(await screen.findByText(USER_MESSAGES.emailNotFound)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(USER_MESSAGES.emailNotFound);
  });

  it('validates in the browser before calling the server', async () => {
    const api = mockApi({});
    const { user } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(USER_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(USER_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/login')).toHaveLength(0);
  });

  it('offers to resend the confirmation email when the account is not confirmed', async () => {
    mockApi({
      'POST /api/users/login': {
        status: 403,
        body: { message: USER_MESSAGES.pendingConfirmation, errorCode: 'PENDING_CONFIRMATION' },
      },
    });
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'new@example.com', 'secret-pass');

    const link = await screen.findByRole('link', { name: 'Resend confirmation email?' });
    expect(link).toHaveAttribute('href', '/resend');
    expect(screen.getByText(USER_MESSAGES.pendingConfirmation)).toBeInTheDocument();
  });

  it('shows a rate-limit answer above the form', async () => {
    mockApi({ 'POST /api/users/login': { status: 429, body: { message: USER_MESSAGES.tooManyRequests } } });
    const { user } = renderApp('/login');

    await fillAndSubmit(user, 'dana@example.com', 'secret-pass');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(USER_MESSAGES.tooManyRequests)).toBeInTheDocument();
    expect(within(alert).getByText('429 Too Many Requests')).toBeInTheDocument();
  });

  it('shows only the social buttons the server has configured', async () => {
    mockApi({ 'GET /api/users/providers': { body: { google: true, facebook: false } } });
    renderApp('/login');

    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user home', async () => {
    signIn({ role: 'designer' });
    mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    const { pathname } = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });

  it('disables Sign in while the request is in flight: one request however often one clicks or presses Enter', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const api = mockApi({
      'GET /api/users/providers': { body: { google: false, facebook: false } },
      'POST /api/users/login': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'dana@example.com', 'secret-pass');
    const button = screen.getByRole('button', { name: 'Sign in' });
    expect(button).toBeDisabled();
    await user.click(button);
    await user.type(screen.getByLabelText(/^Password/), '{Enter}');
    expect(api.callsTo('POST /api/users/login')).toHaveLength(1);
    answer({ body: { success: false, message: 'Wrong password' } } as never);
    await vi.waitFor(() => expect(button).toBeEnabled());
  });
});
