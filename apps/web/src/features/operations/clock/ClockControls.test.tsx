import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { ClockControls, type ClockPlayer } from './ClockControls';

const MINUTE = 60_000;

function players(): ClockPlayer[] {
  const deadline = new Date(Date.now() + 12 * MINUTE + 30_000).toISOString();
  return [
    { id: 'owls', name: 'Owls', clock: { deadline, paused: false, leftMs: null, timeUp: false } },
    { id: 'foxes', name: 'Foxes', clock: { deadline, paused: false, leftMs: null, timeUp: true } },
    { id: 'late', name: 'Latecomers', clock: { deadline, paused: false, leftMs: null, timeUp: false } },
  ];
}

function renderControls(props: Partial<Parameters<typeof ClockControls>[0]> = {}) {
  const onControl = props.onControl ?? vi.fn().mockResolvedValue({});
  render(
    <MantineProvider env="test">
      <ClockControls players={players()} paused={false} active onControl={onControl} {...props} />
    </MantineProvider>,
  );
  return { onControl, user: userEvent.setup() };
}

describe('ClockControls', { timeout: 30_000 }, () => {
  it('shows each player’s or team’s time left', () => {
    renderControls();
    const table = screen.getByRole('table', { name: 'Time left of each player or team' });
    const owls = within(table).getByRole('row', { name: /Owls/ });
    expect(within(owls).getByText(/^12:[23]\d$/)).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Foxes/ })).getByText('Time up')).toBeInTheDocument();
  });

  it('pauses everyone only with a reason', async () => {
    const { onControl, user } = renderControls();
    await user.click(screen.getByRole('button', { name: 'Pause everyone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause everyone’s clock' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(await within(dialog).findByText('Give a reason')).toBeInTheDocument();
    expect(onControl).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Downpour');
    await user.click(within(dialog).getByRole('button', { name: 'Pause' }));
    expect(onControl).toHaveBeenCalledWith({ control: 'pause', reason: 'Downpour' });
  });

  it('offers Resume everyone while paused', async () => {
    const { onControl, user } = renderControls({ paused: true });
    expect(screen.getByRole('status')).toHaveTextContent('paused');
    await user.click(screen.getByRole('button', { name: 'Resume everyone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume everyone’s clock' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Back from lunch');
    await user.click(within(dialog).getByRole('button', { name: 'Resume' }));
    expect(onControl).toHaveBeenCalledWith({ control: 'resume', reason: 'Back from lunch' });
  });

  it('adds time for one team, and shows the server’s refusal', async () => {
    const onControl = vi
      .fn()
      .mockRejectedValueOnce(
        new ApiError(400, 'Bad Request', {
          message: 'Validation failed',
          errors: { playerId: 'This player’s game has no time limit' },
        } as never),
      )
      .mockResolvedValue({});
    const { user } = renderControls({ onControl });
    await user.click(screen.getByRole('button', { name: 'Add time for Owls' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add time for Owls' });
    const minutes = within(dialog).getByRole('textbox', { name: /Minutes/ });
    await user.clear(minutes);
    await user.type(minutes, '10');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Flat battery');
    await user.click(within(dialog).getByRole('button', { name: 'Add time' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('no time limit');
    await user.click(within(dialog).getByRole('button', { name: 'Add time' }));
    expect(onControl).toHaveBeenLastCalledWith({
      control: 'addTime',
      playerId: 'owls',
      minutes: 10,
      reason: 'Flat battery',
    });
  });

  it('gives a latecomer allowance to each player or team ticked', async () => {
    const onControl = vi.fn().mockResolvedValue({});
    const { user } = renderControls({ onControl });
    await user.click(screen.getByRole('button', { name: 'Latecomer allowance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Latecomer allowance' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Bus was late');
    await user.click(within(dialog).getByRole('button', { name: 'Give the allowance' }));
    expect(await within(dialog).findByText('Tick at least one player or team')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Latecomers' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Owls' }));
    await user.click(within(dialog).getByRole('button', { name: 'Give the allowance' }));
    expect(onControl.mock.calls.map((call) => call[0] as unknown)).toEqual([
      { control: 'addTime', playerId: 'late', minutes: 5, reason: 'Bus was late' },
      { control: 'addTime', playerId: 'owls', minutes: 5, reason: 'Bus was late' },
    ]);
  });

  it('says when the game has no time limit, and offers nothing on an instance that is over', () => {
    renderControls({ players: [{ id: 'p', name: 'Ann' }], active: false });
    expect(screen.getByText('This game has no time limit.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause everyone' })).not.toBeInTheDocument();
  });
});
