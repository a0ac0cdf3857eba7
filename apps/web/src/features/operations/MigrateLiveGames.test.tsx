import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { makeVersion } from '../design/world/test-support';
import {
  GAME_ID,
  PUBLISHED,
  UI_TEST_TIMEOUT_MS,
  gameWorkspace,
  makeListItem,
  makePlayerState,
  mockOperationsApi,
} from './test-support';

vi.mock('../../api/realtime', () => import('./quiet-realtime'));

const PAGE = `/active-games/${GAME_ID}`;
const V2 = makeVersion({ id: 'v-2', isLiveSpec: false, version: 2 });
const MIGRATION = `/api/design/${GAME_ID}/gameVersions/${V2.id}/migration`;

/** Two instances still on version 1, one on version 2 already, one playtest; version 2 is the newest. */
function liveGames(rights?: string[]) {
  const workspace = gameWorkspace(undefined, rights);
  workspace.versions = [V2, ...workspace.versions];
  const onV2 = makeListItem({ id: 'i-new' });
  onV2.gameVersion = { ...onV2.gameVersion, id: V2.id, version: 2 };
  const playtest = makeListItem({ id: 'i-test' });
  playtest.gameVersion = { ...playtest.gameVersion, id: 'v-work', isLiveSpec: true, version: 0 };
  return {
    workspace,
    instances: [makeListItem({ id: 'i-ann' }), makeListItem({ id: 'i-ben' }), onV2, playtest],
  };
}

function previewOf(instanceIds: string[]) {
  return instanceIds.map((instanceId) => ({
    instanceId,
    fromVersionId: PUBLISHED.id,
    fromVersion: 1,
    players: [
      {
        playerId: `p-${instanceId}`,
        name: instanceId === 'i-ann' ? 'Ann' : 'Ben',
        impacts: [{ subject: 'item', id: 'gem', name: 'gem', decision: 'drop' }],
      },
    ],
  }));
}

describe('#operations.MigrateLiveGames', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('offers "Migrate to version 2", previews each running instance and migrates the chosen one', async () => {
    const { workspace, instances } = liveGames();
    let left = ['i-ann', 'i-ben'];
    const api = mockOperationsApi({
      [`GET /api/design/${GAME_ID}/workspace`]: { body: workspace },
      // A migrated instance runs version 2.
      [`GET /api/manage/gameInstances/${GAME_ID}/thin-list`]: () => ({
        body: instances.map((instance) =>
          left.includes(instance.id) || instance.gameVersion.isLiveSpec
            ? instance
            : { ...instance, gameVersion: { ...instance.gameVersion, id: V2.id, version: 2 } },
        ),
      }),
      [`GET /api/manage/gameInstances/${GAME_ID}/playerStates`]: { body: [makePlayerState()] },
      [`GET ${MIGRATION}`]: () => ({ body: previewOf(left) }),
      [`POST ${MIGRATION}`]: (request) => {
        const chosen = (request.body as { instanceIds?: string[] }).instanceIds ?? left;
        left = left.filter((id) => !chosen.includes(id));
        return { body: { migrated: chosen.map((instanceId) => ({ instanceId, migrationId: `m-${instanceId}` })) } };
      },
    });
    const { user } = renderApp(PAGE);

    // The first page of a file is slow to come in jsdom.
    await screen.findByRole('table', { name: 'Game instances' }, { timeout: 15_000 });
    // The playtest and the instance on version 2 are not behind.
    expect(await screen.findByText('2 running instances play an older version.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Migrate to version 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Migrate live games to version 2' });
    expect(await within(dialog).findByText("Ben: item 'gem': dropped (not in this version)")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Migrate all (2)' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Migrate one first (canary)' })).toBeInTheDocument();

    // Only Ann's instance.
    const ann = within(dialog)
      .getByText(/Instance of version 1 \(Ann\)/)
      .closest('li')!;
    await user.click(within(ann as HTMLElement).getByRole('button', { name: 'Migrate' }));
    expect(await screen.findByText('1 live game(s) migrated to this version.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${MIGRATION}`)[0]?.body).toEqual({ instanceIds: ['i-ann'] });
    await waitFor(() => expect(within(dialog).queryByText(/\(Ann\)/)).not.toBeInTheDocument());
    expect(within(dialog).getByText(/\(Ben\)/)).toBeInTheDocument();
    // The instances are read again: one is left behind.
    expect(await screen.findByText('1 running instance plays an older version.')).toBeInTheDocument();

    // Then all the rest: the preview stays open and says no game is left behind; the offer goes.
    await user.click(within(dialog).getByRole('button', { name: 'Migrate all (1)' }));
    expect(await within(dialog).findByText('No running game plays an older version.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${MIGRATION}`)[1]?.body).toEqual({});
    await waitFor(() =>
      expect(screen.queryByText(/running instances? plays? an older version/)).not.toBeInTheDocument(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('button', { name: /Migrate to version/ })).not.toBeInTheDocument());
  });

  it('is not offered to those without the manage right', async () => {
    const { workspace, instances } = liveGames(['edit', 'view']);
    mockOperationsApi({
      [`GET /api/design/${GAME_ID}/workspace`]: { body: workspace },
      [`GET /api/manage/gameInstances/${GAME_ID}/thin-list`]: { body: instances },
      [`GET /api/manage/gameInstances/${GAME_ID}/playerStates`]: { body: [] },
    });
    renderApp(PAGE);
    expect(await screen.findByRole('table', { name: 'Game instances' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Migrate to version/ })).not.toBeInTheDocument();
  });
});
