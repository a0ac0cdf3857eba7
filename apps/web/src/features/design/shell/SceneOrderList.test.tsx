import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

const everywhere = makeEntity('everywhere', { universe: true, idx: 1 });
const aftermath = makeEntity('aftermath', { title: 'The aftermath', idx: 2 });
const prologue = makeEntity('prologue', { title: 'The prologue', idx: 3 });

describe('#design.sidebar.scenes', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('lists the scenes in the designer’s order, marks the start scene, and saves a move made with the keyboard', async () => {
    // The server keeps the order it is sent, as the real one does.
    let scenesNow = [everywhere, aftermath, prologue];
    const api = mockWorkspaceApi(() => ({ body: makeWorkspace({ scenes: scenesNow }) }), {
      'PUT /api/design/g1/scenes/order': ({ body }) => {
        const ids = (body as { ids: string[] }).ids;
        scenesNow = ids.map((id, index) => ({ ...scenesNow.find((scene) => scene.id === id)!, idx: index + 1 }));
        return { body: scenesNow };
      },
    });
    const { user } = renderApp('/games/g1');
    const scenes = await screen.findByRole('list', { name: 'Scenes' }, { timeout: 15_000 });
    const names = () =>
      within(scenes)
        .getAllByRole('link')
        .map((link) => link.textContent);
    expect(names()).toEqual([
      'everywhereTitle of everywhere · universe',
      'aftermathThe aftermath',
      'prologueThe prologue',
    ]);
    // The universe never starts a game: the first playable scene of the order does.
    const startOf = () => within(scenes).getByText('Start').closest('.mantine-Group-root')?.textContent;
    expect(startOf()).toMatch(/^aftermath/);

    const handle = within(scenes).getByRole('button', { name: /Move scene prologue/ });
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    await waitFor(() => expect(api.callsTo('PUT /api/design/g1/scenes/order')).toHaveLength(1));
    // jsdom lays nothing out, so where the keyboard drops the scene is not the point here (the browser
    // test drags for real): every scene is sent once, prologue moved, and the list and badge follow.
    const { ids } = api.callsTo('PUT /api/design/g1/scenes/order')[0]?.body as { ids: string[] };
    expect([...ids].sort()).toEqual(['aftermath', 'everywhere', 'prologue']);
    expect(ids.indexOf('prologue')).toBeLessThan(2);
    await waitFor(() => expect(names().map((name) => name?.replace(/(Title of )?The .*|Title.*/, ''))).toEqual(ids));
    const firstPlayable = ids.find((id) => id !== 'everywhere')!;
    await waitFor(() => expect(startOf()).toMatch(new RegExp(`^${firstPlayable}`)));
  });

  it('starts in the scene the settings choose', async () => {
    mockWorkspaceApi(makeWorkspace({ scenes: [aftermath, prologue], game: { startSceneId: 'prologue' } }));
    renderApp('/games/g1');
    const scenes = await screen.findByRole('list', { name: 'Scenes' }, { timeout: 15_000 });
    expect(within(scenes).getByText('Start').closest('.mantine-Group-root')?.textContent).toMatch(/^prologue/);
  });
});
