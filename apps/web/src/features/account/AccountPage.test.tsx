import { TOKEN_STORAGE_KEY } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeToken, makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';
import i18n from '../../i18n';

const player = makeUser({ role: 'player', name: 'Pat Player', email: 'pat@example.com', googleId: 'g-123' });

describe('#account', { timeout: 30_000 }, () => {
  it('shows name, email, role and the sign-in providers', async () => {
    signIn({ role: 'player', name: 'Pat Player' });
    mockApi({ 'GET /api/users/account': { body: { user: player } } });
    renderApp('/account');

    const main = await screen.findByRole('main');
    expect(await within(main).findByText('pat@example.com')).toBeInTheDocument();
    expect(within(main).getByText('Pat Player')).toBeInTheDocument();
    expect(within(main).getByText('Player')).toBeInTheDocument();
    expect(within(main).getByText('Google').parentElement?.parentElement).toHaveTextContent('Linked');
    expect(within(main).getByText('Facebook').parentElement?.parentElement).toHaveTextContent('Not linked');
  });

  it('changes the name, counting the limit while typing, and shows server refusals under the field', async () => {
    signIn({ role: 'player', name: 'Pat Player' });
    let refuse = true;
    const api = mockApi({
      'GET /api/users/account': { body: { user: player } },
      'PATCH /api/users/account': (request) =>
        refuse
          ? { status: 400, body: { message: 'Please correct the errors', errors: { name: 'That name is taken' } } }
          : { body: { user: { ...player, name: (request.body as { name: string }).name } } },
    });
    const { user } = renderApp('/account');
    await user.click(await screen.findByRole('button', { name: 'Change name' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(field);
    await user.type(field, 'Patricia');
    expect(screen.getByText('8/100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('That name is taken')).toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Name changed')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByText('Patricia')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/users/account').map((request) => request.body)).toEqual([
      { name: 'Patricia' },
      { name: 'Patricia' },
    ]);
  });

  it('requests the designer role, then offers to cancel the pending request', async () => {
    signIn({ role: 'player' });
    const api = mockApi({
      'GET /api/users/account': { body: { user: player } },
      'POST /api/users/account/roleRequest': {
        body: { user: { ...player, roleRequest: { role: 'designer', date: '2024-06-01T08:00:00.000Z' } } },
      },
      'DELETE /api/users/account/roleRequest': { body: { user: player } },
    });
    const { user } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Request designer role' }));
    expect(await screen.findByText(/You asked for the Designer role on 1 Jun 2024/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/account/roleRequest')[0]?.body).toEqual({ roleRequest: { role: 'designer' } });

    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByRole('button', { name: 'Request designer role' })).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/users/account/roleRequest')).toHaveLength(1);
  });

  it('saves the optional player profile (birth date, sex) that some games check', async () => {
    signIn({ role: 'player' });
    const api = mockApi({
      'GET /api/users/account': { body: { user: player } },
      'PATCH /api/users/account/profile': { body: { user: { ...player, birthDate: '2001-04-30', sex: null } } },
    });
    const { user } = renderApp('/account');

    expect(await screen.findByText(/Some games are only for certain ages/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Birth date'), '2001-04-30');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/users/account/profile')[0]?.body).toEqual({ birthDate: '2001-04-30', sex: null });
  });

  it('adds a photo and, arriving from a game that asks for one, goes back to the game', async () => {
    signIn({ role: 'player' });
    const photoUri = '/api/users/photos/0b7f4a56-1d2e-4c3b-9a8f-112233445566';
    const api = mockApi({
      'GET /api/users/account': { body: { user: player } },
      'POST /api/users/account/photo': { body: { user: { ...player, photoUri } } },
    });
    const { user, pathname } = renderApp('/account?next=%2Fplay%2Fg1');

    expect(await screen.findByRole('link', { name: 'Back to the game' })).toHaveAttribute('href', '/play/g1');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Photo saved')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/account/photo')).toHaveLength(1);
    await vi.waitFor(() => expect(pathname()).toBe('/play/g1'));
  });

  it('never follows a next that leaves the site', async () => {
    signIn({ role: 'player' });
    mockApi({ 'GET /api/users/account': { body: { user: { ...player, photoUri: '/api/users/photos/x' } } } });
    renderApp('/account?next=%2F%2Fevil.example');
    expect(await screen.findByRole('img', { name: 'Your photo' })).toHaveAttribute('src', '/api/users/photos/x');
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the game' })).not.toBeInTheDocument();
  });

  it('saves the interface language on the account and switches the console to it at once', async () => {
    signIn({ role: 'player' });
    const api = mockApi({
      'GET /api/users/account': { body: { user: player } },
      'PATCH /api/users/account/profile': { body: { user: { ...player, language: 'el' } } },
    });
    const { user } = renderApp('/account');

    await screen.findByRole('heading', { name: 'Language' });
    await user.click(within(screen.getByRole('main')).getByRole('combobox', { name: 'Interface language' }));
    await user.click(await screen.findByRole('option', { name: 'Ελληνικά' }));
    expect(await screen.findByText('Η γλώσσα αποθηκεύτηκε')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/users/account/profile')[0]?.body).toEqual({
      birthDate: null,
      sex: null,
      language: 'el',
    });
    expect(screen.getByRole('heading', { name: 'Γλώσσα' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('shows why a role request failed', async () => {
    signIn({ role: 'player' });
    mockApi({
      'GET /api/users/account': { body: { user: player } },
      'POST /api/users/account/roleRequest': { status: 409, body: { message: 'A role request is already pending' } },
    });
    const { user } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Request designer role' }));
    expect(await screen.findByText('A role request is already pending')).toBeInTheDocument();
  });

  it('does not offer the designer role to a designer', async () => {
    signIn({ role: 'designer' });
    mockApi({ 'GET /api/users/account': { body: { user: makeUser() } } });
    renderApp('/account');
    expect(await screen.findByText('dana@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request designer role' })).not.toBeInTheDocument();
  });

  it('removes the account after a warning, says so, and logs out', async () => {
    signIn({ role: 'player' });
    const api = mockApi({
      'GET /api/users/account': { body: { user: player } },
      'DELETE /api/users/account': { body: { success: true } },
    });
    const { user, pathname } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Remove account' }));
    const warning = await screen.findByRole('dialog', { name: 'Remove account' });
    expect(within(warning).getByText(/deleted permanently/)).toBeInTheDocument();
    await user.click(within(warning).getByRole('button', { name: 'Delete permanently' }));

    const done = await screen.findByRole('dialog', { name: 'Account Deleted' });
    expect(within(done).getByText(/personal data have been removed/)).toBeInTheDocument();
    expect(within(done).getByText(/anonymised/)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/users/account')).toHaveLength(1);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(pathname()).toBe('/');
  });
});

describe('#account fetch failure', () => {
  it("shows 'Account fetch error' and lets the user try again", async () => {
    signIn({ role: 'player' });
    let calls = 0;
    mockApi({
      'GET /api/users/account': () =>
        ++calls === 1 ? { status: 500, body: { message: 'Database down' } } : { body: { user: player } },
    });
    const { user } = renderApp('/account');

    expect((await screen.findAllByText('Account fetch error')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('pat@example.com')).toBeInTheDocument();
  });
});

describe('#account sessions', { timeout: 30_000 }, () => {
  it('signs out everywhere after a confirmation and keeps this device signed in with the fresh token', async () => {
    signIn({ role: 'player' });
    const fresh = makeToken({ role: 'player', name: 'Pat Player' });
    const api = mockApi({
      'GET /api/users/account': { body: { user: player } },
      'POST /api/users/account/signOutEverywhere': { body: { success: true, token: fresh } },
    });
    const { user, pathname } = renderApp('/account');

    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(api.callsTo('POST /api/users/account/signOutEverywhere')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Every other device was signed out.')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
    expect(pathname()).toBe('/account');
  });

  it('changes the password, showing the server refusal under its field first', async () => {
    signIn({ role: 'player' });
    const fresh = makeToken({ role: 'player', name: 'Pat Player' });
    let attempts = 0;
    const api = mockApi({
      'GET /api/users/account': { body: { user: player } },
      'POST /api/users/account/password': () =>
        (attempts += 1) === 1
          ? {
              status: 400,
              body: { message: 'Password incorrect', errors: { currentPassword: 'Password incorrect' } },
            }
          : { body: { success: true, token: fresh } },
    });
    const { user } = renderApp('/account');

    await user.type(await screen.findByLabelText('Current password'), 'wrong');
    await user.type(screen.getByLabelText('New password'), 'new secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password incorrect')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'mine');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password was changed. Every other device was signed out.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/account/password').at(-1)?.body).toEqual({
      currentPassword: 'mine',
      newPassword: 'new secret',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(fresh);
  }, 20_000); // typing into four fields, twice, is slow on a busy machine

  it('checks the new password and its confirmation before asking the server', async () => {
    signIn({ role: 'player' });
    const api = mockApi({ 'GET /api/users/account': { body: { user: player } } });
    const { user } = renderApp('/account');

    await user.type(await screen.findByLabelText('Current password'), 'mine');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords must match')).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/account/password')).toHaveLength(0);
  });
});
