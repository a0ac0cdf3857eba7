import {
  newGameDefaults,
  type GameRight,
  type GameWithRights,
  type GamesListItem,
  type GamesListResponse,
} from '@loci/domain';

let sequence = 0;

/** A card of the games list, owned by Dana (u1) unless told otherwise. */
export function makeGamesListItem(overrides: Partial<GamesListItem> = {}): GamesListItem {
  sequence += 1;
  return {
    id: `g${sequence}`,
    title: `Game ${sequence}`,
    description: '<p>A walk through the <strong>old town</strong>.</p>',
    logoId: null,
    language: 'en-Us',
    publicAccess: 'no',
    publicVersionId: null,
    isArchived: false,
    multiplayer: false,
    additionalDesigners: [],
    createdAt: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-04-12T10:00:00.000Z',
    userId: { id: 'u1', name: 'Dana Designer' },
    rights: ['edit', 'view', 'clone', 'manage'] satisfies GameRight[],
    ...overrides,
  };
}

/** One page of the games list. */
export function makeGamesPage(games: GamesListItem[], overrides: Partial<GamesListResponse> = {}): GamesListResponse {
  return { games, total: games.length, page: 1, pageSize: 10, ...overrides };
}

/** A stored game with the caller's rights, valid for the edit form (it has a logo). */
export function makeGame(overrides: Partial<GameWithRights> = {}): GameWithRights {
  sequence += 1;
  return {
    ...newGameDefaults(new Date('2024-05-01T09:00:00.000Z')),
    id: `g${sequence}`,
    title: 'Old Town Mystery',
    logoId: 'm1',
    userId: { id: 'u1', name: 'Dana Designer' },
    additionalDesigners: [],
    publicVersionId: null,
    isArchived: false,
    createdAt: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-04-12T10:00:00.000Z',
    rights: ['edit', 'view', 'clone', 'manage'],
    ...overrides,
  };
}
