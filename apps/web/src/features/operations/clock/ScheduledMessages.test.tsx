import type { ScheduledMessage } from '@loci/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client';
import { ScheduledMessages, todayAt } from './ScheduledMessages';

const MESSAGES: ScheduledMessage[] = [
  {
    id: 'm1',
    playerId: null,
    playerName: null,
    message: 'Ten minutes left!',
    dueAt: '2030-06-01T09:35:00.000Z',
    afterMinutes: 35,
    status: 'scheduled',
    sentAt: null,
    recipients: null,
    createdBy: 'Olga',
    createdAt: '2030-06-01T09:00:00.000Z',
  },
  {
    id: 'm2',
    playerId: 'owls',
    playerName: 'Owls',
    message: 'Owls, come back to the square',
    dueAt: '2030-06-01T09:10:00.000Z',
    afterMinutes: null,
    status: 'sent',
    sentAt: '2030-06-01T09:10:00.000Z',
    recipients: 1,
    createdBy: 'Olga',
    createdAt: '2030-06-01T09:00:00.000Z',
  },
];

function renderList(props: Partial<Parameters<typeof ScheduledMessages>[0]> = {}) {
  const onSchedule = props.onSchedule ?? vi.fn().mockResolvedValue({});
  const onCancel = props.onCancel ?? vi.fn().mockResolvedValue({});
  render(
    <MantineProvider env="test">
      <ScheduledMessages
        messages={MESSAGES}
        players={[
          { id: 'owls', name: 'Owls' },
          { id: 'foxes', name: 'Foxes' },
        ]}
        zone="Europe/Athens"
        active
        onSchedule={onSchedule}
        onCancel={onCancel}
        {...props}
      />
    </MantineProvider>,
  );
  return { onSchedule, onCancel, user: userEvent.setup() };
}

describe('ScheduledMessages', { timeout: 30_000 }, () => {
  it('lists each message with when, to whom and whether it was sent; cancels one not sent yet', async () => {
    const { onCancel, user } = renderList();
    const table = screen.getByRole('table', { name: 'Scheduled messages' });
    const first = within(table).getByRole('row', { name: /Ten minutes left/ });
    expect(within(first).getByText('35 minutes after the start')).toBeInTheDocument();
    expect(within(first).getByText('Everyone')).toBeInTheDocument();
    expect(within(first).getByText('Scheduled')).toBeInTheDocument();
    const sent = within(table).getByRole('row', { name: /Owls, come back/ });
    expect(within(sent).getByText('Sent to 1')).toBeInTheDocument();
    expect(within(sent).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: /Cancel the message of/ }));
    expect(onCancel).toHaveBeenCalledWith('m1');
  });

  it('schedules a message to one team minutes after the start', async () => {
    const { onSchedule, user } = renderList({ messages: [] });
    expect(screen.getByText('No message is scheduled.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a message' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Write a message')).toBeInTheDocument();
    expect(onSchedule).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('combobox', { name: 'To' }));
    await user.click(await screen.findByRole('option', { name: 'Foxes' }));
    const minutes = within(dialog).getByRole('textbox', { name: /Minutes after the start/ });
    await user.clear(minutes);
    await user.type(minutes, '40');
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Five minutes left, Foxes!');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(onSchedule).toHaveBeenCalledWith({
      message: 'Five minutes left, Foxes!',
      playerId: 'foxes',
      afterMinutes: 40,
    });
  });

  it('schedules a message to everyone at a time of day, and shows the server’s field error', async () => {
    const onSchedule = vi.fn().mockRejectedValue(
      new ApiError(400, 'Bad Request', {
        message: 'Validation failed',
        errors: { at: 'This time has already passed: choose a later one' },
      } as never),
    );
    const { user } = renderList({ messages: [], onSchedule });
    await user.click(screen.getByRole('button', { name: 'Schedule a message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule a message' });
    await user.click(within(dialog).getByRole('radio', { name: 'At a time today' }));
    await user.type(within(dialog).getByLabelText(/Time \(Europe\/Athens\)/), '12:15');
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Lunch at the fountain');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(onSchedule).toHaveBeenCalledWith({
      message: 'Lunch at the fountain',
      at: todayAt('12:15', 'Europe/Athens'),
    });
    expect(await within(dialog).findByText(/already passed/)).toBeInTheDocument();
  });

  it('reads a time of day in the game’s zone', () => {
    const now = new Date('2030-06-01T20:00:00.000Z');
    expect(todayAt('12:15', 'Europe/Athens', now)).toBe('2030-06-01T09:15:00.000Z');
    expect(todayAt('25:00', 'Europe/Athens', now)).toBeNull();
    expect(todayAt('', 'Europe/Athens', now)).toBeNull();
  });
});
