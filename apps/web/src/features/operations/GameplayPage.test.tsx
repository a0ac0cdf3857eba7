import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../../test/render-app';
import {
  GAME_ID,
  PUBLISHED,
  WORKING,
  UI_TEST_TIMEOUT_MS,
  gameWorkspace,
  makeListItem,
  makePeriod,
  makePlayerState,
  mockOperationsApi,
} from './test-support';

vi.mock('../../api/realtime', () => import('./quiet-realtime'));

const PAGE = `/active-games/${GAME_ID}`;

function gameplayApi({
  workspace = gameWorkspace(),
  instances = [makeListItem()],
  extra = {},
}: { workspace?: ReturnType<typeof gameWorkspace>; instances?: unknown[]; extra?: Record<string, unknown> } = {}) {
  return mockOperationsApi({
    [`GET /api/design/${GAME_ID}/workspace`]: { body: workspace },
    [`GET /api/manage/gameInstances/${GAME_ID}/thin-list`]: { body: instances },
    [`GET /api/manage/gameInstances/${GAME_ID}/playerStates`]: { body: [makePlayerState()] },
    ...(extra as Record<string, never>),
  });
}

const rows = () =>
  within(screen.getByRole('table', { name: 'Game instances' }))
    .getAllByRole('row')
    .slice(1);

