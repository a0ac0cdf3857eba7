import type { PlayerState, WorldState } from '@loci/engine';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TraceClock } from './TraceClock';

const MINUTE = 60_000;

function renderClock(clock: PlayerState['clock'], world: Partial<WorldState> = {}) {
  return render(
    <MantineProvider env="test">
      <TraceClock player={{ clock } as PlayerState} world={world as WorldState} zone="UTC" />
    </MantineProvider>,
  );
}

describe('the clock in the playtest trace', () => {
  it('shows the time left, the timers running and those that ran out', () => {
    const now = Date.now();
    renderClock({
      deadline: new Date(now + 10 * MINUTE).toISOString(),
      timers: { bomb: new Date(now + 3 * MINUTE).toISOString() },
      elapsed: { hint: new Date(now - MINUTE).toISOString() },
      timeUpWhen: null,
    });
    const clock = screen.getByRole('group', { name: 'Clock' });
    expect(clock).toHaveTextContent(/Time left (10:00|9:5\d)/);
    expect(clock).toHaveTextContent(/Timer “bomb”: (3:00|2:5\d) left/);
    expect(clock).toHaveTextContent(/Timer “hint” ran out at/);
  });

  it('says when an organiser paused the clock, and time left stands still', () => {
    const paused = Date.now() - 5 * MINUTE;
    renderClock(
      { deadline: new Date(paused + 7 * MINUTE).toISOString(), timers: {}, elapsed: {}, timeUpWhen: null },
      { clockPausedWhen: new Date(paused).toISOString() },
    );
    expect(screen.getByRole('group', { name: 'Clock' })).toHaveTextContent(/paused by an organiser.*Time left 7:00/);
  });

  it('shows the time limits of questions and missions running, by their titles (issue 28)', () => {
    const now = Date.now();
    render(
      <MantineProvider env="test">
        <TraceClock
          player={
            {
              clock: {
                deadline: null,
                timers: {},
                elapsed: {},
                timeUpWhen: null,
                tasks: { 'interaction:q1': new Date(now + 45_000).toISOString() },
              },
            } as unknown as PlayerState
          }
          world={{} as WorldState}
          zone="UTC"
          taskTitle={(kind, id) => `${kind} ${id} title`}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('group', { name: 'Clock' })).toHaveTextContent(
      /Time limit of “interaction q1 title”: 0:(45|4\d) left/,
    );
  });

  it('shows nothing in a game without a clock', () => {
    renderClock(undefined);
    expect(screen.queryByRole('group', { name: 'Clock' })).toBeNull();
  });
});
