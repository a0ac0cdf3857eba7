import { LOCK_DURATION_SECONDS, type DesignEntity, type GameWithRights } from '@loci/domain';
import type { GameVersionSummary, Workspace } from '../../../api/design';
import { makeGame } from '../../games/test-factories';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { makeUser, signIn } from '../../../test/factories';
import { makeMedia } from '../../media/test-factories';

// Test data of the design workspace: a game 'g1' with a few entities of each kind.

/** A game version as the API lists it. */
export function makeVersion(overrides: Partial<GameVersionSummary> & { version?: number; publishDue?: boolean } = {}) {
  return {
    id: 'v0',
    gameId: 'g1',
    isLiveSpec: true,
    isArchived: false,
    versionNotes: '',
    restrictAccessToDesigner: false,
    multipleInstances: false,
    newInstancesAllowed: true,
    createdAt: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-04-12T10:00:00.000Z',
    version: 0,
    ...overrides,
  } as GameVersionSummary;
}

/** A design entity of game g1. */
export function makeEntity(id: string, fields: Record<string, unknown> = {}): DesignEntity {
  return { id, gameId: 'g1', name: id, title: `Title of ${id}`, ...fields };
}

/** A workspace answer for game g1 (map game, owner's rights, no market). */
type EntityLists = Partial<
  Record<
    | 'scenes'
    | 'milestones'
    | 'missions'
    | 'interactions'
    | 'characters'
    | 'items'
    | 'attributes'
    | 'archetypes'
    | 'offers'
    | 'locations'
    | 'rules',
    DesignEntity[]
  >
>;

/** What a test may set of a workspace: the game's fields, entity lists, versions and whether publishing is due. */
export type WorkspaceOverrides = EntityLists & {
  game?: Partial<GameWithRights>;
  versions?: GameVersionSummary[];
  publishDue?: boolean;
};

export function makeWorkspace(overrides: WorkspaceOverrides = {}): Workspace {
  const { game, publishDue = false, ...lists } = overrides;
  const working = makeVersion({ publishDue });
  return {
    game: makeGame({ id: 'g1', title: 'Old Town Mystery', ...game }),
    scenes: [],
    milestones: [],
    missions: [],
    interactions: [],
    characters: [],
    items: [],
    attributes: [],
    archetypes: [],
    offers: [],
    locations: [],
    rules: [],
    versions: [working],
    current: { ...working, initialState: { has: { object: {}, offer: {} } } } as GameVersionSummary,
    ...lists,
  } as unknown as Workspace;
}

/** Signs Dana in and answers the account, the workspace of g1 and the edit locks; `extra` adds or overrides calls. */
export function mockWorkspaceApi(workspace: Workspace | MockHandler, extra: Record<string, MockHandler> = {}) {
  signIn({ role: 'designer' });
  const lockHeld = {
    body: { locked: true, expiresAt: new Date(Date.now() + LOCK_DURATION_SECONDS * 1000).toISOString() },
  };
  const answer: MockHandler =
    typeof workspace === 'string' || typeof workspace === 'function' || 'status' in workspace || 'body' in workspace
      ? (workspace as MockHandler)
      : { body: workspace };
  return mockApi({
    'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } },
    'GET /api/design/g1/workspace': answer,
    'POST /api/design/cc': lockHeld,
    'DELETE /api/design/cc': { body: { released: true } },
    // The game's library holds its logo (makeGame's 'm1').
    'GET /api/design/g1/medias': { body: [makeMedia({ id: 'm1' })] },
    ...extra,
  });
}

/** Whole pages in jsdom are slow, more so when every test file runs at once. */
export const UI_TEST_TIMEOUT_MS = 30_000;
