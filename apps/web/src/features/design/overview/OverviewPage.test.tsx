import { DESIGN_TEXTS, RESTRICT_ACCESS_LABEL } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeVersion, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

const scenes = [
  makeEntity('harbour', { title: 'The Harbour', lat: 35.5, lng: 24.1, radius: 300 }),
  makeEntity('everywhere', { title: 'Universe', universe: true }),
];

describe('#design.overview', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('shows the playground heading and the map of scenes, and no Publish when nothing changed', async () => {
    mockWorkspaceApi(makeWorkspace({ scenes, publishDue: false }));
    renderApp('/games/g1');

    expect(await screen.findByRole('heading', { name: makeWorkspace().game.pg.title })).toBeInTheDocument();
    const map = screen.getByRole('region', { name: 'Map of the scenes and places' });
    expect(map.querySelector('.leaflet-container')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('offers no Publish without the edit right, even when a version is due', async () => {
    mockWorkspaceApi(makeWorkspace({ scenes, publishDue: true, game: { rights: ['view'] } }));
    renderApp('/games/g1');

    expect(await screen.findByRole('region', { name: 'Map of the scenes and places' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('offers no Publish for an empty game, and says why', async () => {
    mockWorkspaceApi(makeWorkspace({ scenes: [], publishDue: true }));
    renderApp('/games/g1');

    expect(await screen.findByRole('region', { name: 'Map of the scenes and places' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Nothing to publish yet: add a scene first, then Publish appears here.'),
    ).toBeInTheDocument();
  });

  it('publishes a version when one is due: notes and switches, a toast, and the versions refreshed', async () => {
    let published = false;
    const api = mockWorkspaceApi(
      () => ({
        body: makeWorkspace({
          scenes,
          publishDue: !published,
          versions: published
            ? [makeVersion({ publishDue: false }), makeVersion({ id: 'v1', isLiveSpec: false, version: 1 })]
            : [makeVersion({ publishDue: true })],
        }),
      }),
      {
        'POST /api/design/g1/gameVersions': () => {
          published = true;
          return { status: 201, body: makeVersion({ id: 'v1', isLiveSpec: false, version: 1 }) };
        },
      },
    );
    const { user } = renderApp('/games/g1');

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Version notes' }), 'First release');
    expect(within(dialog).getByRole('switch', { name: /^New instances allowed/ })).toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: new RegExp(`^${RESTRICT_ACCESS_LABEL}`) }));
    // The checker warns (nothing ends this game): Publish waits for the warnings to be confirmed.
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /publish anyway/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText(DESIGN_TEXTS.created('Version 1'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/design/g1/gameVersions')[0]?.body).toEqual({
      versionNotes: 'First release',
      restrictAccessToDesigner: true,
      multipleInstances: false,
      newInstancesAllowed: true,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument());
    const sidebar = screen.getByRole('navigation', { name: 'Design elements' });
    await user.click(within(sidebar).getByText('Game Versions'));
    expect(within(sidebar).getByRole('link', { name: /Version 1/ })).toHaveAttribute(
      'href',
      '/games/g1/gameVersions/edit/v1',
    );
  });

  it('edits a published version: version read-only, owner-only flag, archive', async () => {
    const v1 = makeVersion({ id: 'v1', isLiveSpec: false, version: 1, versionNotes: 'First' });
    const api = mockWorkspaceApi(makeWorkspace({ versions: [makeVersion(), v1] }), {
      'PATCH /api/design/g1/gameVersions/v1': ({ body }) => ({ body: { ...v1, ...(body as object) } }),
    });
    const { user, pathname } = renderApp('/games/g1/gameVersions/edit/v1');

    expect(await screen.findByRole('textbox', { name: 'Version' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Version' })).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Archive' })).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: /^Multiple instances/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(DESIGN_TEXTS.saved('Version 1'))).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/design/g1/gameVersions/v1')[0]?.body).toMatchObject({
      versionNotes: 'First',
      multipleInstances: true,
      restrictAccessToDesigner: false,
    });
    await waitFor(() => expect(pathname()).toBe('/games/g1'));
  });

  it("hides 'Only for Game Owner' on the live spec", async () => {
    mockWorkspaceApi(makeWorkspace());
    renderApp('/games/g1/gameVersions/edit/v0');

    expect(await screen.findByRole('switch', { name: /^Multiple instances/ })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: new RegExp(`^${RESTRICT_ACCESS_LABEL}`) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });
});
