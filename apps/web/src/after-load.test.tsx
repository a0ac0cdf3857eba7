import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { afterLoad, holdUntilFirstScreen } from './after-load';
import { GeneralErrorBox } from './components/GeneralErrorBox';
import { RefusedNotice } from './features/play/lobby/RefusedNotice';
import { memoryRouter } from './test/render-app';
import { RouterProvider } from 'react-router';

/** What the player's page loads after its first screen: held until a screen says it is drawn. */
function held() {
  holdUntilFirstScreen(60_000);
  const later = vi.fn();
  afterLoad(later, 0);
  return later;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the first screen of the player’s page', () => {
  it('is not drawn by an error box with no error', async () => {
    const later = held();
    render(
      <MantineProvider>
        <GeneralErrorBox error={null} />
      </MantineProvider>,
    );
    await settle();
    expect(later).not.toHaveBeenCalled();
  });

  it('is an error box when the game cannot be loaded: what waits for it loads at once, not at the cap', async () => {
    const later = held();
    render(
      <MantineProvider>
        <GeneralErrorBox error={new Error('The game could not be found.')} />
      </MantineProvider>,
    );
    expect(screen.getByText('The game could not be found.')).toBeInTheDocument();
    await waitFor(() => expect(later).toHaveBeenCalledOnce());
  });

  it('is the refusal when the game will not start', async () => {
    const later = held();
    const { router } = memoryRouter(
      [
        {
          path: '*',
          element: (
            <RefusedNotice message="The game is over." busy={false} backTo="home" gameId="g" onRetry={() => {}} />
          ),
        },
      ],
      '/play/g',
    );
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect(screen.getByText('The game is over.')).toBeInTheDocument();
    await waitFor(() => expect(later).toHaveBeenCalledOnce());
  });
});
