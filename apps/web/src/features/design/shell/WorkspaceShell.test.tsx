import { DESIGN_TEXTS, GAME_TEXTS } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

describe('#design.shell', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  // The workspace's lazy chunks (the design and games features) imported once, cold, before any test waits for
  // a screen: their transform on a busy CI machine took past the first test's waits (15 s) in a CI run.
  beforeAll(async () => {
    await Promise.all([import('..'), import('../../games')]);
  }, 120_000);

  it("shows 'Loading game...' until the workspace arrives, then the breadcrumbs and the game's tabs", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    mockWorkspaceApi(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/games/g1');

    // The lazy modules are warm (beforeAll); the waits stay generous for a busy machine.
    expect(
      await screen.findByRole('status', { name: GAME_TEXTS.loadingGame }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    answer({ body: makeWorkspace() });

    const crumbs = await screen.findByRole('link', { name: 'My Games' }, { timeout: 15_000 });
    expect(crumbs).toHaveAttribute('href', '/');
    expect(screen.getByText('Old Town Mystery', { selector: '[aria-current="page"]' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Game areas' });
    expect(within(tabs).getByRole('tab', { name: 'Design' })).toHaveAttribute('aria-selected', 'true');
    expect(within(tabs).getByRole('tab', { name: 'Settings' })).toBeInTheDocument();
  });

  it('cuts a very long title in the breadcrumbs and shows the whole of it on hover', async () => {
    const long = `The ${'very '.repeat(40)}long game`;
    mockWorkspaceApi(makeWorkspace({ game: { title: long } }));
    const { user } = renderApp('/games/g1');

    const crumb = await screen.findByText(long, { selector: '[aria-current="page"]' });
    expect(crumb).toHaveAttribute('data-truncate', 'end');
    await user.hover(crumb);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
  });

  it('blocks an archived game with the Oops alert and a Go Back button to the games', async () => {
    mockWorkspaceApi(makeWorkspace({ game: { isArchived: true } }));
    const { user, pathname } = renderApp('/games/g1/items/create/0');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(GAME_TEXTS.gameArchivedAlert.title)).toBeInTheDocument();
    expect(within(alert).getByText(GAME_TEXTS.gameArchivedAlert.body)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Design elements' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Go Back' }));
    await waitFor(() => expect(pathname()).toBe('/'));
  });

  it("says 'Game not found. Sorry.' for an unknown game", async () => {
    mockWorkspaceApi({ status: 404, body: { message: 'Game not found' } });
    renderApp('/games/g1');
    expect(await screen.findByText(GAME_TEXTS.gameNotFound)).toBeInTheDocument();
  });

  it('shows a fallback text for an unknown object type or action', async () => {
    mockWorkspaceApi(makeWorkspace());
    renderApp('/games/g1/dragons/fly/0');
    expect(await screen.findByText('There is nothing here: unknown object type or action.')).toBeInTheDocument();
  });

  it('lists scenes, items (the currency too), non-player characters, object types with their world objects and offers', async () => {
    const workspace = makeWorkspace({
      scenes: [makeEntity('harbour'), makeEntity('market')],
      items: [makeEntity('key'), makeEntity('coins', { isCurrency: true })],
      characters: [makeEntity('captain'), makeEntity('me', { isPlayer: true })],
      archetypes: [makeEntity('chest'), makeEntity('barrel')],
      offers: [makeEntity('coffee')],
    });
    const state = {
      has: {
        object: {
          harbour: { o1: { id: 'o1', name: 'Old chest', sceneId: 'harbour', archetypeId: 'chest', type: 'object' } },
        },
        offer: {},
      },
    };
    (workspace.current as unknown as { initialState: unknown }).initialState = state;
    mockWorkspaceApi(workspace);
    const { user } = renderApp('/games/g1');

    const sidebar = await screen.findByRole('navigation', { name: 'Design elements' });
    const scenes = within(sidebar).getByRole('list', { name: 'Scenes' });
    expect(within(scenes).getByRole('link', { name: /harbour/ })).toHaveAttribute(
      'href',
      '/games/g1/scenes/show/harbour',
    );

    await user.click(within(sidebar).getByText('Items'));
    const items = within(sidebar).getByRole('list', { name: 'Items' });
    expect(within(items).getByRole('link', { name: /key/ })).toBeInTheDocument();
    expect(within(items).getByRole('link', { name: /coins/ })).toBeInTheDocument();

    await user.click(within(sidebar).getByText('Characters'));
    const characters = within(sidebar).getByRole('list', { name: 'Characters' });
    expect(within(characters).getByRole('link', { name: /captain/ })).toBeInTheDocument();
    expect(within(characters).queryByRole('link', { name: /^me/ })).not.toBeInTheDocument();

    await user.click(within(sidebar).getByText('Attributes'));
    expect(
      within(within(sidebar).getByRole('list', { name: 'Attributes' })).getByText(DESIGN_TEXTS.noItems),
    ).toBeInTheDocument();

    await user.click(within(sidebar).getByText('Object Types'));
    expect(
      within(within(sidebar).getByRole('list', { name: 'chest' })).getByRole('link', { name: 'Old chest' }),
    ).toHaveAttribute('href', '/games/g1/initialState/edit/o1/objects');
    expect(
      within(within(sidebar).getByRole('list', { name: 'barrel' })).getByText(DESIGN_TEXTS.notUsedYet),
    ).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'New chest' })).toHaveAttribute(
      'href',
      '/games/g1/initialState/create/chest/objects',
    );

    await user.click(within(sidebar).getAllByText('Offers').at(-1)!);
    expect(within(sidebar).getByRole('link', { name: DESIGN_TEXTS.addOfferToWorld('coffee') })).toHaveAttribute(
      'href',
      '/games/g1/initialState/create/coffee/offers',
    );
  });

  it('shows the empty texts and disables every New button without the edit right', async () => {
    mockWorkspaceApi(makeWorkspace({ game: { rights: ['view'] }, offers: [makeEntity('coffee')] }));
    const { user } = renderApp('/games/g1');

    const sidebar = await screen.findByRole('navigation', { name: 'Design elements' });
    expect(
      within(within(sidebar).getByRole('list', { name: 'Scenes' })).getByText(DESIGN_TEXTS.noItems),
    ).toBeInTheDocument();
    const newScene = within(sidebar).getByRole('button', { name: 'New Scene' });
    expect(newScene).toBeDisabled();
    for (const label of [
      'New Milestone',
      'New Mission',
      'New Item',
      'New Character',
      'New Attribute',
      'New Object type',
      'New Offer',
    ]) {
      expect(within(sidebar).getByRole('button', { name: label })).toBeDisabled();
    }
    await user.click(within(sidebar).getByText('Object Types'));
    expect(within(sidebar).getByText(DESIGN_TEXTS.noObjects)).toBeInTheDocument();
    await user.click(within(sidebar).getAllByText('Offers').at(-1)!);
    expect(within(sidebar).getByRole('button', { name: DESIGN_TEXTS.addOfferToWorld('coffee') })).toBeDisabled();
    // Only the Design tab without the edit right.
    expect(within(screen.getByRole('tablist', { name: 'Game areas' })).getAllByRole('tab')).toHaveLength(1);
  });

  it('opens and closes a sidebar section from the keyboard: its heading is a button', async () => {
    mockWorkspaceApi(makeWorkspace({ items: [makeEntity('key')] }));
    const { user } = renderApp('/games/g1');

    // (the file's lazy modules may come cold)
    const sidebar = await screen.findByRole('navigation', { name: 'Design elements' }, { timeout: 15_000 });
    const items = within(sidebar).getByRole('button', { name: 'Items' });
    expect(items).toHaveAttribute('aria-expanded', 'false');
    items.focus();
    await user.keyboard('{Enter}');
    expect(items).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(within(sidebar).getByRole('list', { name: 'Items' })).getByRole('link', { name: /key/ }),
    ).toBeVisible();
    await user.keyboard(' ');
    expect(items).toHaveAttribute('aria-expanded', 'false');
    expect(within(sidebar).queryByRole('list', { name: 'Items' })).not.toBeInTheDocument();
    // Share sits beside the game's tabs, not among them.
    const tabs = screen.getByRole('tablist', { name: 'Game areas' });
    expect(within(tabs).queryByRole('button')).not.toBeInTheDocument();
  });
});
