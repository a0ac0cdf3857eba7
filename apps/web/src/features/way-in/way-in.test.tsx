import type { GameShare, MyGame, PublicLobby } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { makeToken, makeUser, signIn } from '../../test/factories';
import { renderApp } from '../../test/render-app';

const GAME_ID = '3f2a8c1e-1d2b-4c3d-8e4f-5a6b7c8d9e0f';
const TIMEOUT = 30_000;

const lobby = (overrides: Partial<PublicLobby> = {}): PublicLobby => ({
  game: {
    id: GAME_ID,
    title: 'Harbour Lights',
    description: '<p>Follow the lamplighter.</p>',
    instructions: '<p>Scan the lanterns.</p>',
    terms: '<p>Mind the water.</p>',
    language: 'en',
    logoId: null,
    multiplayer: false,
    playingPeriod: { start: '2026-06-01T07:00:00.000Z', end: null, timezone: 'Europe/Athens' },
  },
  needsPasscode: true,
  restricted: false,
  refusal: null,
  ...overrides,
});

describe('the way in', { timeout: TIMEOUT }, () => {
  it('shows a visitor the lobby of a share link, with Sign up and Sign in coming back to it', async () => {
    mockApi({ [`GET /api/play/games/${GAME_ID}/public`]: { body: lobby() } });
    renderApp(`/play/${GAME_ID}`);

    expect(await screen.findByRole('heading', { name: 'Harbour Lights' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Follow the lamplighter.')).toBeInTheDocument();
    expect(screen.getByText('Mind the water.')).toBeInTheDocument();
    expect(screen.getByText('Passcode needed')).toBeInTheDocument();
    // The period in the game's timezone (10:00 in Athens, 07:00 UTC).
    expect(screen.getByText(/From .*10:00/)).toBeInTheDocument();
    const back = `next=${encodeURIComponent(`/play/${GAME_ID}`)}`;
    expect(screen.getByRole('link', { name: 'Sign up to play' })).toHaveAttribute('href', `/register?${back}`);
    expect(screen.getByRole('link', { name: 'I have an account: sign in' })).toHaveAttribute('href', `/login?${back}`);
    expect(screen.queryByRole('heading', { name: 'Stories that happen in real places' })).not.toBeInTheDocument();
  });

  it('says why nobody can join, and that there is no game at an unknown link', async () => {
    mockApi({
      [`GET /api/play/games/${GAME_ID}/public`]: {
        body: lobby({ refusal: { errorCode: 'PERIOD_ENDED', message: 'The playing period of this game has ended' } }),
      },
    });
    const { unmount } = renderApp(`/play/${GAME_ID}`);
    expect(await screen.findByText('The playing period of this game has ended')).toBeInTheDocument();
    unmount();

    mockApi({});
    renderApp('/play/nothing-here');
    expect(await screen.findByText(/There is no game at this link/)).toBeInTheDocument();
  });

  it('turns a QR deep link opened by a phone camera into the player with the code to send', async () => {
    mockApi({ [`GET /api/play/games/${GAME_ID}/public`]: { body: lobby() } });
    const { pathname, search } = renderApp(`/gameplay/${GAME_ID}/any/de/Contact_a/o1`);
    expect(await screen.findByRole('heading', { name: 'Harbour Lights' })).toBeInTheDocument();
    expect(pathname()).toBe(`/play/${GAME_ID}`);
    expect(new URLSearchParams(search()).get('code')).toBe(`gameplay/${GAME_ID}/any/de/Contact_a/o1`);
  });

  it("keeps a signed-out visitor's deep link in the landing page's Sign in and Sign up", async () => {
    mockApi({});
    renderApp('/analytics/g1?tab=2');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: 'Stories that happen in real places' }, { timeout: 10_000 });
    const next = `next=${encodeURIComponent('/analytics/g1?tab=2')}`;
    expect(within(main).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?${next}`);
    expect(within(main).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/register?${next}`);
  });

  it('signs in and comes back to the page of ?next=, never to another site', async () => {
    mockApi({
      'POST /api/users/login': { body: { success: true, token: makeToken({ role: 'designer' }) } },
      'GET /api/users/account': { body: { user: makeUser() } },
    });
    const { user, pathname } = renderApp('/login?next=%2Fmy-games');
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathname()).toBe('/my-games'));
  });

  it('ignores an unsafe ?next= and goes home', async () => {
    mockApi({
      'POST /api/users/login': { body: { success: true, token: makeToken({ role: 'designer' }) } },
      'GET /api/users/account': { body: { user: makeUser() } },
    });
    const { user, pathname } = renderApp(`/login?next=${encodeURIComponent('//evil.example/x')}`);
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), 'dana@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(pathname()).toBe('/'));
  });

  it("lists a player's games with Resume, and joins with a typed passcode", async () => {
    signIn({ role: 'player' });
    const games: MyGame[] = [
      {
        gameId: GAME_ID,
        title: 'Harbour Lights',
        logoId: null,
        instanceId: 'i1',
        status: 'active',
        playerStatus: 'playing',
        resumable: true,
        joinedAt: '2026-06-01T08:00:00.000Z',
      },
      {
        gameId: 'g2',
        title: 'Old Town',
        logoId: null,
        instanceId: 'i2',
        status: 'completed',
        playerStatus: 'completed',
        resumable: false,
        joinedAt: '2026-05-01T08:00:00.000Z',
      },
    ];
    const api = mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/my-games': { body: { games } },
      'POST /api/play/join-code': { body: { gameId: 'g3', passcode: '482913', deepLink: null } },
      'GET /api/play/games/g3': {
        body: { game: { ...lobby().game, id: 'g3' }, needsPasscode: true, instanceId: null, refusal: null },
      },
    });
    const { user, pathname } = renderApp('/my-games');

    const list = await screen.findByRole('list', { name: 'My games' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Harbour Lights');
    expect(rows[0]).toHaveTextContent('Playing');
    expect(within(rows[0]!).getByRole('link', { name: 'Resume: Harbour Lights' })).toHaveAttribute(
      'href',
      `/play/${GAME_ID}`,
    );
    expect(rows[1]).toHaveTextContent('Completed');
    expect(within(rows[1]!).getByRole('link', { name: 'Open: Old Town' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(pathname()).toBe('/play/g3'));
    expect(api.requests.find((request) => request.path === '/api/play/join-code')?.body).toEqual({ code: '482913' });
    // The passcode typed is already in the lobby's field.
    expect(await screen.findByLabelText('Passcode')).toHaveValue('482913');
  });

  it('says when no game answers to a code', async () => {
    signIn({ role: 'player' });
    mockApi({
      'GET /api/users/account': { body: { user: makeUser({ role: 'player' }) } },
      'GET /api/play/my-games': { body: { games: [] } },
      'POST /api/play/join-code': { status: 404, body: { message: 'No game answers to this code' } },
    });
    const { user } = renderApp('/my-games');
    expect(await screen.findByText(/You have not played any game yet/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('No game answers to this code')).toBeInTheDocument();
  });

  it('opens the share panel of a game from its tabs: link, QR code, passcode and why players cannot join', async () => {
    signIn({ role: 'designer' });
    const share: GameShare = {
      gameId: GAME_ID,
      title: 'Harbour Lights',
      playUrl: `https://loci.example/fe/play/${GAME_ID}`,
      passcode: '482913',
      hasPasscode: true,
      published: false,
      restricted: false,
      playingPeriod: null,
      joinable: false,
      refusal: { errorCode: 'NOT_PUBLISHED', message: 'This game is not published' },
    };
    mockApi({
      'GET /api/users/account': { body: { user: makeUser() } },
      [`GET /api/design/games/${GAME_ID}/share`]: { body: share },
    });
    const { ShareButton } = await import('./share/ShareButton');
    const { renderRoute } = await import('../design/world/test-support');
    const { user } = renderRoute(<ShareButton gameId={GAME_ID} />, '/', '/');
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const panel = await screen.findByRole('dialog', { name: 'Share with players' });
    expect(await within(panel).findByLabelText('Play link')).toHaveValue(share.playUrl);
    expect(within(panel).getByText('Players cannot join now')).toBeInTheDocument();
    expect(within(panel).getByText('This game is not published')).toBeInTheDocument();
    expect(within(panel).getByLabelText('Passcode')).toHaveTextContent('482913');
    expect(await within(panel).findByRole('img', { name: 'QR code of the play link' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(within(panel).getByRole('link', { name: 'Print' })).toHaveAttribute('href', `/share/${GAME_ID}/print`);
  });
});
