import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleBuild } from './pwa';

const failedChunk = () => {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
};

describe('reloadOnStaleBuild', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('reloads a page whose build is gone once, and lets a second failure right after show its error', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T09:00:00Z'), toFake: ['Date'] });
    const reload = vi.fn();
    reloadOnStaleBuild(reload);

    const first = failedChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    // The reloaded page (same tab, same session storage) fails again at once: no loop.
    const again = failedChunk();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.defaultPrevented).toBe(false);

    // A later deploy, the page still open: reloads again.
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'));
    failedChunk();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
