import { DEFAULT_SCENE_RADIUS, DESIGN_MESSAGES, DESIGN_TEXTS, FORM_ERROR_MESSAGE } from '@loci/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

describe('#design.scenes.form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('creates a scene of a map game at the game centre with radius 100 and a map', async () => {
    const workspace = makeWorkspace();
    const api = mockWorkspaceApi(workspace, {
      'POST /api/design/g1/scenes': ({ body }) => ({
        status: 201,
        body: { id: 's9', gameId: 'g1', ...(body as object) },
      }),
    });
    const { user, pathname } = renderApp('/games/g1/scenes/create/0');

    expect(await screen.findByRole('textbox', { name: /^Radius/ })).toHaveValue(String(DEFAULT_SCENE_RADIUS));
    expect(screen.getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Foreground only' })).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: /Map of the scene place/ }).querySelector('.leaflet-marker-icon'),
    ).not.toBeNull();
    // One name per thing (issue 30): the title is typed, the system name made from it and folded under Advanced.
    expect(screen.queryByRole('textbox', { name: /^Name/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'The Harbour');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The toast says the title.
    expect(await screen.findByText(DESIGN_TEXTS.created('The Harbour'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/scenes')[0]?.body).toMatchObject({
      name: 'The Harbour',
      title: 'The Harbour',
      radius: DEFAULT_SCENE_RADIUS,
      lat: workspace.game.pg.place.lat,
      lng: workspace.game.pg.place.lng,
      enabled: true,
    });
    await waitFor(() => expect(pathname()).toBe('/games/g1'));
  });

  it('requires the background image on image games and has no place fields there', async () => {
    const pg = { ...makeWorkspace().game.pg, type: 'image' as const };
    const api = mockWorkspaceApi(makeWorkspace({ game: { pg } }));
    const { user } = renderApp('/games/g1/scenes/create/0');

    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'The Room');
    expect(screen.queryByRole('textbox', { name: /^Radius/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Foreground only' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    expect(screen.getByText(DESIGN_MESSAGES.required)).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/scenes')).toHaveLength(0);
  });

  it('goes back to the scene page after saving when opened from it (returnTo=objectShow)', async () => {
    const harbour = makeEntity('harbour', { title: 'The Harbour', lat: 35.5, lng: 24.1, radius: 300 });
    mockWorkspaceApi(makeWorkspace({ scenes: [harbour] }), {
      'PATCH /api/design/g1/scenes/harbour': ({ body }) => ({ body: { ...harbour, ...(body as object) } }),
    });
    const { user, pathname } = renderApp('/games/g1/scenes/edit/harbour?returnTo=objectShow');

    expect(await screen.findByText('Scene: The Harbour')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Radius/ })).toHaveValue('300'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DESIGN_TEXTS.saved('The Harbour'))).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe('/games/g1/scenes/show/harbour'));
  });
});
