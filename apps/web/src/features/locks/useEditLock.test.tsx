import { LOCK_DURATION_SECONDS, LOCK_MESSAGES, LOCK_RETRY_SECONDS } from '@loci/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type MockAnswer } from '../../test/api-mock';
import { useEditLock } from './useEditLock';

const held = (): MockAnswer => ({
  body: { locked: true, expiresAt: new Date(Date.now() + LOCK_DURATION_SECONDS * 1000).toISOString() },
});
const refused = (): MockAnswer => ({
  status: 409,
  body: {
    locked: false,
    holder: { id: 'u9', name: 'Olga Owner' },
    message: LOCK_MESSAGES.heldByOther,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
  },
});

/** Lets pending promises (the mocked fetch and its continuations) run. */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(seconds: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(seconds * 1000);
  });
}

describe('#locks.useEditLock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes the lock, renews it at half its duration and releases it on unmount', async () => {
    const api = mockApi({ 'POST /api/design/cc': held, 'DELETE /api/design/cc': { body: { success: true } } });
    const { result, unmount } = renderHook(() => useEditLock('g1', 'game', 'g1'));
    expect(result.current.status).toBe('acquiring');

    await settle();
    expect(result.current).toMatchObject({ status: 'held', isHeld: true });
    expect(api.callsTo('POST /api/design/cc')[0]?.body).toEqual({
      gameId: 'g1',
      kind: 'game',
      id: 'g1',
      duration: LOCK_DURATION_SECONDS,
    });

    await advance(LOCK_DURATION_SECONDS / 2);
    expect(api.callsTo('POST /api/design/cc')).toHaveLength(2);
    expect(result.current.isHeld).toBe(true);

    unmount();
    await settle();
    expect(api.callsTo('DELETE /api/design/cc')[0]?.body).toEqual({ gameId: 'g1', kind: 'game', id: 'g1' });
  });

  it('names the game of a design resource, since the server keys locks by game', async () => {
    const api = mockApi({ 'POST /api/design/cc': held, 'DELETE /api/design/cc': { body: { released: true } } });
    const { unmount } = renderHook(() => useEditLock('g1', 'scene', 's1'));
    await settle();
    expect(api.callsTo('POST /api/design/cc')[0]?.body).toEqual({
      gameId: 'g1',
      kind: 'scene',
      id: 's1',
      duration: LOCK_DURATION_SECONDS,
    });
    unmount();
    await settle();
    expect(api.callsTo('DELETE /api/design/cc')[0]?.body).toEqual({ gameId: 'g1', kind: 'scene', id: 's1' });
  });

  it('retries every LOCK_RETRY_SECONDS while another user holds it, then takes it', async () => {
    let answer = refused;
    const api = mockApi({ 'POST /api/design/cc': () => answer() });
    const { result } = renderHook(() => useEditLock('g1', 'game', 'g1'));

    await settle();
    expect(result.current).toMatchObject({
      status: 'refused',
      isHeld: false,
      holder: { id: 'u9', name: 'Olga Owner' },
    });

    await advance(LOCK_RETRY_SECONDS);
    expect(api.callsTo('POST /api/design/cc')).toHaveLength(2);
    expect(result.current.status).toBe('refused');

    answer = held;
    await advance(LOCK_RETRY_SECONDS);
    expect(result.current).toMatchObject({ status: 'held', isHeld: true, holder: null });
  });

  it('reports the lock lost when a renewal is refused', async () => {
    let answer = held;
    mockApi({ 'POST /api/design/cc': () => answer() });
    const { result } = renderHook(() => useEditLock('g1', 'game', 'g1'));
    await settle();
    expect(result.current.status).toBe('held');

    answer = refused;
    await advance(LOCK_DURATION_SECONDS / 2);
    expect(result.current).toMatchObject({ status: 'lost', isHeld: false });
  });

  it('reports the lock lost when the tab slept past its expiry, without renewing it', async () => {
    const api = mockApi({ 'POST /api/design/cc': held });
    const { result } = renderHook(() => useEditLock('g1', 'game', 'g1'));
    await settle();

    // The clock jumps while timers stay asleep, as in a suspended tab.
    vi.setSystemTime(Date.now() + (LOCK_DURATION_SECONDS + 60) * 1000);
    act(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current.status).toBe('lost');
    expect(api.callsTo('POST /api/design/cc')).toHaveLength(1);
  });

  it('releases the lock with a keepalive request when the page goes away', async () => {
    const api = mockApi({ 'POST /api/design/cc': held, 'DELETE /api/design/cc': { body: { success: true } } });
    renderHook(() => useEditLock('g1', 'game', 'g1'));
    await settle();

    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(api.callsTo('DELETE /api/design/cc')).toHaveLength(1);
    const init = api.fetch.mock.calls.at(-1)?.[1] as RequestInit;
    expect(init.keepalive).toBe(true);
  });

  it('keeps the lock through a StrictMode remount: the release is queued before the next request', async () => {
    const api = mockApi({ 'POST /api/design/cc': held, 'DELETE /api/design/cc': { body: { success: true } } });
    const { result } = renderHook(() => useEditLock('g1', 'game', 'g1'), { reactStrictMode: true });
    await settle();

    expect(api.requests.map((request) => request.method)).toEqual(['POST', 'DELETE', 'POST']);
    expect(result.current.status).toBe('held');
  });

  it('asks for nothing when disabled', async () => {
    const api = mockApi({});
    const { result } = renderHook(() => useEditLock('g1', 'game', 'g1', { enabled: false }));
    await settle();

    expect(result.current.status).toBe('idle');
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
