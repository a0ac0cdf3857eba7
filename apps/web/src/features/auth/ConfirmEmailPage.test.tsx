import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockHandler } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

describe('#confirmemail', () => {
  it.each(['/confirmemail', '/confirmemail?mac=abc', '/confirmemail?msg=xyz'])(
    "says 'This address is not valid' in English and Greek at %s",
    async (path) => {
      const api = mockApi({});
      renderApp(path);
      expect(await screen.findByText('This address is not valid')).toBeInTheDocument();
      expect(await screen.findByText('Η διεύθυνση δεν είναι έγκυρη')).toBeInTheDocument();
      expect(api.callsTo('POST /api/users/confirm')).toHaveLength(0);
    },
  );

  it('shows a spinner while validating', async () => {
    mockApi({ 'POST /api/users/confirm': () => new Promise(() => {}) });
    renderApp('/confirmemail?mac=m&msg=s');
    expect(await screen.findByText('Validating...')).toBeInTheDocument();
  });

  const outcomes: [string, MockHandler, string, { name: string; href: string } | null][] = [
    [
      'CONFIRMATION_SUCCESS',
      { body: { result: 'CONFIRMATION_SUCCESS' } },
      'Your account has been confirmed. You may now sign in.',
      { name: 'Sign in', href: '/login' },
    ],
    [
      'VALIDATION_FAILED',
      { body: { result: 'VALIDATION_FAILED' } },
      'We could not confirm your address. Please check the link you followed.',
      null,
    ],
    [
      'VALIDATION_EXPIRED',
      { body: { result: 'VALIDATION_EXPIRED' } },
      'This confirmation link is no longer valid. You can ask for a new one.',
      { name: 'Resend confirmation email', href: '/resend' },
    ],
    [
      'VALIDATION_GENERALERROR',
      { body: { result: 'VALIDATION_GENERALERROR' } },
      'Something went wrong while confirming your address. Please try again later.',
      null,
    ],
    [
      'a failed call (general error)',
      { status: 500, body: { message: 'boom' } },
      'Something went wrong while confirming your address. Please try again later.',
      null,
    ],
  ];

  it.each(outcomes)('shows %s', async (_name, answer, text, link) => {
    const api = mockApi({ 'POST /api/users/confirm': answer });
    renderApp('/confirmemail?mac=the-mac&msg=the-msg');

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(api.callsTo('POST /api/users/confirm')[0]?.body).toEqual({ mac: 'the-mac', msg: 'the-msg' });
    if (link)
      expect(within(screen.getByRole('main')).getByRole('link', { name: link.name })).toHaveAttribute(
        'href',
        link.href,
      );
  });
});
