import type { FullInstance, InstanceListItem, InstancePlayingPeriod, PlayerStateItem } from '@loci/domain';
import { mockApi, type MockHandler } from '../../test/api-mock';
import { makeUser, signIn } from '../../test/factories';
import { GAME_ID, makeSpecs, makeVersion, makeWorkspace } from '../design/world/test-support';

// Test data of the Gameplay and Instance pages.

export { GAME_ID, makeSpecs, makeWorkspace };

/** Whole pages in jsdom are slow, more so when every test file runs at once. */
export const UI_TEST_TIMEOUT_MS = 30_000;

const DAY = 24 * 60 * 60 * 1000;
/** A period that started yesterday and ends in a week, or that ended yesterday. */
export function makePeriod(ended = false): InstancePlayingPeriod {
  const now = Date.now();
  return {
    start: new Date(now - (ended ? 10 : 1) * DAY).toISOString(),
    end: new Date(now + (ended ? -1 : 7) * DAY).toISOString(),
    timezone: 'Europe/Athens',
  };
}

export const PUBLISHED = makeVersion({ id: 'v-pub', isLiveSpec: false, version: 1 });
export const WORKING = makeVersion();

/** The workspace of a game running under `period` (published once), with two scenes. */
export function gameWorkspace(
  period: InstancePlayingPeriod = makePeriod(),
  rights = ['edit', 'view', 'clone', 'manage'],
) {
  return makeWorkspace({
    game: {
      title: 'Harbour Hunt',
      playingPeriod: { start: period.start ?? '', end: period.end, timezone: period.timezone },
      publicVersionId: PUBLISHED.id,
      rights: rights as never,
    },
    versions: [PUBLISHED, WORKING],
    scenes: [
      { id: 's-harbour', gameId: GAME_ID, name: 'harbour', title: 'The Harbour' },
      { id: 's-square', gameId: GAME_ID, name: 'square', title: 'The Square' },
    ],
  });
}

let sequence = 0;
/** An instance in the Gameplay page's table. */
export function makeListItem(overrides: Partial<InstanceListItem> & { status?: string } = {}): InstanceListItem {
  sequence += 1;
  const { status = 'active', ...rest } = overrides;
  return {
    id: `i${sequence}`,
    _id: `i${sequence}`,
    multiplayer: false,
    gameVersion: {
      id: PUBLISHED.id,
      isLiveSpec: false,
      version: 1,
      game: { id: GAME_ID, title: 'Harbour Hunt', playingPeriod: makePeriod() },
    },
    players: [{ id: `p${sequence}`, name: `Player ${sequence}`, status: 'playing' }],
    state: { worldState: { status: status as InstanceListItem['state']['worldState']['status'] } },
    createdAt: '2024-05-01T09:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    ...rest,
  };
}

/** A player of the live map, playing in an active world at the harbour. */
export function makePlayerState(overrides: Partial<PlayerStateItem> = {}): PlayerStateItem {
  return {
    id: 'p1',
    userId: 'p1',
    name: 'Player 1',
    email: 'p1@example.com',
    status: 'playing',
    statusWhen: null,
    currentLocation: { latitude: 39.5, longitude: 22.5 },
    worldStatus: 'active',
    instanceId: 'i1',
    versionId: PUBLISHED.id,
    isLiveSpec: false,
    avatar: { name: 'Player 1', photo: null },
    state: {
      status: 'playing',
      avatar: { name: 'Player 1', photo: null },
      currentSceneId: 's-harbour',
      owns: { item: {}, object: {} },
      is: { attributed: {} },
      has: { left: { game: { when: null } }, started: { game: { when: '2024-05-01T09:00:00.000Z' } } },
      lastPlayed: '2024-05-01T10:00:00.000Z',
    },
    ...overrides,
  };
}

/** The full instance 'i1' of the published version, with one player and a world of one sign and one offer. */
export function makeFullInstance(status: FullInstance['state']['worldState']['status'] = 'active'): FullInstance {
  return {
    id: 'i1',
    _id: 'i1',
    gameId: GAME_ID,
    notes: 'Saturday group',
    multiplayer: true,
    createdAt: '2024-05-01T09:00:00.000Z',
    updatedAt: '2024-05-01T10:00:00.000Z',
    gameVersion: {
      id: PUBLISHED.id,
      isLiveSpec: false,
      version: 1,
      game: { id: GAME_ID, title: 'Harbour Hunt', playingPeriod: makePeriod() },
    },
    players: [{ id: 'p1', name: 'Player 1', status: 'playing' }],
    state: {
      worldState: {
        status,
        objects: {
          'obj-1': {
            id: 'obj-1',
            name: 'sign-1',
            type: 'object',
            archetypeId: 'a-sign',
            sceneId: 's-harbour',
            payload: { note: 'Go north' },
            location: { latitude: 39.5, longitude: 22.5 },
            approved: true,
            owner: null,
            createdBy: null,
            createdWhen: null,
            home: null,
          },
          'obj-2': {
            id: 'obj-2',
            name: 'chest-9',
            type: 'object',
            archetypeId: 'a-chest',
            sceneId: 's-harbour',
            payload: { motto: 'Ahoy' },
            location: { latitude: 39.5, longitude: 22.5 },
            approved: false,
            owner: 'p1',
            createdBy: 'p1',
            createdWhen: null,
            home: null,
          },
        },
        offers: {
          'off-1': {
            id: 'off-1',
            name: 'coffee-1',
            type: 'offer',
            offerId: 'o-coffee',
            sceneId: 's-square',
            payload: {},
            location: { latitude: 40, longitude: 23 },
            quantity: 5,
          },
        },
      },
      usersState: {
        p1: {
          status: 'playing',
          avatar: { name: 'Player 1', photo: null },
          location: { latitude: 39.5, longitude: 22.5 },
          currentSceneId: 's-harbour',
          lastPlayed: '2024-05-01T10:00:00.000Z',
          items: { 'it-rope': 2 },
          attributes: { 'at-courage': 7 },
          missions: { 'm-find': { assignedWhen: '2024-05-01T09:10:00.000Z', completedWhen: null } },
          milestones: { 'ms-dock': '2024-05-01T09:30:00.000Z' },
        },
      },
    },
    market: { available: false, currency: null, currencyName: '', currencyIcon: null },
  };
}

/** Signs a designer in and answers the account; `handlers` add the page's calls. */
export function mockOperationsApi(handlers: Record<string, MockHandler>) {
  signIn({ role: 'designer' });
  return mockApi({ 'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } }, ...handlers });
}
