import { USER_MESSAGES } from '@loci/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  values: { name: string; email: string; password: string; password2: string },
) {
  await user.type(await screen.findByLabelText(/^Full name/), values.name);
  await user.type(screen.getByLabelText(/^Email/), values.email);
  await user.type(screen.getByLabelText(/^Password/), values.password);
  await user.type(screen.getByLabelText(/^Confirm password/), values.password2);
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

const valid = { name: 'Nora New', email: 'nora@example.com', password: 'long-enough', password2: 'long-enough' };

describe('#register', () => {
  it('shows the password hint', async () => {
    mockApi({});
    renderApp('/register');
    expect(await screen.findByText(USER_MESSAGES.passwordHint)).toBeInTheDocument();
  });

  it("says 'Passwords must match' without calling the server", async () => {
    const api = mockApi({});
    const { user } = renderApp('/register');

    await fill(user, { ...valid, password2: 'something-else' });

    expect(await screen.findByText(USER_MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/register')).toHaveLength(0);
  });

  it('goes to the thank-you page on success', async () => {
    const api = mockApi({
      'POST /api/users/register': { status: 201, body: { success: true, user: makeUser({ role: 'player' }) } },
    });
    const { user, pathname } = renderApp('/register');

    await fill(user, valid);

    expect(await screen.findByText('Thank you for signing up!')).toBeInTheDocument();
    expect(pathname()).toBe('/registersuccess');
    expect(api.callsTo('POST /api/users/register')[0]?.body).toEqual(valid);
  });

  it('shows a taken email under the email field', async () => {
    mockApi({
      'POST /api/users/register': {
        status: 400,
        body: { message: 'Invalid', errors: { email: USER_MESSAGES.emailTaken } },
      },
    });
    const { user, pathname } = renderApp('/register');

    await fill(user, valid);

    expect(await screen.findByText(USER_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(USER_MESSAGES.emailTaken);
    expect(pathname()).toBe('/register');
  });

  it('sends a signed-in user from the thank-you page home', async () => {
    signIn({ role: 'designer' });
    mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    const { pathname } = renderApp('/registersuccess');
    expect(await screen.findByRole('heading', { name: 'Games' })).toBeInTheDocument();
    expect(pathname()).toBe('/');
  });
});
