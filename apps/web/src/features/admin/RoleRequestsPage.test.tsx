import type { RoleRequestListItem } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';

const requests: RoleRequestListItem[] = [
  {
    id: 'p1',
    _id: 'p1',
    name: 'Pat Player',
    email: 'pat@example.com',
    roleRequest: { role: 'designer', date: '2024-05-02T09:30:00.000Z' },
  },
  {
    id: 'p2',
    _id: 'p2',
    name: 'Quinn Player',
    email: 'quinn@example.com',
    roleRequest: { role: 'designer', date: '2024-05-03T11:00:00.000Z' },
  },
];

function asAdmin(extra: Parameters<typeof mockApi>[0] = {}) {
  signIn({ role: 'admin', name: 'Ada Admin' });
  return mockApi({
    'GET /api/users/account': { body: { user: makeUser({ role: 'admin', name: 'Ada Admin' }) } },
    'GET /api/admin/role-requests': { body: requests },
    'GET /api/admin/dashboard-stats': {
      body: {
        games: 12,
        publishedGames: 5,
        users: 40,
        designers: 7,
        gamesPlayed: 30,
        playersPlayed: 21,
        roleRequests: 2,
      },
    },
    ...extra,
  });
}

describe('#admin.role-requests', { timeout: 30_000 }, () => {
  it('lists the requests with name, email, role and date', async () => {
    asAdmin();
    renderApp('/admin/role-requests');

    const row = (await screen.findByText('Pat Player')).closest('tr')!;
    expect(within(row).getByText('pat@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Designer')).toBeInTheDocument();
    expect(within(row).getByText(/2024/)).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it("approves a request: the row leaves the list and 'Request approved' shows", async () => {
    const api = asAdmin({
      'PATCH /api/admin/role-requests': { body: { success: true, user: makeUser({ id: 'p1', role: 'designer' }) } },
    });
    const { user } = renderApp('/admin/role-requests');

    const row = (await screen.findByText('Pat Player')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve request' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Request approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Pat Player')).not.toBeInTheDocument());
    expect(screen.getByText('Quinn Player')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/role-requests')[0]?.body).toEqual({
      email: 'pat@example.com',
      action: 'approve',
      reason: '',
    });
  });

  it('rejects a request with a reason', async () => {
    const api = asAdmin({
      'PATCH /api/admin/role-requests': { body: { success: true, user: makeUser({ id: 'p2', role: 'player' }) } },
    });
    const { user } = renderApp('/admin/role-requests');

    const row = (await screen.findByText('Quinn Player')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject request' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Please tell us about your project first.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Request rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Quinn Player')).not.toBeInTheDocument());
    expect(api.callsTo('PATCH /api/admin/role-requests')[0]?.body).toEqual({
      email: 'quinn@example.com',
      action: 'reject',
      reason: 'Please tell us about your project first.',
    });
  });

  it('keeps the row and shows an error toast when the decision fails', async () => {
    asAdmin({ 'PATCH /api/admin/role-requests': { status: 500, body: { message: 'Database down' } } });
    const { user } = renderApp('/admin/role-requests');

    const row = (await screen.findByText('Pat Player')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Error updating request')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
    expect(screen.getByText('Pat Player')).toBeInTheDocument();
  });

  it('shows an empty state when nobody is waiting', async () => {
    asAdmin({ 'GET /api/admin/role-requests': { body: [] } });
    renderApp('/admin/role-requests');
    expect(await screen.findByText('No pending requests')).toBeInTheDocument();
  });
});

describe('#admin.dashboard', () => {
  it('shows the seven counts', async () => {
    asAdmin();
    renderApp('/admin');

    const expected: [string, string][] = [
      ['Games', '12'],
      ['Published games', '5'],
      ['Users', '40'],
      ['Designers', '7'],
      ['Games played', '30'],
      ['Players played', '21'],
      ['Role requests', '2'],
    ];
    for (const [label, value] of expected) {
      const card = await screen.findByRole('group', { name: label });
      expect(await within(card).findByText(value)).toBeInTheDocument();
    }
  });

  it('shows the Admin link in the navbar to an admin only', async () => {
    asAdmin();
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});
