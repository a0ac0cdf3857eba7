import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi, type MockRequest } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';
import { HARBOUR_GAME as game, HARBOUR_SPEC as spec, makeView as view } from './test-factories';

vi.mock('../../api/realtime', () => ({
  REALTIME_EVENTS: { outputs: 'outputs', message: 'message', locationUpdate: 'LOCATION_UPDATE' },
  useRealtimeEvent: () => {},
  useRealtimeReconnect: () => {},
  useRealtimeLive: () => {},
  subscribe: () => () => {},
}));

describe('PlayPage', () => {
  it("says why the player's profile keeps them out, with a way to the account page", async () => {
    signIn({ role: 'player' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': {
        body: {
          game: {
            id: 'g1',
            title: game.title,
            description: '',
            instructions: '',
            terms: '',
            language: 'en-Us',
            logoId: null,
            multiplayer: false,
          },
          needsPasscode: false,
          instanceId: null,
          refusal: {
            errorCode: 'PROFILE_INCOMPLETE',
            message: 'This game asks for your sex: add it on your account page',
          },
        },
      },
    });
    renderApp('/play/g1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This game asks for your sex');
    // The account page brings the player back to this lobby.
    expect(within(alert).getByRole('link', { name: 'Complete your player profile' })).toHaveAttribute(
      'href',
      '/account?next=%2Fplay%2Fg1',
    );
  });

  it('shows who is about to play in the lobby, with their account photo', async () => {
    signIn({ role: 'player' });
    mockApi({
      'GET /api/users/account': {
        body: { user: makeUser({ role: 'player', name: 'Vera Visitor', photoUri: '/api/users/photos/p1' }) },
      },
      'GET /api/play/games/g1': {
        body: {
          game: {
            id: 'g1',
            title: game.title,
            description: '',
            instructions: '',
            terms: '',
            language: 'en-Us',
            logoId: null,
            multiplayer: false,
          },
          needsPasscode: false,
          instanceId: null,
          refusal: null,
        },
      },
    });
    renderApp('/play/g1');
    const identity = await screen.findByTestId('player-identity');
    await waitFor(() => expect(identity).toHaveTextContent('Playing as Vera Visitor'));
    expect(await within(identity).findByRole('img', { name: 'Your photo' })).toHaveAttribute(
      'src',
      '/api/users/photos/p1',
    );
  });

  it('asks for the passcode, shows the game, then the info box; seen goes to the server and the item lands in the backpack', async () => {
    signIn({ role: 'player' });
    const starts: MockRequest[] = [];
    const api = mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': {
        body: {
          game: {
            id: 'g1',
            title: game.title,
            description: game.description,
            instructions: game.instructions,
            terms: '',
            language: 'en-Us',
            logoId: null,
            multiplayer: false,
          },
          needsPasscode: true,
          instanceId: null,
          refusal: null,
        },
      },
      'POST /api/play/games/g1/instances': (request) => {
        starts.push(request);
        const passcode = (request.body as { passcode?: string }).passcode;
        if (passcode !== '1234') {
          return {
            status: 403,
            body: {
              message: passcode ? 'Wrong passcode' : 'This game needs a passcode',
              errorCode: 'WRONG_PASSCODE',
              errors: passcode ? { passcode: 'Wrong passcode' } : undefined,
            },
          };
        }
        return {
          status: 201,
          body: {
            instanceId: 'i1',
            rejoined: false,
            outputs: [{ playerId: 'u1', action: 'goToScene', sceneId: 'harbour' }],
            view: view({
              pending: [{ playerId: 'u1', action: 'showInfo', blocking: true, interactionId: 'welcome' }],
            }),
            messages: [],
          },
        };
      },
      'GET /api/play/instances/i1/game': { body: { game, spec } },
      'POST /api/play/instances/i1/events': {
        body: {
          outputs: [{ playerId: 'u1', action: 'showNotification', message: '+1 Brass key' }],
          view: view({ items: { key: 1 } }),
          messages: [{ id: 'm1', message: 'Hurry, the tide is coming!', sceneId: null, when: '2026-11-22T05:00:00Z' }],
        },
      },
    });

    const { user } = renderApp('/play/g1');
    // The introduction comes first; nothing starts until the player presses Start.
    expect(await screen.findByRole('heading', { name: 'Old Harbour Walk' })).toBeInTheDocument();
    expect(screen.getByText('Tap what you find.')).toBeInTheDocument();
    expect(starts).toHaveLength(0);
    const passcode = screen.getByLabelText('Passcode');
    expect(screen.getByRole('button', { name: 'Start playing' })).toBeDisabled();
    await user.type(passcode, '1111');
    await user.click(screen.getByRole('button', { name: 'Start playing' }));
    expect(await screen.findByText('Wrong passcode')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Passcode'));
    await user.type(screen.getByLabelText('Passcode'), '1234');
    await user.click(screen.getByRole('button', { name: 'Start playing' }));

    expect(starts.map((request) => request.body)).toEqual([
      { viewRevision: null, passcode: '1111' },
      { viewRevision: null, passcode: '1234' },
    ]);
    const device = starts[0]!.headers['x-loci-device'];
    expect(device).toBeTruthy();

    const dialog = await screen.findByRole('dialog', { name: 'Welcome to the harbour' });
    expect(within(dialog).getByText('The fishermen left you a note.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));

    await waitFor(() => expect(api.callsTo('POST /api/play/instances/i1/events')).toHaveLength(1));
    const sent = api.callsTo('POST /api/play/instances/i1/events')[0]!;
    // Each event carries the device's own id for it (the server applies an id at most once), and the revision
    // of the view the app holds (none yet after the start: the answer brings the whole view).
    expect(sent.body).toEqual({
      type: 'seen',
      interactionId: 'welcome',
      clientEventId: expect.stringMatching(/^[\w-]{1,64}$/),
      viewRevision: null,
    });
    expect(sent.headers['x-loci-device']).toBe(device);
    expect(await screen.findByText('+1 Brass key')).toBeInTheDocument();
    expect(screen.getByText('Hurry, the tide is coming!')).toBeInTheDocument();
    // Sent at 05:00 UTC: shown in the game's timezone (Athens, UTC+2 in November).
    expect(screen.getByText('Message · 07:00')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Welcome to the harbour' })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Backpack' }));
    const item = await screen.findByTestId('backpack-item');
    expect(within(item).getByText('Brass key')).toBeInTheDocument();
    expect(within(item).getByText('1')).toBeInTheDocument();
  }, 15_000); // a whole start of the player, on a busy machine

  it('shows the terms and starts only once the player accepts them, sending acceptTerms', async () => {
    signIn({ role: 'player' });
    const starts: MockRequest[] = [];
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': {
        body: {
          game: {
            ...game,
            terms: '<p>Stay on the <strong>pavement</strong>.</p>',
            language: 'en-Us',
            playingPeriod: { start: '2026-06-01T07:00:00.000Z', end: null, timezone: 'Europe/Athens' },
          },
          needsPasscode: false,
          instanceId: null,
          refusal: null,
        },
      },
      'POST /api/play/games/g1/instances': (request) => {
        starts.push(request);
        return {
          status: 201,
          body: { instanceId: 'i1', rejoined: false, outputs: [], view: view(), messages: [] },
        };
      },
      'GET /api/play/instances/i1/game': { body: { game, spec } },
    });

    const { user } = renderApp('/play/g1');
    expect(await screen.findByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    // The playing period in the game's timezone (10:00 in Athens is 07:00 UTC).
    expect(screen.getByText('From 1 Jun 2026, 10:00 GMT+3')).toBeInTheDocument();
    // Rendered as rich text, not as tags.
    expect(screen.getByText('pavement').tagName).toBe('STRONG');
    const startButton = screen.getByRole('button', { name: 'Start playing' });
    expect(startButton).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms' }));
    expect(startButton).toBeEnabled();
    await user.click(startButton);
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]!.body).toMatchObject({ acceptTerms: true });
  });

  it('tells a player who finished when and how, and starts a new game only when she chooses Play again', async () => {
    signIn({ role: 'player' });
    const starts: MockRequest[] = [];
    const lobby = (playAgain: boolean) => ({
      game: {
        ...game,
        terms: '',
        language: 'en-Us',
        playingPeriod: { start: '2026-06-01T07:00:00.000Z', end: null, timezone: 'Europe/Athens' },
      },
      needsPasscode: false,
      instanceId: null,
      refusal: playAgain
        ? null
        : { errorCode: 'ALREADY_FINISHED', message: 'You have finished this game, and it cannot be played again' },
      finished: {
        when: '2026-06-02T09:30:00.000Z',
        completed: true,
        durationMs: 45 * 60_000,
        currency: null,
        playAgain,
      },
    });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': { body: lobby(false) },
      'GET /api/play/games/g2': { body: lobby(true) },
      'POST /api/play/games/g2/instances': (request) => {
        starts.push(request);
        return { status: 201, body: { instanceId: 'i1', rejoined: false, outputs: [], view: view(), messages: [] } };
      },
      'GET /api/play/instances/i1/game': { body: { game, spec } },
    });

    const once = renderApp('/play/g1');
    expect(await screen.findByText('You finished on 2 Jun 2026, 12:30 GMT+3')).toBeInTheDocument();
    expect(screen.getByText('You completed the game. It took 45 minutes.')).toBeInTheDocument();
    expect(screen.getByText(/the designer does not offer playing it again/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start playing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    once.unmount();

    const { user } = renderApp('/play/g2');
    expect(await screen.findByText(/Play again starts a new game from the beginning/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play again' }));
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]!.body).toMatchObject({ again: true });
  });

  it('holds toasts while a dialog waits for the player, and shows them once it closes', async () => {
    signIn({ role: 'player' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': {
        body: {
          game: { ...game, terms: '', language: 'en-Us' },
          needsPasscode: false,
          instanceId: null,
          refusal: null,
        },
      },
      'POST /api/play/games/g1/instances': {
        status: 201,
        body: {
          instanceId: 'i1',
          rejoined: false,
          outputs: [
            { playerId: 'u1', action: 'showNotification', message: '+1 Lantern' },
            { playerId: 'u1', action: 'showInfo', blocking: true, interactionId: 'welcome' },
          ],
          view: view({ pending: [{ playerId: 'u1', action: 'showInfo', blocking: true, interactionId: 'welcome' }] }),
          messages: [],
        },
      },
      'GET /api/play/instances/i1/game': { body: { game, spec } },
      'POST /api/play/instances/i1/events': { body: { outputs: [], view: view(), messages: [] } },
    });

    const { user } = renderApp('/play/g1');
    await user.click(await screen.findByRole('button', { name: 'Start playing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to the harbour' });
    expect(screen.queryByText('+1 Lantern')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('+1 Lantern')).toBeInTheDocument();
  });

  it('shows a calm notice, not a failure, when the server says the events come too fast', async () => {
    signIn({ role: 'player' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': {
        body: {
          game: { ...game, terms: '', language: 'en-Us' },
          needsPasscode: false,
          instanceId: null,
          refusal: null,
        },
      },
      'POST /api/play/games/g1/instances': {
        status: 201,
        body: {
          instanceId: 'i1',
          rejoined: false,
          outputs: [],
          view: view({ pending: [{ playerId: 'u1', action: 'showInfo', blocking: true, interactionId: 'welcome' }] }),
          messages: [],
        },
      },
      'GET /api/play/instances/i1/game': { body: { game, spec } },
      'POST /api/play/instances/i1/events': {
        status: 429,
        body: { message: 'Too fast — wait a moment and try again', errorCode: 'TOO_MANY_EVENTS' },
      },
    });

    const { user } = renderApp('/play/g1');
    await user.click(await screen.findByRole('button', { name: 'Start playing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to the harbour' });
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));

    expect(await screen.findByText('Too fast — try again in a moment')).toBeInTheDocument();
    expect(screen.queryByText('The game did not answer')).not.toBeInTheDocument();
  }, 15_000); // a whole start of the player, on a busy machine

  it('speaks Greek on the main screen: start, tools, backpack, a message and the menu, with none of the English left', async () => {
    await i18n.changeLanguage('el');
    try {
      signIn({ role: 'player' });
      mockApi({
        'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
        'GET /api/play/games/g1': {
          body: { game: { ...game, terms: '', language: 'el' }, needsPasscode: false, instanceId: null, refusal: null },
        },
        'POST /api/play/games/g1/instances': {
          status: 201,
          body: {
            instanceId: 'i1',
            rejoined: false,
            outputs: [],
            view: view(),
            messages: [{ id: 'm1', message: 'Βιαστείτε!', sceneId: null, when: '2026-11-22T05:00:00Z' }],
          },
        },
        'GET /api/play/instances/i1/game': { body: { game, spec } },
      });

      const { user } = renderApp('/play/g1');
      await user.click(await screen.findByRole('button', { name: 'Ξεκινήστε' }));
      // The operator's message, at 07:00 in the game's timezone.
      expect(await screen.findByText('Μήνυμα · 07:00')).toBeInTheDocument();
      const tools = screen.getByRole('toolbar', { name: 'Εργαλεία παίκτη' });
      await user.click(within(tools).getByRole('button', { name: 'Σακίδιο' }));
      expect(await screen.findByText('Το σακίδιό σας είναι άδειο.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Μενού παιχνιδιού' })).toBeInTheDocument();
      for (const english of ['Backpack', 'Your backpack is empty.', 'Message · 07:00']) {
        expect(screen.queryByText(english)).not.toBeInTheDocument();
      }
      expect(screen.queryByRole('button', { name: 'Game menu' })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  }, 15_000); // a whole start of the player, on a busy machine
  it('reads the game again in the language the player switches to, when the game has several', async () => {
    signIn({ role: 'player' });
    const { requests } = mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/games/g1': {
        body: { game: { ...game, terms: '' }, needsPasscode: false, instanceId: null, refusal: null },
      },
      'POST /api/play/games/g1/instances': {
        status: 201,
        body: { instanceId: 'i1', rejoined: false, outputs: [], view: view(), messages: [] },
      },
      'GET /api/play/instances/i1/game': { body: { game: { ...game, languages: ['en', 'el'] }, spec } },
    });
    const gameReads = () =>
      requests.filter((request) => request.path === '/api/play/instances/i1/game').map((r) => r.headers);
    try {
      const { user } = renderApp('/play/g1');
      await user.click(await screen.findByRole('button', { name: 'Start playing' }));
      expect(await screen.findByRole('toolbar', { name: 'Player tools' })).toBeInTheDocument();
      expect(gameReads()).toHaveLength(1);
      await i18n.changeLanguage('el');
      await waitFor(() => expect(gameReads()).toHaveLength(2));
      expect(gameReads()[1]).toMatchObject({ 'Accept-Language': 'el' });
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
