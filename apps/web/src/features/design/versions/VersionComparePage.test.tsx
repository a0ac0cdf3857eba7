import type { RollbackSnapshot, VersionDiff } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeVersion, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

const v1 = makeVersion({ id: 'v1', isLiveSpec: false, version: 1, createdAt: '2024-03-06T10:00:00.000Z' });
const working = makeVersion();
const diff: VersionDiff = {
  changes: [
    {
      subject: 'scene',
      id: 's1',
      name: 'Old port',
      change: 'changed',
      fields: [{ field: 'name', before: "'Harbour'", after: "'Old port'" }],
    },
    { subject: 'item', id: 'i1', name: 'Brass key', change: 'added', fields: [] },
  ],
  counts: { added: 1, removed: 0, changed: 1 },
};
const snapshot: RollbackSnapshot = {
  id: 'snap1',
  gameId: 'g1',
  versionId: 'v1',
  version: 1,
  createdAt: '2024-04-12T10:00:00.000Z',
};

describe('#design.versions.compare', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('says in words what changed from a version to the working copy', async () => {
    mockWorkspaceApi(makeWorkspace({ versions: [working, v1] }), {
      'GET /api/design/g1/gameVersions/v1/compare/current': { body: diff },
      'GET /api/design/g1/rollbacks': { body: [] },
      'GET /api/design/g1/gameVersions/v1/migration': { body: [] },
    });
    renderApp('/games/g1/gameVersions/compare/v1');

    // The first page of the file loads the workspace's lazy chunks: give it time.
    const list = await screen.findByRole('list', { name: 'Compare' }, { timeout: 15_000 });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["Scene 'Old port': name changed from 'Harbour' to 'Old port'", "Item 'Brass key' added"]);
    expect(screen.getByText('1 added, 0 removed, 1 changed')).toBeInTheDocument();
  });

  it('rolls back after confirming, then offers to undo the roll back', async () => {
    let rolledBack = false;
    const api = mockWorkspaceApi(makeWorkspace({ versions: [working, v1] }), {
      'GET /api/design/g1/gameVersions/v1/compare/current': () => ({
        body: rolledBack ? { changes: [], counts: { added: 0, removed: 0, changed: 0 } } : diff,
      }),
      'GET /api/design/g1/rollbacks': () => ({ body: rolledBack ? [snapshot] : [] }),
      'GET /api/design/g1/gameVersions/v1/migration': { body: [] },
      'POST /api/design/g1/gameVersions/v1/rollback': () => {
        rolledBack = true;
        return { body: snapshot };
      },
      'POST /api/design/g1/rollbacks/snap1/undo': () => {
        rolledBack = false;
        return { body: { ok: true } };
      },
    });
    const { user } = renderApp('/games/g1/gameVersions/compare/v1');
    const main = within(await screen.findByRole('main'));

    await user.click(await main.findByRole('button', { name: 'Roll back to this version' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Roll back to this version' }));
    expect(await screen.findByText('The working copy is now Version 1.')).toBeInTheDocument();
    expect(await main.findByText('No changes: the two are the same.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/gameVersions/v1/rollback')).toHaveLength(1);

    await user.click(await main.findByRole('button', { name: 'Undo roll back' }));
    expect(await screen.findByText('The roll back was undone.')).toBeInTheDocument();
    await waitFor(() => expect(main.queryByRole('button', { name: 'Undo roll back' })).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/design/g1/rollbacks/snap1/undo')).toHaveLength(1);
  });

  it('shows the refusal naming the locked entity', async () => {
    const message = "Cannot roll back: Scene 'Harbour' is being edited by Costas. Please wait until they are done.";
    mockWorkspaceApi(makeWorkspace({ versions: [working, v1] }), {
      'GET /api/design/g1/gameVersions/v1/compare/current': { body: diff },
      'GET /api/design/g1/rollbacks': { body: [] },
      'GET /api/design/g1/gameVersions/v1/migration': { body: [] },
      'POST /api/design/g1/gameVersions/v1/rollback': { status: 409, body: { message, errorCode: 'CONFLICT' } },
    });
    const { user } = renderApp('/games/g1/gameVersions/compare/v1');
    await user.click(await screen.findByRole('button', { name: 'Roll back to this version' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Roll back to this version' }),
    );
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('previews what migrating a live game changes for its players, and migrates them', async () => {
    let migrated = false;
    const preview = [
      {
        instanceId: 'in1',
        fromVersionId: 'v0',
        fromVersion: 1,
        players: [
          { playerId: 'p1', name: 'Ann', impacts: [{ subject: 'item', id: 'gem', name: 'gem', decision: 'drop' }] },
        ],
      },
    ];
    const api = mockWorkspaceApi(makeWorkspace({ versions: [working, v1] }), {
      'GET /api/design/g1/gameVersions/v1/compare/current': { body: diff },
      'GET /api/design/g1/rollbacks': { body: [] },
      'GET /api/design/g1/gameVersions/v1/migration': () => ({ body: migrated ? [] : preview }),
      'POST /api/design/g1/gameVersions/v1/migration': () => {
        migrated = true;
        return { body: { migrated: [{ instanceId: 'in1', migrationId: 'm1' }] } };
      },
    });
    const { user } = renderApp('/games/g1/gameVersions/compare/v1');
    expect(
      await screen.findByText("Ann: item 'gem': dropped (not in this version)", {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Migrate all (1)' }));
    expect(await screen.findByText('1 live game(s) migrated to this version.')).toBeInTheDocument();
    expect(await screen.findByText('No running game plays an older version.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/gameVersions/v1/migration')[0]?.body).toEqual({});
  });
});
