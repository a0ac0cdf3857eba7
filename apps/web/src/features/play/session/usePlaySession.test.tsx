import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { signIn } from '../../../test/factories';
import { HARBOUR_GAME, HARBOUR_SPEC, makeView } from '../test-factories';
import type * as AfterLoad from '../../../after-load';
import { usePlaySession } from './usePlaySession';

/** The session's socket, as realtime.ts holds it: the test plays the server's side and says when it connects. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  const fake = {
    handlers,
    connected: false,
    active: true,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return fake;
    },
    off(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(
        event,
        (handlers.get(event) ?? []).filter((candidate) => candidate !== handler),
      );
      return fake;
    },
    emit: () => fake,
    fire(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
    /** The server accepts the handshake. */
    connectNow() {
      fake.connected = true;
      fake.fire('connect');
    },
    connect: () => fake,
    disconnect: () => fake,
  };
  return fake;
});
vi.mock('socket.io-client', () => ({ io: () => socket }));
// The socket waits for the page's first screen and an idle moment (after-load.ts); here it is asked for at once,
// and connects when the test says.
vi.mock('../../../after-load', async (importOriginal) => ({
  ...(await importOriginal<typeof AfterLoad>()),
  afterLoad: (then: () => void) => {
    queueMicrotask(then);
    return () => {};
  },
}));

describe('usePlaySession', () => {
  it('reads what it missed once its socket connects: a teammate’s step right after joining is shown', async () => {
    signIn({ role: 'player' });
    // The team's view when this member started; a teammate answered before this phone's socket was up, so the
    // push of that step reached nobody — the server holds the team's new view.
    const api = mockApi({
      'POST /api/play/games/g1/instances': {
        status: 201,
        body: { instanceId: 'i1', rejoined: true, outputs: [], view: makeView(), messages: [] },
      },
      'GET /api/play/instances/i1/game': { body: { game: HARBOUR_GAME, spec: HARBOUR_SPEC } },
      'GET /api/play/instances/i1': { body: { view: makeView({ items: { key: 1 } }), messages: [] } },
    });
    const handlers = { onOutputs: vi.fn(), onMessage: vi.fn(), onError: vi.fn() };
    const { result } = renderHook(() =>
      usePlaySession({ gameId: 'g1', versionId: undefined, enabled: true, handlers }),
    );
    await waitFor(() => expect(result.current.game).not.toBeNull());
    expect(result.current.view?.items).toEqual({});
    expect(api.callsTo('GET /api/play/instances/i1')).toHaveLength(0);

    act(() => socket.connectNow());
    await waitFor(() => expect(result.current.view?.items).toEqual({ key: 1 }));
    expect(api.callsTo('GET /api/play/instances/i1')).toHaveLength(1);
    expect(handlers.onError).not.toHaveBeenCalled();
  });
});
