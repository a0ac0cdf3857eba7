import { describe, expect, it } from 'vitest';
import { clockOffset, crossedThreshold, formatTimeLeft, timeLeftMs } from './countdown';

const clock = (deadline: string, serverNow: string) => ({
  deadline,
  serverNow,
  paused: false,
  leftMs: null,
  timers: {},
});

describe('the countdown of the game clock', () => {
  it('counts down from the server’s time, not the phone’s: a phone an hour wrong shows the same time left', () => {
    const view = clock('2030-06-01T10:30:00.000Z', '2030-06-01T10:00:00.000Z');
    const serverNow = Date.parse('2030-06-01T10:00:00.000Z');
    for (const phoneWrongBy of [0, 3_600_000, -3_600_000]) {
      const arrivedAt = serverNow + phoneWrongBy;
      const offset = clockOffset(view, arrivedAt);
      // Ten seconds later on the phone's clock.
      expect(timeLeftMs(view, arrivedAt + 10_000, offset)).toBe(30 * 60_000 - 10_000);
    }
  });

  it('stands still while paused, and is absent without a deadline', () => {
    expect(timeLeftMs({ deadline: '2030-06-01T10:30:00.000Z', paused: true, leftMs: 90_000, timers: {} }, 0, 0)).toBe(
      90_000,
    );
    expect(timeLeftMs(undefined, 0, 0)).toBeNull();
  });

  it('formats minutes and hours, and announces 10, 5 and 1 minute left once each', () => {
    expect(formatTimeLeft(65_000)).toBe('1:05');
    expect(formatTimeLeft(3_725_000)).toBe('1:02:05');
    expect(crossedThreshold(600_500, 599_500)).toBe(10);
    expect(crossedThreshold(599_500, 598_500)).toBeNull();
    expect(crossedThreshold(60_001, 60_000)).toBe(1);
  });
});
