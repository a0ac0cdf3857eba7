import type { PlayerClockView } from '@loci/domain';
import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { TaskCountdown } from './TaskCountdown';

const SERVER_NOW = Date.parse('2030-06-01T10:00:00Z');

/** A view's clock made at the server's 10:00:00, with the question `q` due at 10:01:00 and the mission `m` at 10:05:00. */
function clockView(fields: Partial<PlayerClockView> = {}): PlayerClockView {
  return {
    deadline: null,
    paused: false,
    leftMs: null,
    serverNow: new Date(SERVER_NOW).toISOString(),
    timers: {},
    tasks: { 'interaction:q': '2030-06-01T10:01:00.000Z', 'mission:m': '2030-06-01T10:05:00.000Z' },
    ...fields,
  };
}

function renderCountdown(clock: PlayerClockView | undefined, kind: 'interaction' | 'mission' = 'interaction') {
  return render(
    <MantineProvider env="test">
      <TaskCountdown clock={clock} kind={kind} id={kind === 'mission' ? 'm' : 'q'} />
    </MantineProvider>,
  );
}

describe('the countdown of a task’s time limit (issue 28)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en');
  });

  it('counts down each second from the server’s time, whatever the phone’s clock says', () => {
    // The phone's clock is two hours off: the countdown still reads the server's minute.
    vi.setSystemTime(SERVER_NOW + 2 * 3_600_000);
    renderCountdown(clockView());
    const timer = screen.getByRole('timer', { name: 'Time left to answer 1:00' });
    expect(timer).toHaveTextContent('1:00');
    act(() => vi.advanceTimersByTime(15_000));
    expect(screen.getByRole('timer')).toHaveAccessibleName('Time left to answer 0:45');
    act(() => vi.advanceTimersByTime(40_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:05');
    // Screen readers hear the last ten seconds once, not every second.
    expect(screen.getByText('10 seconds left')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
  });

  it('shows a mission’s own time limit, and stands still while an organiser pauses the clock', () => {
    vi.setSystemTime(SERVER_NOW + 30_000);
    renderCountdown(clockView({ paused: true }), 'mission');
    expect(screen.getByRole('timer', { name: 'Time left for this mission 5:00' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
  });

  it('reads in Greek', async () => {
    vi.setSystemTime(SERVER_NOW);
    await i18n.changeLanguage('el');
    renderCountdown(clockView());
    expect(screen.getByRole('timer', { name: 'Χρόνος για απάντηση 1:00' })).toBeInTheDocument();
  });

  it('shows nothing for a task without a time limit', () => {
    renderCountdown(clockView({ tasks: undefined }));
    expect(screen.queryByRole('timer')).toBeNull();
    renderCountdown(undefined);
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
