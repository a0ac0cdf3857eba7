import { USER_MESSAGES } from '@loci/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockHandler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

async function send(user: ReturnType<typeof renderApp>['user'], email = 'dana@example.com') {
  await user.type(await screen.findByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send' }));
}

describe.each([
  ['forgot', '/forgot', 'POST /api/users/forgot', 'We have sent you an email with a link to reset your password.'],
  [
    'resend',
    '/resend',
    'POST /api/users/resend',
    'We have sent you the confirmation email again. Please follow the link in it.',
  ],
])('#%s', (_name, path, call, successText) => {
  it('sends the email and shows the success state', async () => {
    const api = mockApi({ [call]: { body: { success: true } } });
    const { user } = renderApp(path);

    await send(user);

    expect(await screen.findByText(successText)).toBeInTheDocument();
    expect(screen.getByText('Check your email')).toBeInTheDocument();
    expect(screen.getByText('Ελέγξτε το email σας')).toBeInTheDocument();
    expect(api.callsTo(call)[0]?.body).toEqual({ email: 'dana@example.com' });
  });

  it('shows an unknown email under the field', async () => {
    mockApi({
      [call]: { status: 404, body: { message: 'Not found', errors: { emailnotfound: USER_MESSAGES.emailNotFound } } },
    });
    const { user } = renderApp(path);

    await send(user);

    expect(await screen.findByText(USER_MESSAGES.emailNotFound)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription(USER_MESSAGES.emailNotFound);
  });

  const failures: [string, MockHandler, string][] = [
    ['failed', { body: { success: false } }, 'The request failed'],
    ['general error (1)', 'network-error', 'General error (1)'],
    ['general error (2)', { status: 500, body: { message: 'boom' } }, 'General error (2)'],
  ];
  it.each(failures)('shows the %s state and lets the user try again', async (_state, answer, title) => {
    mockApi({ [call]: answer });
    const { user } = renderApp(path);

    await send(user);

    expect(await screen.findByText(title)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Email/)).toBeInTheDocument();
  });
});
