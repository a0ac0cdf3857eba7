import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError, NoResponseError } from '../api/client';
import { notifyError, notifySuccess } from './notify';

function renderToasts() {
  render(
    <MantineProvider>
      <Notifications />
    </MantineProvider>,
  );
}

describe('notifyError', () => {
  it('titles a failed answer with the message and shows status, status text and data', async () => {
    renderToasts();
    act(() =>
      notifyError(
        'Error retrieving role requests',
        new ApiError(500, 'Internal Server Error', { message: 'Database down' }),
      ),
    );
    expect(await screen.findByText('Error retrieving role requests')).toBeInTheDocument();
    expect(screen.getByText('500 Internal Server Error — Database down')).toBeInTheDocument();
  });

  it('leaves the data out for a 404', async () => {
    renderToasts();
    act(() =>
      notifyError('Error retrieving game data for id g1', new ApiError(404, 'Not Found', { message: 'No such game' })),
    );
    expect(await screen.findByText('404 Not Found')).toBeInTheDocument();
    expect(screen.queryByText(/No such game/)).not.toBeInTheDocument();
  });

  it("says 'No response from server' when no answer came", async () => {
    renderToasts();
    act(() => notifyError('Error retrieving dashboard stats', new NoResponseError('Failed to fetch')));
    expect(await screen.findByText('No response from server')).toBeInTheDocument();
    expect(screen.getByText('Error retrieving dashboard stats')).toBeInTheDocument();
  });

  it('never shows the same failure twice at once', async () => {
    renderToasts();
    act(() => {
      notifyError('Error updating request', new ApiError(500, 'Internal Server Error', undefined));
      notifyError('Error updating request', new ApiError(500, 'Internal Server Error', undefined));
      notifySuccess('Request approved');
      notifySuccess('Request approved');
    });
    expect(await screen.findAllByText('Error updating request')).toHaveLength(1);
    expect(screen.getAllByText('Request approved')).toHaveLength(1);
  });
});
