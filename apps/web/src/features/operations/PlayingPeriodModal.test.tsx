import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlayingPeriodModal } from './PlayingPeriodModal';

const PERIOD = { start: '2030-06-01T07:00:00.000Z', end: null, timezone: 'Europe/Athens' };

function renderModal() {
  const onSubmit = vi.fn().mockResolvedValue({});
  render(
    <MantineProvider>
      <PlayingPeriodModal opened onClose={() => {}} period={PERIOD} onSubmit={onSubmit} saving={false} />
    </MantineProvider>,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('PlayingPeriodModal', { timeout: 30_000 }, () => {
  it('shows the start as a wall-clock time of the period’s zone', () => {
    renderModal();
    expect(screen.getByRole('combobox', { name: 'Start time' })).toHaveValue('10:00');
  });

  it.each([
    ['18:00', '2030-06-01T15:00:00.000Z'],
    ['1800', '2030-06-01T15:00:00.000Z'],
    ['9', '2030-06-01T06:00:00.000Z'],
  ])('saves a typed %s exactly', async (typed, stored) => {
    const { onSubmit, user } = renderModal();
    const time = screen.getByRole('combobox', { name: 'Start time' });
    await user.clear(time);
    await user.type(time, typed);
    await user.tab();
    expect(screen.queryByText(/Rounded to/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ playingPeriod: { ...PERIOD, start: stored } });
  });

  it('rounds a time off the 10-minute grid visibly', async () => {
    const { onSubmit, user } = renderModal();
    const time = screen.getByRole('combobox', { name: 'Start time' });
    await user.clear(time);
    await user.type(time, '18:05');
    await user.tab();
    expect(screen.getByRole('status')).toHaveTextContent('Rounded to 18:10: times go in 10-minute steps.');
    expect(time).toHaveValue('18:10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ playingPeriod: { ...PERIOD, start: '2030-06-01T15:10:00.000Z' } });
  });

  it('saves a time picked from the list', async () => {
    const { onSubmit, user } = renderModal();
    const time = screen.getByRole('combobox', { name: 'Start time' });
    await user.clear(time);
    await user.type(time, '18:3');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(time).toHaveValue('18:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ playingPeriod: { ...PERIOD, start: '2030-06-01T15:30:00.000Z' } });
  });

  it('says so when the time is not a time, and keeps the one that stands', async () => {
    const { onSubmit, user } = renderModal();
    const time = screen.getByRole('combobox', { name: 'Start time' });
    await user.clear(time);
    await user.type(time, 'noon');
    await user.tab();
    expect(screen.getByText('“noon” is not a time: type HH:mm, e.g. 18:00. The time stays 10:00.')).toBeInTheDocument();
    expect(time).toHaveValue('10:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ playingPeriod: PERIOD });
  });
});
