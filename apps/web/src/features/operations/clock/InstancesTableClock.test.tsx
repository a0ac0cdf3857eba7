import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { InstancesTable } from '../InstancesTable';
import { GAME_ID, makeListItem } from '../test-support';

const clock = {
  deadline: new Date(Date.now() + 20 * 60_000).toISOString(),
  paused: false,
  leftMs: null,
  timeUp: false,
};

describe('the Gameplay page’s Clock button', { timeout: 30_000 }, () => {
  it('opens the clock controls of a running instance with a time limit, and of no other', async () => {
    const timed = makeListItem({ players: [{ id: 'owls', name: 'Owls', status: 'playing', clock }] });
    const untimed = makeListItem();
    const over = makeListItem({
      status: 'completed',
      players: [{ id: 'fox', name: 'Foxes', status: 'playing', clock }],
    });
    const onClock = vi.fn();
    render(
      <MantineProvider env="test">
        <MemoryRouter>
          <InstancesTable
            gameId={GAME_ID}
            instances={[timed, untimed, over]}
            onOpenPlayer={vi.fn()}
            onClock={onClock}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const table = screen.getByRole('table');
    const buttons = within(table).getAllByRole('button', { name: 'Clock' });
    expect(buttons).toHaveLength(1);
    await userEvent.setup().click(buttons[0]!);
    expect(onClock).toHaveBeenCalledWith(timed);
  });
});
