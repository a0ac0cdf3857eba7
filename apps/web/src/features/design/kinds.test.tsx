import { DESIGN_KINDS } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeWorkspace, mockWorkspaceApi } from './common/test-workspace';
import { DESIGN_KIND_VIEWS, kindRoutes } from './kinds';

// The 32 workspace paths the console answered when they were listed by hand: none may go missing.
const HAND_LISTED_PATHS = [
  'scenes/show/:sceneId',
  'scenes/create/0',
  'scenes/edit/:entityId',
  'items/create/0',
  'items/edit/:entityId',
  'characters/create/0',
  'characters/edit/:entityId',
  'attributes/create/0',
  'attributes/edit/:entityId',
  'locations/create/0',
  'locations/create/0/:sceneId',
  'locations/edit/:entityId',
  'gameVersions/compare/:entityId',
  'gameVersions/create/0',
  'gameVersions/edit/:entityId',
  'rules/create/0/:sceneId',
  'rules/edit/:entityId',
  'interactions/create/0/:interactionType',
  'interactions/edit/:entityId',
  'missions/create/0',
  'missions/edit/:entityId',
  'milestones/create/0',
  'milestones/edit/:entityId',
  'archetypes/create/0',
  'archetypes/edit/:entityId',
  'offers/create/0',
  'offers/edit/:entityId',
  'initialState/manage-objects/0',
  'initialState/manage-offers/0',
  'initialState/create/:typeId/objects',
  'initialState/create/:typeId/offers',
  'initialState/edit/:entityId/objects',
  'initialState/edit/:entityId/offers',
  'initialState/objects/:entityId',
  'initialState/offers/:entityId',
];

describe('#design.kinds', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("has a row for every design kind of the domain, with the domain's path segment and an edit route", () => {
    for (const kind of DESIGN_KINDS) {
      const view = DESIGN_KIND_VIEWS.find((candidate) => candidate.kind === kind);
      expect(view, kind).toBeDefined();
      expect(view?.routes.map((route) => route.path)).toContain('edit/:entityId');
    }
  });

  it('makes every route the workspace had, and no path twice', () => {
    const paths = kindRoutes().map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...HAND_LISTED_PATHS].sort());
  });

  it("shows a sidebar section per registry row, in the registry's order", async () => {
    mockWorkspaceApi(makeWorkspace());
    renderApp('/games/g1');
    const nav = await screen.findByRole('navigation', { name: 'Design elements' });
    const headings = DESIGN_KIND_VIEWS.filter((view) => view.sidebar).map((view) => view.kind);
    expect(headings).toEqual([
      'scene',
      'milestone',
      'mission',
      'interaction',
      'gameVersion',
      'world',
      'item',
      'character',
      'attribute',
      'archetype',
      'offer',
    ]);
    const labels = [
      'Scenes',
      'Milestones',
      'Missions',
      'Interactions',
      'Game Versions',
      'Initial World',
      'Items',
      'Characters',
      'Attributes',
      'Object Types',
      'Offers',
    ];
    const shown = within(nav)
      .getAllByText((_, element) => element?.classList.contains('mantine-NavLink-label') ?? false)
      .map((element) => element.textContent);
    // The Problems panel and the story graph come right after the overview.
    expect(shown).toEqual(['Overview', 'Problems', 'Story graph', ...labels, 'Translations']);
    // Every kind with a New button offers it beside its heading.
    for (const label of ['Scene', 'Milestone', 'Mission', 'Interaction', 'Game version', 'Item', 'Character']) {
      expect(
        within(nav).getByRole(label === 'Interaction' ? 'button' : 'link', { name: `New ${label}` }),
      ).toBeInTheDocument();
    }
  });

  it('opens each form from its route inside the workspace, not the fallback', async () => {
    mockWorkspaceApi(makeWorkspace());
    const { unmount } = renderApp('/games/g1/milestones/create/0');
    // The first render of a lazily loaded form compiles it (slow in a test run).
    expect(await screen.findByRole('form', { name: 'New milestone' }, { timeout: 20_000 })).toBeInTheDocument();
    unmount();
  });
});
