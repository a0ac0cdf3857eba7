import { USER_MESSAGES } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

const EXPIRED = 'The address you used has expired. Please restart the reset password procedure.';
const INVALID = 'The data on the password reset link are not valid.';

async function submit(user: ReturnType<typeof renderApp>['user'], p1 = 'brand-new-pass', p2 = p1) {
  await user.type(await screen.findByLabelText(/^New password/), p1);
  await user.type(screen.getByLabelText(/^Confirm password/), p2);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('#forgotchange', () => {
  it('changes the password and offers to sign in', async () => {
    const api = mockApi({ 'POST /api/users/forgotchange': { body: { success: true } } });
    const { user } = renderApp('/forgotchange?mac=M&msg=S');

    await submit(user);

    expect(await screen.findByText('Your password has been changed. You may now sign in with it.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(api.callsTo('POST /api/users/forgotchange')[0]?.body).toEqual({
      p1: 'brand-new-pass',
      p2: 'brand-new-pass',
      mac: 'M',
      msg: 'S',
    });
  });

  it('shows the expired state in English and Greek', async () => {
    mockApi({
      'POST /api/users/forgotchange': {
        status: 400,
        body: { success: false, result: 'VALIDATION_EXPIRED', message: 'expired' },
      },
    });
    const { user } = renderApp('/forgotchange?mac=M&msg=S');

    await submit(user);

    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    expect(screen.getByText(/Η διεύθυνση που χρησιμοποιήσατε έχει λήξει/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset password again' })).toHaveAttribute('href', '/forgot');
  });

  it('shows the invalid-link state', async () => {
    mockApi({
      'POST /api/users/forgotchange': {
        status: 400,
        body: { success: false, result: 'VALIDATION_FAILED', message: 'bad mac' },
      },
    });
    const { user } = renderApp('/forgotchange?mac=M&msg=S');

    await submit(user);

    expect(await screen.findByText(INVALID)).toBeInTheDocument();
  });

  it('says a link without mac and msg is not valid', async () => {
    mockApi({});
    renderApp('/forgotchange');
    expect(await screen.findByText(INVALID)).toBeInTheDocument();
  });

  it('checks the two passwords before calling the server', async () => {
    const api = mockApi({});
    const { user } = renderApp('/forgotchange?mac=M&msg=S');

    await submit(user, 'brand-new-pass', 'another-pass');

    expect(await screen.findByText(USER_MESSAGES.passwordsMustMatch)).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/forgotchange')).toHaveLength(0);
  });

  it('puts server field errors under the fields', async () => {
    mockApi({
      'POST /api/users/forgotchange': {
        status: 400,
        body: { message: 'Invalid', errors: { p1: 'Password is too common' } },
      },
    });
    const { user } = renderApp('/forgotchange?mac=M&msg=S');

    await submit(user);

    expect(await screen.findByText('Password is too common')).toBeInTheDocument();
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/Password is too common/);
  });

  it("shows 'General error (2)' when the server fails", async () => {
    mockApi({ 'POST /api/users/forgotchange': { status: 500, body: { message: 'boom' } } });
    const { user } = renderApp('/forgotchange?mac=M&msg=S');

    await submit(user);

    expect(await screen.findByText('General error (2)')).toBeInTheDocument();
    expect(screen.getByText('Γενικό σφάλμα (2)')).toBeInTheDocument();
  });
});
