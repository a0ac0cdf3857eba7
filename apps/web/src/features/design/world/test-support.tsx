import { LOCK_DURATION_SECONDS, type DesignEntity, type GameWithRights, type InitialState } from '@loci/domain';
import { ModalsProvider } from '@mantine/modals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from '../../../App';
import type { GameVersionSummary } from '../../../api/design';
import { createQueryClient } from '../../../api/query-client';
import { memoryRouter } from '../../../test/render-app';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { makeUser, signIn } from '../../../test/factories';
import { makeGame } from '../../games/test-factories';
import type { WorldSpecs } from './world-values';

// Test data and rendering of the object type, offer, initial world and QR screens.

export const GAME_ID = 'g-world';

/** Whole pages in jsdom are slow, more so when every test file runs at once. */
export const UI_TEST_TIMEOUT_MS = 30_000;

export function makeVersion(overrides: Partial<GameVersionSummary> & { version?: number } = {}): GameVersionSummary {
  return {
    id: 'v-live',
    gameId: GAME_ID,
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

/** The workspace answer of a map game the caller may edit, without a market unless told. */
export function makeWorkspace(
  overrides: { game?: Partial<GameWithRights>; versions?: GameVersionSummary[] } & Record<string, unknown> = {},
) {
  const { game, versions, ...lists } = overrides;
  const live = makeVersion();
  return {
    game: makeGame({ id: GAME_ID, ...game }),
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
    versions: versions ?? [live],
    current: live,
    ...lists,
  };
}

/** A design entity of the game. */
export function makeEntity(id: string, fields: Record<string, unknown> = {}): DesignEntity {
  return { id, gameId: GAME_ID, name: id, ...fields };
}

/** Two scenes (the harbour 100 m round, the universe) and a moderated object type with four properties. */
export function makeSpecs(overrides: Partial<WorldSpecs> = {}): WorldSpecs {
  return {
    scenes: [
      {
        id: 's-harbour',
        name: 'harbour',
        title: 'The Harbour',
        center: { latitude: 39.5, longitude: 22.5 },
        radius: 100,
        universe: false,
      },
      {
        id: 's-square',
        name: 'square',
        title: 'The Square',
        center: { latitude: 40, longitude: 23 },
        radius: 200,
        universe: false,
      },
      { id: 'universe', name: 'universe', title: 'Universe', center: null, radius: 0, universe: true },
    ],
    archetypes: [
      {
        id: 'a-chest',
        name: 'chest',
        title: 'Treasure chest',
        iconUri: null,
        moderated: true,
        payloadSpec: {
          motto: { type: 'string', label: 'Motto', required: true },
          coins: { type: 'number', label: 'Coins' },
          tune: { type: 'sound', label: 'Tune' },
        },
      },
      {
        id: 'a-sign',
        name: 'sign',
        title: 'Signpost',
        iconUri: null,
        payloadSpec: { note: { type: 'text', label: 'Note' } },
      },
    ],
    offers: [{ id: 'o-coffee', name: 'coffee', title: 'Free coffee', iconUri: null, payloadSpec: {} }],
    ...overrides,
  };
}

/** An initial world with the given entries placed by their scene. */
export function makeState(
  entries: Array<Record<string, unknown> & { id: string; sceneId: string; type: 'object' | 'offer' }>,
): InitialState {
  const state: InitialState = { has: { object: {}, offer: {} } };
  for (const entry of entries) {
    const scene = (state.has[entry.type][entry.sceneId] ??= {});
    scene[entry.id] = {
      name: entry.id,
      payload: {},
      location: { latitude: 39.5, longitude: 22.5 },
      ...entry,
    } as InitialState['has']['object'][string][string];
  }
  return state;
}

/** Signs a designer in and answers the account, the workspace and the edit locks; `extra` adds calls. */
export function mockDesignApi(workspace: ReturnType<typeof makeWorkspace>, extra: Record<string, MockHandler> = {}) {
  signIn({ role: 'designer' });
  return mockApi({
    'GET /api/users/account': { body: { user: makeUser({ role: 'designer' }) } },
    [`GET /api/design/${GAME_ID}/workspace`]: { body: workspace },
    'POST /api/design/cc': {
      body: { locked: true, expiresAt: new Date(Date.now() + LOCK_DURATION_SECONDS * 1000).toISOString() },
    },
    'DELETE /api/design/cc': { body: { success: true } },
    ...extra,
  });
}

/**
 * Renders `element` at `path` under the route `pattern` with the console's
 * providers, as the workspace shell mounts it. Returns user-event and the location.
 */
export function renderRoute(element: ReactNode, pattern: string, path: string) {
  const queryClient = createQueryClient({ retry: false });
  const { router, pathname, search } = memoryRouter(
    [
      { path: pattern, element: <ModalsProvider>{element}</ModalsProvider> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, queryClient, pathname, search };
}

/** Opens a Select (by its accessible name) and picks the option named `option`. */
export async function choose(
  user: ReturnType<typeof userEvent.setup>,
  label: string | RegExp,
  option: string | RegExp,
) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox', { name: label });
  await user.click(within(listbox).getByRole('option', { name: option }));
}

/** An accessible description that includes `text` (Mantine joins errors into it). */
export function mentioning(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}
