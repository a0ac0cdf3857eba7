import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import {
  GAME_ID,
  PUBLISHED,
  UI_TEST_TIMEOUT_MS,
  gameWorkspace,
  makeFullInstance,
  makeSpecs,
  mockOperationsApi,
} from './test-support';

vi.mock('../../api/realtime', () => import('./quiet-realtime'));

const PAGE = `/active-games/${GAME_ID}/instance/i1`;
const LIST = `GET /api/design/${GAME_ID}/instances/i1/migrations`;
const REFUSAL =
  'Something happened in this instance since the migration (a player event or a new player): it cannot be undone';

const migration = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  fromVersionId: 'v-1',
  fromVersion: 1,
  toVersionId: 'v-2',
  toVersion: 2,
  createdAt: '2024-05-01T09:30:00.000Z',
  createdBy: 'Olga Owner',
  undoneAt: null,
  ...overrides,
});

describe('#operations.InstanceMigrations', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('lists the instance’s migrations and undoes one; a refused undo shows the server’s reason', async () => {
    let undone = false;
    const api = mockOperationsApi({
      'GET /api/instances/i1': { body: makeFullInstance() },
      'GET /api/manage/instances/i1/audit': { body: { entries: [] } },
      [`GET /api/design/${GAME_ID}/initialStateSpecs/${PUBLISHED.id}`]: { body: makeSpecs() },
      [`GET /api/design/${GAME_ID}/workspace`]: { body: gameWorkspace() },
      [LIST]: () => ({
        body: {
          migrations: [
            migration('m2', {
              createdAt: '2024-05-01T11:00:00.000Z',
              undoneAt: undone ? '2024-05-01T11:05:00.000Z' : null,
            }),
            migration('m1', { createdBy: null }),
          ],
        },
      }),
      [`POST /api/design/${GAME_ID}/migrations/m2/undo`]: () => {
        if (undone) return { status: 409, body: { message: REFUSAL } };
        undone = true;
        return { body: { ok: true } };
      },
      [`POST /api/design/${GAME_ID}/migrations/m1/undo`]: { status: 409, body: { message: REFUSAL } },
    });
    const { user } = renderApp(PAGE);
    await screen.findByRole('heading', { name: /^Player 1 · started / }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: 'Migrations' }));
    const table = await screen.findByRole('table', { name: 'Migrations of this instance' });
    const [newest, oldest] = within(table).getAllByRole('row').slice(1);
    // When (in the game's zone), who, from → to.
    expect(newest).toHaveTextContent('Olga Owner');
    expect(newest).toHaveTextContent('Version 1 → version 2');
    expect(newest).toHaveTextContent(/14:00.*Athens|Athens.*14:00/);
    expect(oldest).toHaveTextContent('a deleted account');

    await user.click(within(newest!).getByRole('button', { name: 'Undo' }));
    const first = await screen.findByRole('dialog', { name: 'Undo this migration?' });
    expect(first).toHaveTextContent('goes back to version 1');
    await user.click(within(first).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('The migration was undone.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/Undone/));
    expect(within(within(table).getAllByRole('row')[1]!).queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(api.callsTo(`POST /api/design/${GAME_ID}/migrations/m2/undo`)).toHaveLength(1);

    // Something happened since the older one: refused, with the reason.
    await user.click(within(within(table).getAllByRole('row')[2]!).getByRole('button', { name: 'Undo' }));
    const confirm = await screen.findByRole('dialog', { name: 'Undo this migration?' });
    await user.click(within(confirm).getByRole('button', { name: 'Undo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The migration cannot be undone');
    expect(alert).toHaveTextContent(REFUSAL);
  });
});