describe('#operations.GameplayPage', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('keeps the operator’s no-progress time for the stuck players per game, within the server’s day', async () => {
    const stuckUrl = `GET /api/manage/games/${GAME_ID}/stuck-players`;
    const api = gameplayApi({
      extra: {
        [stuckUrl]: (request: { query: URLSearchParams }) => ({
          body: { minutes: Number(request.query.get('minutes')), players: [] },
        }),
      },
    });
    const asked = () => api.callsTo(stuckUrl).map((request) => request.query.get('minutes'));
    const first = renderApp(PAGE);
    const input = await screen.findByRole('textbox', { name: 'No progress for (minutes)' });
    expect(input).toHaveValue('15');
    await waitFor(() => expect(asked()).toContain('15'));

    await first.user.clear(input);
    await first.user.type(input, '30');
    await waitFor(() => expect(asked().at(-1)).toBe('30'));
    // More than a day is asked as a day (the server refuses more).
    await first.user.type(input, '000');
    await waitFor(() => expect(asked().at(-1)).toBe('1440'));
    await first.user.clear(input);
    await first.user.type(input, '45');
    await waitFor(() => expect(asked().at(-1)).toBe('45'));
    first.unmount();

    // Back on the page later: the same choice.
    renderApp(PAGE);
    expect(await screen.findByRole('textbox', { name: 'No progress for (minutes)' })).toHaveValue('45');
    await waitFor(() => expect(asked().at(-1)).toBe('45'));
  });

  it('lists the instances ten to a page, with page sizes 10, 20, 50 and All, and the empty state', async () => {
    const instances = Array.from({ length: 12 }, () => makeListItem());
    instances.push(makeListItem({ status: 'expired' }));
    const api = gameplayApi({ instances });
    const { user } = renderApp(PAGE);

    expect(await screen.findByRole('heading', { name: 'Harbour Hunt' })).toBeInTheDocument();
    // The game's areas lead on, with this one marked.
    expect(screen.getByRole('tab', { name: 'Gameplay' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.getByText('Number of instances').parentElement).toHaveTextContent('13');
    expect(within(rows()[0]!).getByRole('link', { name: /^Manage the game of Player \d+ · started / })).toHaveAttribute(
      'href',
      `/active-games/${GAME_ID}/instance/${instances[0]!.id}`,
    );
    // The players' map polls with ?showType=both by default.
    expect(api.requests.some((request) => request.path.endsWith('/playerStates'))).toBe(true);
    expect(api.fetch.mock.calls.some(([url]) => String(url).includes('showType=both'))).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Page size' }));
    const sizes = await screen.findByRole('listbox', { name: 'Page size' });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '50', 'All']);
    await user.click(within(sizes).getByRole('option', { name: 'All' }));
    await waitFor(() => expect(rows()).toHaveLength(13));

    await user.click(screen.getByRole('combobox', { name: 'World status' }));
    await user.click(await screen.findByRole('option', { name: 'expired' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('combobox', { name: 'World status' }));
    await user.click(await screen.findByRole('option', { name: 'terminated' }));
    expect(await screen.findByText('No instances found')).toBeInTheDocument();
  });

  it('shows the leaderboard of the published version when the game has one', async () => {
    const workspace = gameWorkspace();
    workspace.game.rankings = { available: true, showBeforeComplete: false };
    gameplayApi({
      workspace,
      extra: {
        [`GET /api/manage/game-versions/${PUBLISHED.id}/rankings`]: {
          body: {
            versionId: PUBLISHED.id,
            currencyName: 'Drachma',
            total: 1,
            entries: [{ rank: 1, name: 'Wendy', currency: 9, milestones: 2, completedInMs: 61_000, you: false }],
          },
        },
      },
    });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('1Wendy921:01');
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveValue('Version 1');
  });

  it('has no leaderboard without rankings', async () => {
    gameplayApi();
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'Harbour Hunt' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Leaderboard' })).not.toBeInTheDocument();
  });

  it('opens a player from the table with their scene and empty lists', async () => {
    gameplayApi({
      instances: [makeListItem({ id: 'i1', players: [{ id: 'p1', name: 'Player 1', status: 'playing' }] })],
    });
    const { user } = renderApp(PAGE);

    const table = await screen.findByRole('table', { name: 'Game instances' });
    // The player is on the live map too: playing, in an active world, at a known place.
    const map = screen.getByRole('region', { name: 'Live map of the players' });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(1));
    await user.click(await within(table).findByRole('button', { name: 'Player 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Player' });
    expect(dialog).toHaveTextContent('The Harbour (harbour)');
    expect(within(dialog).getByText('This user has no items.')).toBeInTheDocument();
    expect(within(dialog).getByText('This user has no objects.')).toBeInTheDocument();
    expect(within(dialog).getByText('This user has no attributes.')).toBeInTheDocument();
  });

  it("shows the player's photo in their modal, filled in when the states arrive after it opened", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const photo = { uri: '/api/users/photos/p1' };
    gameplayApi({
      instances: [makeListItem({ id: 'i1', players: [{ id: 'p1', name: 'Player 1', status: 'playing' }] })],
      extra: {
        [`GET /api/manage/gameInstances/${GAME_ID}/playerStates`]: async () => {
          await held;
          return { body: [makePlayerState({ avatar: { name: 'Player 1', photo } })] };
        },
      },
    });
    const { user } = renderApp(PAGE);

    const table = await screen.findByRole('table', { name: 'Game instances' });
    await user.click(await within(table).findByRole('button', { name: 'Player 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Player' });
    // The photo beside the name is decorative (alt=""): found as the dialog's image, not by a role.
    expect(dialog.querySelector('img')).toBeNull();
    release();
    await waitFor(() => expect(dialog.querySelector('img')).toHaveAttribute('src', photo.uri));
    expect(dialog).toHaveTextContent('The Harbour (harbour)');
  });

  it('offers Expire All Game Instances only once the playing period has ended', async () => {
    gameplayApi();
    const { user } = renderApp(PAGE);

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Send message to players' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Expire All Game Instances' })).not.toBeInTheDocument();
  });

  it('expires every instance of an ended game and tells how many', async () => {
    const api = gameplayApi({
      workspace: gameWorkspace(makePeriod(true)),
      extra: {
        [`GET /api/manage/games/${GAME_ID}/applyExpiration`]: {
          body: { expiredInstances: { workingVersion: 1, publicVersion: 2 } },
        },
      },
    });
    const { user } = renderApp(PAGE);

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Expire All Game Instances' }));

    expect(await screen.findByText('Command sent successfully!')).toBeInTheDocument();
    expect(screen.getByText(/1 of the working version, 2 of public versions/)).toBeInTheDocument();
    expect(api.callsTo(`GET /api/manage/games/${GAME_ID}/applyExpiration`)).toHaveLength(1);
  });

  it('saves the form’s playing period on the shown (published) version', async () => {
    const period = makePeriod();
    const api = gameplayApi({
      workspace: gameWorkspace(period),
      extra: {
        [`PATCH /api/game-versions/${PUBLISHED.id}/playingPeriod`]: { body: { playingPeriod: period, instances: 1 } },
      },
    });
    const { user } = renderApp(PAGE);

    await user.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Game Period' });
    expect(dialog).toHaveTextContent('Be aware! All instances with the same game version will get updated.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Playing period updated')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/game-versions/${PUBLISHED.id}/playingPeriod`).map((call) => call.body)).toEqual([
      { playingPeriod: period },
    ]);
  });

  it('keeps to the working version when asked, for the map, the table and a message', async () => {
    const live = makeListItem({
      gameVersion: { ...makeListItem().gameVersion, id: WORKING.id, isLiveSpec: true, version: 0 },
    });
    const api = gameplayApi({
      instances: [live, makeListItem()],
      extra: { [`POST /api/games/${GAME_ID}/send-message`]: { body: { delivered: 1, stored: 0 } } },
    });
    const { user } = renderApp(PAGE);

    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('combobox', { name: 'Include instances' }));
    await user.click(await screen.findByRole('option', { name: 'Of Working Version' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    await waitFor(() =>
      expect(api.fetch.mock.calls.some(([url]) => String(url).includes('showType=live-only'))).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send message to players' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send message to players' });
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Message sent!')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/games/${GAME_ID}/send-message`).map((call) => call.body)).toEqual([
      { sceneId: 'all', message: 'Hello', asynchronous: true, gameVersionId: WORKING.id },
    ]);
  });

  it('lists a player who plays in two instances once in the message dialog, and does not crash', async () => {
    const petros = [{ id: 'petros', name: 'Petros', status: 'playing' as const }];
    gameplayApi({ instances: [makeListItem({ players: petros }), makeListItem({ players: petros })] });
    const { user } = renderApp(PAGE);

    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send message to players' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send message to players' });
    await user.click(within(dialog).getByRole('combobox', { name: 'To' }));
    expect((await screen.findAllByRole('option', { name: 'Petros' })).length).toBe(1);
    expect(screen.queryByText('Something went wrong.')).not.toBeInTheDocument();
  });

  it('does not count the designer’s playtest as a player in the summary, and says so', async () => {
    const playtest = makeListItem({
      gameVersion: { ...makeListItem().gameVersion, id: WORKING.id, isLiveSpec: true, version: 0 },
    });
    gameplayApi({ instances: [playtest, makeListItem()] });
    renderApp(PAGE);
    const total = (await screen.findByText('Total players', {}, { timeout: UI_TEST_TIMEOUT_MS })).parentElement!;
    await waitFor(() => expect(within(total).getByText('and 1 playtest, not counted')).toBeInTheDocument());
    expect(within(total).getByText('1')).toBeInTheDocument();
    expect(within(total).getByText('playing: 1')).toBeInTheDocument();
  });

  it('shows only a notice without the edit right', async () => {
    const api = gameplayApi({ workspace: gameWorkspace(makePeriod(), ['view']) });
    renderApp(PAGE);

    expect(await screen.findByText(/You are not allowed to see this page/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Harbour Hunt' })).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.path.includes('/manage/'))).toBe(false);
  });

  it('counts players by the statuses the server shows: a terminated instance’s players are not playing', async () => {
    gameplayApi({
      instances: [
        makeListItem({ status: 'terminated', players: [{ id: 'p-old', name: 'Old Timer', status: 'terminated' }] }),
        makeListItem(),
      ],
    });
    renderApp(PAGE);
    const total = (await screen.findByText('Total players')).parentElement!;
    await waitFor(() => expect(total).toHaveTextContent('2'));
    expect(within(total).getByText('playing: 1')).toBeInTheDocument();
    expect(within(total).getByText('terminated: 1')).toBeInTheDocument();
    // Only a player still in a running instance can be messaged alone.
    expect(screen.queryByRole('button', { name: 'Message Old Timer' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Message Player/ })).toBeInTheDocument();
  });

  it('deletes all instances after a confirmation that names the count', async () => {
    const api = gameplayApi({
      instances: [makeListItem(), makeListItem({ status: 'terminated' })],
      extra: { [`POST /api/design/games/${GAME_ID}/terminateAllInstances`]: { body: { deleted: 2 } } },
    });
    const { user } = renderApp(PAGE);
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    expect(await screen.findByRole('menuitem', { name: 'Debugging tools at the game’s place' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/debugging-tools\?lat=-?[\d.]+&lng=-?[\d.]+$/),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Delete all instances' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all instances' });
    expect(dialog).toHaveTextContent('This deletes all 2 instances of this game');
    expect(api.callsTo(`POST /api/design/games/${GAME_ID}/terminateAllInstances`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 instances' }));
    expect(await screen.findByText('All instances deleted successfully')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/design/games/${GAME_ID}/terminateAllInstances`)).toHaveLength(1);
  });

  it('speaks Greek: summary, statuses, instances and actions, with none of the English left', async () => {
    await i18n.changeLanguage('el');
    try {
      gameplayApi({
        instances: [
          makeListItem({ status: 'terminated', players: [{ id: 'p-old', name: 'Old Timer', status: 'terminated' }] }),
          makeListItem(),
        ],
      });
      const { user } = renderApp(PAGE);
      expect(await screen.findByRole('heading', { name: 'Harbour Hunt' })).toBeInTheDocument();
      expect(screen.getByText('Διεξαγωγή')).toBeInTheDocument();
      const total = (await screen.findByText('Σύνολο παικτών')).parentElement!;
      await waitFor(() => expect(total).toHaveTextContent('2'));
      expect(within(total).getByText('παίζει: 1')).toBeInTheDocument();
      expect(within(total).getByText('τερματίστηκε: 1')).toBeInTheDocument();
      const table = screen.getByRole('table', { name: 'Στιγμιότυπα του παιχνιδιού' });
      expect(within(table).getByText('Κατάσταση κόσμου')).toBeInTheDocument();
      expect(within(table).getAllByText('ενεργό').length).toBeGreaterThan(0);
      expect(screen.getByRole('combobox', { name: 'Συμπερίληψη στιγμιοτύπων' })).toHaveValue('Όλων των εκδόσεων');
      await user.click(screen.getByRole('button', { name: 'Ενέργειες' }));
      expect(await screen.findByRole('menuitem', { name: 'Μήνυμα στους παίκτες' })).toBeInTheDocument();
      expect(screen.getByRole('menuitem', { name: 'Διαγραφή όλων των στιγμιοτύπων' })).toBeInTheDocument();
      for (const english of ['Total players', 'Number of instances', 'World Status', 'playing: 1', 'Of All Versions']) {
        expect(screen.queryByText(english)).not.toBeInTheDocument();
      }
      expect(screen.queryByRole('menuitem', { name: 'Send message to players' })).not.toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
