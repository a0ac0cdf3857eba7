import type { WallAnswer } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock';
import { renderApp } from '../../test/render-app';

/** The wall's socket, as the page holds it: the test plays the server's side. */
const socket = vi.hoisted(() => {
  const handlers = new Map<string, Array<(...args: unknown[]) => void>>();
  return {
    handlers,
    options: null as unknown,
    on(event: string, handler: (...args: unknown[]) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return this;
    },
    fire(event: string, ...args: unknown[]) {
      for (const handler of handlers.get(event) ?? []) handler(...args);
    },
    connect: () => undefined,
    close: () => undefined,
  };
});
vi.mock('socket.io-client', () => ({
  io: (_path: string, options: unknown) => {
    socket.options = options;
    socket.handlers.clear();
    return socket;
  },
}));

const WALL: WallAnswer = {
  title: 'Harbour Hunt',
  layout: 'grid',
  scoredBy: 'teams',
  pointsName: 'Points',
  scoreboard: [
    { key: 't0', rank: 1, name: 'Owls', colour: '#1c6bb0', pictureId: null, points: 2, reachedAt: null },
    { key: 't1', rank: 2, name: 'Foxes', colour: '#b3261e', pictureId: null, points: 0, reachedAt: null },
  ],
  endsAt: null,
  paused: false,
  serverNow: new Date().toISOString(),
  feed: [
    {
      id: 'f1',
      kind: 'announcement',
      teamName: 'Owls',
      colour: '#1c6bb0',
      memberName: null,
      text: 'Team Owls found the lighthouse key',
      mediaId: null,
      createdAt: new Date().toISOString(),
      likes: 3,
      liked: false,
    },
  ],
  map: null,
  ended: false,
};

// Rendering the whole app takes seconds on a loaded machine: the default 5 s is too tight.
describe('the wall page', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the scoreboard and the feed without signing in, and reads the wall again when told', async () => {
    let answer = WALL;
    const api = mockApi({ 'GET /api/wall/tok3n': () => ({ body: answer }) });
    renderApp('/wall/tok3n');
    expect(await screen.findByRole('heading', { name: 'Harbour Hunt' })).toBeInTheDocument();
    const board = screen.getByRole('table', { name: 'Scoreboard' });
    expect(within(board).getAllByRole('row')[1]).toHaveTextContent('Owls');
    expect(screen.getByText('Team Owls found the lighthouse key')).toBeInTheDocument();
    // The likes of an item: a count, never who.
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(screen.getByText('No time limit')).toBeInTheDocument();
    // The channel hands the link's token, and nothing of an account.
    expect(socket.options).toMatchObject({ auth: { wallToken: 'tok3n' } });
    expect(api.callsTo('GET /api/wall/tok3n').every((call) => !call.headers.authorization)).toBe(true);

    answer = {
      ...WALL,
      scoreboard: [
        { ...WALL.scoreboard[1]!, rank: 1, points: 5 },
        { ...WALL.scoreboard[0]!, rank: 2 },
      ],
    };
    socket.fire('wallChanged', {});
    await vi.waitFor(() => expect(within(board).getAllByRole('row')[1]).toHaveTextContent('Foxes'));
    expect(screen.getByText('Moved up 1')).toBeInTheDocument();
  });

  it('says the link does not work when the server does not know it (revoked or wrong)', async () => {
    mockApi({ 'GET /api/wall/old': { status: 404, body: { message: 'no' } } });
    renderApp('/wall/old');
    expect(
      await screen.findByRole('heading', { name: 'This wall link does not work. Ask the organiser for a new one.' }),
    ).toBeInTheDocument();
  });
});
