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
    // Titles, never system names.
    expect(names()).toEqual(['Title of everywhereuniverse', 'The aftermath', 'The prologue']);
    // The universe never starts a game: the first playable scene of the order does.
    const startOf = () => within(scenes).getByText('Start').closest('.mantine-Group-root')?.textContent;
    expect(startOf()).toMatch(/^The aftermath/);

    const handle = within(scenes).getByRole('button', { name: /Move scene The prologue/ });
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
    const titleOf: Record<string, string> = {
      everywhere: 'Title of everywhereuniverse',
      aftermath: 'The aftermath',
      prologue: 'The prologue',
    };
    await waitFor(() => expect(names()).toEqual(ids.map((id) => titleOf[id])));
    const firstPlayable = ids.find((id) => id !== 'everywhere')!;
    await waitFor(() => expect(startOf()).toMatch(new RegExp(`^${titleOf[firstPlayable]}`)));
  });

  it('starts in the scene the settings choose', async () => {
    mockWorkspaceApi(makeWorkspace({ scenes: [aftermath, prologue], game: { startSceneId: 'prologue' } }));
    renderApp('/games/g1');
    const scenes = await screen.findByRole('list', { name: 'Scenes' }, { timeout: 15_000 });
    expect(within(scenes).getByText('Start').closest('.mantine-Group-root')?.textContent).toMatch(/^The prologue/);
  });

  it('shows an older game’s scenes without a title by a readable name, never the system name', async () => {
    const untitled = makeEntity('s3', { name: 'scene_3', title: '', idx: 1 });
    const keeper = makeEntity('s4', { name: 'lighthouse_keeper', title: '', idx: 2 });
    mockWorkspaceApi(makeWorkspace({ scenes: [untitled, keeper] }));
    renderApp('/games/g1');
    const scenes = await screen.findByRole('list', { name: 'Scenes' }, { timeout: 15_000 });
    const links = within(scenes).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Scene 3', 'Lighthouse keeper']);
    expect(within(scenes).queryByText(/scene_3|lighthouse_keeper/)).not.toBeInTheDocument();
  });
});
