import { LOCK_DURATION_SECONDS, type DesignEntity } from '@loci/domain';
import { ModalsProvider } from '@mantine/modals';
import { render, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { RouterProvider } from 'react-router';
import { AppProviders } from '../../../App';
import { createQueryClient } from '../../../api/query-client';
import { memoryRouter } from '../../../test/render-app';
import { DesignKindsProvider } from '../kinds';
import { mockApi, type MockHandler } from '../../../test/api-mock';
import { signIn, makeUser } from '../../../test/factories';
import { makeGame } from '../../games/test-factories';

export const GAME_ID = 'g-design';

/** A design entity of the workspace. */
export function entity(id: string, name: string, fields: Record<string, unknown> = {}): DesignEntity {
  return { id, gameId: GAME_ID, name, ...fields };
}

/** The workspace answer (GET /api/design/{gameId}/workspace) of a map game the caller may edit. */
export function makeWorkspace(lists: Partial<Record<string, DesignEntity[]>> = {}, rights = ['edit', 'view']) {
  const version = {
    id: 'v0',
    gameId: GAME_ID,
    isLiveSpec: true,
    isArchived: false,
    versionNotes: '',
    restrictAccessToDesigner: false,
    multipleInstances: false,
    newInstancesAllowed: true,
    createdAt: '2024-03-05T10:00:00.000Z',
    updatedAt: '2024-03-05T10:00:00.000Z',
    version: 0,
  };
  return {
    game: makeGame({ id: GAME_ID, rights: rights as never }),
    versions: [version],
    current: version,
    scenes: [entity('s1', 'harbour', { title: 'The Harbour' })],
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
    ...lists,
  };
}

/** The calls every design form makes: account, workspace, edit lock. */
export function designApi(workspace = makeWorkspace(), extra: Record<string, MockHandler> = {}) {
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
 * Renders `element` at `path` under the route `pattern` (e.g.
 * '/games/:gameId/rules/create/0/:sceneId') with the console's providers, as
 * the workspace shell would mount it. Returns user-event and the location.
 */
export function renderRoute(element: ReactNode, pattern: string, path: string) {
  const queryClient = createQueryClient({ retry: false });
  const { router, pathname, search } = memoryRouter(
    [
      {
        path: pattern,
        element: (
          <ModalsProvider>
            <DesignKindsProvider>{element}</DesignKindsProvider>
          </ModalsProvider>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
  // Skipping the pointer-events check (a computed style per ancestor per event) keeps big forms fast in jsdom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, user, queryClient, pathname, search };
}

/** Opens a Select (by its accessible name, within `scope`) and returns its list of options. */
async function openSelect(user: ReturnType<typeof userEvent.setup>, label: string | RegExp, scope: HTMLElement) {
  const input = within(scope).getByRole('combobox', { name: label });
  await user.click(input);
  // The list the input controls (looked up by id: role queries over a whole form are slow in jsdom).
  return waitFor(() => {
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!listbox) throw new Error(`The options of ${String(label)} did not open`);
    return listbox;
  });
}

/** Opens a Select (by its accessible name, within `scope`) and picks the option named `option`. */
export async function choose(
  user: ReturnType<typeof userEvent.setup>,
  label: string | RegExp,
  option: string | RegExp,
  scope: HTMLElement = document.body,
) {
  const listbox = await openSelect(user, label, scope);
  await user.click(within(listbox).getByRole('option', { name: option }));
}

/** The option names a Select offers (by its accessible name, within `scope`), closing it again. */
export async function optionsOf(
  user: ReturnType<typeof userEvent.setup>,
  label: string | RegExp,
  scope: HTMLElement = document.body,
): Promise<string[]> {
  const listbox = await openSelect(user, label, scope);
  const names = within(listbox)
    .queryAllByRole('option')
    .map((option) => option.textContent ?? '');
  await user.keyboard('{Escape}');
  return names;
}

/** An accessible description that includes `text` (Mantine joins errors into it). */
export function mentioning(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
}

/** Puts `text` into a text field at once (typing key by key re-renders a whole form per key). */
export async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  // Forms are read-only until the workspace (with the rights) has loaded.
  await waitFor(() => expect(field).not.toHaveAttribute('readonly'));
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
