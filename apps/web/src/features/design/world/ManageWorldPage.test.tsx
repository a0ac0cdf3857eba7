import { DESIGN_TEXTS } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { ManageWorldPage } from './ManageWorldPage';
import {
  GAME_ID,
  UI_TEST_TIMEOUT_MS,
  makeSpecs,
  makeState,
  makeVersion,
  makeWorkspace,
  mockDesignApi,
  renderRoute,
} from './test-support';

const OBJECTS = [
  '/games/:gameId/initialState/manage-objects/0',
  `/games/${GAME_ID}/initialState/manage-objects/0`,
] as const;

const world = () =>
  makeState([
    { id: 'obj-1', name: 'chest-1', sceneId: 's-harbour', type: 'object', archetypeId: 'a-chest' },
    { id: 'obj-2', name: 'sign-1', sceneId: 's-square', type: 'object', archetypeId: 'a-sign' },
    { id: 'obj-3', name: 'chest-2', sceneId: 's-harbour', type: 'object', archetypeId: 'a-chest' },
    { id: 'off-1', name: 'coffee-1', sceneId: 's-harbour', type: 'offer', offerId: 'o-coffee' },
  ]);

function worldApi(extra = {}, workspace = makeWorkspace()) {
  return mockDesignApi(workspace, {
    [`GET /api/design/${GAME_ID}/initialStates/current`]: { body: { state: world() } },
    [`GET /api/design/${GAME_ID}/initialStateSpecs/current`]: { body: makeSpecs() },
    ...extra,
  });
}

const rowNames = (section: HTMLElement) =>
  within(section)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('#design.world.ManageWorldPage', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('lists the objects by scene, on a map with one marker each', async () => {
    worldApi();
    renderRoute(<ManageWorldPage />, ...OBJECTS);

    const harbour = await screen.findByRole('region', { name: 'The Harbour' });
    expect(rowNames(harbour)).toEqual(['chest-1', 'chest-2']);
    expect(within(harbour).getAllByText('Treasure chest')).toHaveLength(2);
    expect(rowNames(screen.getByRole('region', { name: 'The Square' }))).toEqual(['sign-1']);
    // Offers are on their own screen.
    expect(screen.queryByText('coffee-1')).not.toBeInTheDocument();
    const map = screen.getByRole('region', { name: 'Map of the initial world' });
    await waitFor(() => expect(map.querySelectorAll('.leaflet-marker-icon')).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Add object' })).toHaveAttribute(
      'href',
      `/games/${GAME_ID}/initialState/create/0/objects`,
    );
    expect(screen.getByRole('link', { name: 'Edit chest-1' })).toHaveAttribute(
      'href',
      `/games/${GAME_ID}/initialState/edit/obj-1/objects`,
    );
  });

  it("removes an object after 'Are you really sure?', with 'Item deleted'", async () => {
    const api = worldApi({
      [`DELETE /api/design/${GAME_ID}/initialStates/current/state.has.object/s-harbour/obj-1`]: {
        body: {
          state: makeState([
            { id: 'obj-2', name: 'sign-1', sceneId: 's-square', type: 'object', archetypeId: 'a-sign' },
            { id: 'obj-3', name: 'chest-2', sceneId: 's-harbour', type: 'object', archetypeId: 'a-chest' },
          ]),
        },
      },
    });
    const { user } = renderRoute(<ManageWorldPage />, ...OBJECTS);

    await user.click(await screen.findByRole('button', { name: 'Remove chest-1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DESIGN_TEXTS.confirmDelete)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(
      api.callsTo(`DELETE /api/design/${GAME_ID}/initialStates/current/state.has.object/s-harbour/obj-1`),
    ).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove chest-1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(DESIGN_TEXTS.itemDeleted)).toBeInTheDocument();
    await waitFor(() => expect(rowNames(screen.getByRole('region', { name: 'The Harbour' }))).toEqual(['chest-2']));
    expect(
      api.callsTo(`DELETE /api/design/${GAME_ID}/initialStates/current/state.has.object/s-harbour/obj-1`),
    ).toHaveLength(1);
  });

  it('lists the offers on their own screen, and says when there are none', async () => {
    worldApi();
    const view = renderRoute(
      <ManageWorldPage />,
      '/games/:gameId/initialState/manage-offers/0',
      `/games/${GAME_ID}/initialState/manage-offers/0`,
    );
    expect(rowNames(await screen.findByRole('region', { name: 'The Harbour' }))).toEqual(['coffee-1']);
    expect(screen.getByRole('link', { name: 'Add offer' })).toBeInTheDocument();
    view.unmount();

    mockDesignApi(makeWorkspace(), {
      [`GET /api/design/${GAME_ID}/initialStates/current`]: { body: { state: makeState([]) } },
      [`GET /api/design/${GAME_ID}/initialStateSpecs/current`]: { body: makeSpecs() },
    });
    renderRoute(
      <ManageWorldPage />,
      '/games/:gameId/initialState/manage-offers/0',
      `/games/${GAME_ID}/initialState/manage-offers/0`,
    );
    expect(await screen.findByText(DESIGN_TEXTS.noOffers)).toBeInTheDocument();
  });

  it('offers neither add nor remove without the edit right', async () => {
    worldApi({}, makeWorkspace({ game: { rights: ['view'] } }));
    renderRoute(<ManageWorldPage />, ...OBJECTS);

    expect(await screen.findByRole('region', { name: 'The Harbour' })).toBeInTheDocument();
    await screen.findByText('You can look at the initial world but not change it.');
    expect(screen.queryByRole('link', { name: 'Add object' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit chest-1' })).toBeInTheDocument();
  });

  it('shows a published version read-only, with a version selector', async () => {
    const published = makeVersion({ id: 'v-1', isLiveSpec: false, version: 1 });
    worldApi(
      {
        [`GET /api/design/${GAME_ID}/initialStates/v-1`]: { body: { state: world() } },
        [`GET /api/design/${GAME_ID}/initialStateSpecs/v-1`]: { body: makeSpecs() },
      },
      makeWorkspace({ versions: [makeVersion(), published] }),
    );
    renderRoute(<ManageWorldPage />, OBJECTS[0], `${OBJECTS[1]}?versionId=v-1`);

    expect(await screen.findByRole('region', { name: 'The Harbour' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Game version' })).toHaveValue('Version 1'));
    expect(screen.queryByRole('link', { name: 'Add object' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit chest-1' })).toHaveAttribute(
      'href',
      `/games/${GAME_ID}/initialState/edit/obj-1/objects?versionId=v-1`,
    );
  });

  it('opens inside the design workspace, and an edit link opens the object form', async () => {
    worldApi();
    const { user, pathname } = renderApp(`/games/${GAME_ID}/initialState/manage-objects/0`);

    await user.click(await screen.findByRole('link', { name: 'Edit chest-1' }));

    expect(await screen.findByRole('textbox', { name: /^System name/ })).toHaveValue('chest-1');
    expect(pathname()).toBe(`/games/${GAME_ID}/initialState/edit/obj-1/objects`);
  });

  it('opens the object form at the alternative route /initialState/objects/{id}', async () => {
    worldApi();
    renderApp(`/games/${GAME_ID}/initialState/objects/obj-1`);
    expect(await screen.findByRole('textbox', { name: /^System name/ })).toHaveValue('chest-1');
  });
});
