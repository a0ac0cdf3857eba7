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
  it('titles a failed answer with the message and says what the server said, without HTTP', async () => {
    renderToasts();
    act(() =>
      notifyError(
        'Error terminating game instance',
        new ApiError(409, 'Conflict', { message: 'This game instance is already terminated' }),
      ),
    );
    expect(await screen.findByText('Error terminating game instance')).toBeInTheDocument();
    expect(screen.getByText('This game instance is already terminated')).toBeInTheDocument();
    expect(screen.queryByText(/409|Conflict/)).not.toBeInTheDocument();
  });

  it('says a sentence for the status when the server gave no message', async () => {
    renderToasts();
    act(() => {
      notifyError('Error retrieving game data for id g1', new ApiError(404, 'Not Found', undefined));
      notifyError('Error retrieving role requests', new ApiError(502, 'Bad Gateway', undefined));
    });
    expect(await screen.findByText('It is not there any more: it may have been deleted.')).toBeInTheDocument();
    expect(screen.getByText('The server ran into a problem. Try again in a moment.')).toBeInTheDocument();
    expect(screen.queryByText(/404|502|Not Found|Bad Gateway/)).not.toBeInTheDocument();
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
