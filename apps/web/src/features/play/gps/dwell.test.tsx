import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProviders } from '../../../App';
import { createQueryClient } from '../../../api/query-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DwellCountdown } from './DwellCountdown';
import { dwellingOf, formatCountdown, leftDwelling, secondsLeft } from './dwell';

const T0 = Date.parse('2030-06-01T10:00:00Z');
const place = (extra: { inside?: boolean; dwellUntil?: string } = {}) => ({
  perceived: {
    locations: [{ id: 'gate', name: 'The gate', inside: false, inRange: true, ...extra }],
  },
});
const until = (ms: number) => new Date(T0 + ms).toISOString();

describe('dwell countdown: the arithmetic', () => {
  it('reads the dwelling location and its end from the view', () => {
    expect(dwellingOf(place())).toBeNull();
    expect(dwellingOf(place({ dwellUntil: until(20_000) }))).toEqual({
      id: 'gate',
      name: 'The gate',
      until: T0 + 20_000,
    });
  });

  it('counts whole seconds up, never below zero, written m:ss', () => {
    expect(secondsLeft(T0 + 12_000, T0)).toBe(12);
    expect(secondsLeft(T0 + 12_000, T0 + 11_100)).toBe(1);
    expect(secondsLeft(T0 + 12_000, T0 + 13_000)).toBe(0);
    expect(formatCountdown(12)).toBe('0:12');
    expect(formatCountdown(65)).toBe('1:05');
  });

  it('walking out is a reset; being let in is not', () => {
    const before = dwellingOf(place({ dwellUntil: until(20_000) }));
    expect(leftDwelling(before, place())).toEqual(before);
    expect(leftDwelling(before, { perceived: { locations: [] } })).toEqual(before);
    expect(leftDwelling(before, place({ inside: true }))).toBeNull();
    expect(leftDwelling(before, place({ dwellUntil: until(20_000) }))).toBeNull();
  });
});

/** The console's providers, kept across rerenders (the view changes as the player walks). */
function renderCountdown(node: ReactNode) {
  const queryClient = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient} env="test">
      {children}
    </AppProviders>
  );
  return render(node, { wrapper });
}

describe('<DwellCountdown>', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('counts down while the player stays, asks for a fix at 0, and says the timer starts again when they leave', () => {
    const onDue = vi.fn();
    const { rerender } = renderCountdown(<DwellCountdown view={place({ dwellUntil: until(12_000) })} onDue={onDue} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Stay here 0:12');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Stay here 0:07');
    expect(onDue).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(7_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Stay here 0:00');
    expect(onDue).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(2_000));
    expect(onDue).toHaveBeenCalledTimes(1);

    rerender(<DwellCountdown view={place()} onDue={onDue} />);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('You left The gate: the timer starts again');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByRole('status')).toBeNull();

    rerender(<DwellCountdown view={place({ dwellUntil: until(19_000 + 20_000) })} onDue={onDue} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Stay here 0:20');
  });

  it('shows nothing once the player is let in', () => {
    const { rerender } = renderCountdown(
      <DwellCountdown view={place({ dwellUntil: until(3_000) })} onDue={() => {}} />,
    );
    rerender(<DwellCountdown view={place({ inside: true })} onDue={() => {}} />);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
