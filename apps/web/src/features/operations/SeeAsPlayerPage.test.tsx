import type { PlayerViewPush } from '@loci/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { HARBOUR_GAME as game, HARBOUR_SPEC, makeView } from '../play/test-factories';
import { mockOperationsApi, UI_TEST_TIMEOUT_MS } from './test-support';

const realtime = vi.hoisted(() => ({
  joined: [] as Array<{ event: string; payload: unknown }>,
  handlers: new Map<string, (payload: unknown) => void>(),
}));
vi.mock('../../api/realtime', () => ({
  REALTIME_EVENTS: {
    outputs: 'outputs',
    message: 'message',
    locationUpdate: 'LOCATION_UPDATE',
    playerView: 'playerView',
  },
  useRealtimeEvent: (event: string, handler: (payload: unknown) => void) => realtime.handlers.set(event, handler),
  subscribe: () => () => {},
  joinRoom: (event: string, payload: unknown) => {
    realtime.joined.push({ event, payload });
    return () => {};
  },
}));

// The harbour game with an object type the player may destroy (an action the read-only screen disables).
const spec = {
  ...HARBOUR_SPEC,
  entities: {
    ...HARBOUR_SPEC.entities,
    archetype: [{ id: 'lamp', gameId: 'g1', name: 'lamp', title: 'Lamp', destroyable: true }],
  },
};

const lamp = {
  id: 'o1',
  name: 'Lamp',
  type: 'object' as const,
  archetypeId: 'lamp',
  sceneId: 'harbour',
  payload: {},
  location: null,
  approved: true,
  owner: 'u1',
  createdBy: null,
  createdWhen: null,
  home: null,
};

describe('See as the player', () => {
  it(
    'shows the player’s screen read-only: their dialog and backpack, every action disabled, updated live',
    async () => {
      const api = mockOperationsApi({
        'GET /api/instances/i1/players/u1/view': {
          body: {
            instance: {
              id: 'i1',
              _id: 'i1',
              gameId: 'g1',
              versionId: 'v1',
              isLiveSpec: false,
              multiplayer: false,
              status: 'active',
            },
            view: makeView({
              pending: [{ playerId: 'u1', action: 'showInfo', blocking: true, interactionId: 'welcome' }],
            }),
            messages: [],
          },
        },
        'GET /api/instances/i1/players/u1/game': { body: { game, spec } },
      });
      const { user } = renderApp('/active-games/g1/instance/i1/player/u1');

      // The page loads the player's screen in its own chunk: slow on a busy machine.
      expect(await screen.findByText('Viewing as Dana — read only', {}, { timeout: 15_000 })).toBeInTheDocument();
      expect(realtime.joined).toContainEqual({ event: 'watchPlayer', payload: { instanceId: 'i1', playerId: 'u1' } });
      // The dialog the player has open, with its answer disabled.
      const dialog = await screen.findByRole('dialog', { name: 'Welcome to the harbour' });
      expect(await within(dialog).findByText('The fishermen left you a note.')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Ok' })).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Game menu' })).toBeDisabled();

      // The player answers on their phone and picks a lamp: the operator's screen follows.
      act(() =>
        realtime.handlers.get('playerView')!({
          instanceId: 'i1',
          playerId: 'u1',
          outputs: [],
          view: makeView({ items: { key: 1 }, objects: [lamp] }),
        } satisfies PlayerViewPush),
      );
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Welcome to the harbour' })).not.toBeInTheDocument(),
      );
      // Looking is allowed: the backpack opens, and shows what the player holds; acting is not.
      await user.click(screen.getByRole('button', { name: 'Backpack' }));
      expect(within(await screen.findByTestId('backpack-item')).getByText('Brass key')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Destroy' })).toBeDisabled();
      await user.click(screen.getByRole('button', { name: 'Codes' }));
      expect(await screen.findByLabelText('Type a code')).toBeDisabled();

      expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    },
    UI_TEST_TIMEOUT_MS,
  );
});
