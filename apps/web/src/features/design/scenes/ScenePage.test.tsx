import { DESIGN_TEXTS } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

const harbour = makeEntity('harbour', { title: 'The Harbour', notes: 'x'.repeat(450) });
const pier = makeEntity('pier', { title: 'Old pier' });
const rules = [
  makeEntity('arrive', {
    sceneId: 'harbour',
    idx: 1,
    trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
  }),
  // A rule saved before its trigger was chosen stores the form's empty trigger.
  makeEntity('greet', { sceneId: 'harbour', idx: 2, trigger: { conditionType: '', verb: '' } }),
  makeEntity('leave', { sceneId: 'harbour', idx: 3, trigger: { conditionType: '', verb: '' } }),
  makeEntity('elsewhere', { sceneId: 'market', idx: 1, trigger: { conditionType: '', verb: '' } }),
];

function ruleNames() {
  const script = screen.getByRole('list', { name: 'Scene Script' });
  return within(script)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
}

describe('#design.scenes.show', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('lists the scene rules by idx and moves one down (POST move), the list following', async () => {
    // The server's state: the refetch after the move answers the swapped order.
    let stored = rules;
    const api = mockWorkspaceApi(
      () => ({ body: makeWorkspace({ scenes: [harbour], locations: [pier], rules: stored }) }),
      {
        'POST /api/design/g1/rules/arrive/move': () => {
          const moved = [
            { ...rules[0]!, idx: 2 },
            { ...rules[1]!, idx: 1 },
          ];
          stored = [...moved, ...rules.slice(2)];
          return { body: moved };
        },
      },
    );
    const { user } = renderApp('/games/g1/scenes/show/harbour');

    expect(await screen.findByRole('heading', { name: 'The Harbour' })).toBeInTheDocument();
    expect(ruleNames()).toEqual(['arrive', 'greet', 'leave']);
    // Each rule's trigger reads as a sentence under its name.
    const script = screen.getByRole('list', { name: 'Scene Script' });
    expect(within(script).getByText('Player has entered Old pier')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move arrive up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move leave down' })).toBeDisabled();
    // The description is cut at 400 characters.
    expect(screen.getByText(`${'x'.repeat(400)}…`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Settings/ })).toHaveAttribute(
      'href',
      '/games/g1/scenes/edit/harbour?returnTo=objectShow',
    );
    expect(screen.getByRole('link', { name: 'New rule' })).toHaveAttribute('href', '/games/g1/rules/create/0/harbour');

    await user.click(screen.getByRole('button', { name: 'Move arrive down' }));

    await waitFor(() => expect(ruleNames()).toEqual(['greet', 'arrive', 'leave']));
    expect(api.callsTo('POST /api/design/g1/rules/arrive/move')[0]?.body).toEqual({ direction: 'down' });
  });

  it('deletes a rule after the confirmation and shows the places and New place', async () => {
    const api = mockWorkspaceApi(
      makeWorkspace({
        scenes: [harbour],
        rules,
        locations: [makeEntity('pier', { title: 'The Pier', sceneId: 'harbour', radius: 50 })],
      }),
      { 'DELETE /api/design/g1/rules/greet': { body: { success: true, deleted: [] } } },
    );
    const { user } = renderApp('/games/g1/scenes/show/harbour');

    await user.click(await screen.findByRole('button', { name: 'Delete greet' }));
    expect(await screen.findByText(DESIGN_TEXTS.confirmDelete)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(DESIGN_TEXTS.deleted('Rule'))).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/design/g1/rules/greet')).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Scene Places' }));
    expect(screen.getByRole('link', { name: 'The Pier' })).toHaveAttribute('href', '/games/g1/locations/edit/pier');
    expect(screen.getByRole('link', { name: 'New place' })).toHaveAttribute(
      'href',
      '/games/g1/locations/create/0/harbour',
    );
    expect(screen.getByRole('tab', { name: 'Scene Map' })).toBeInTheDocument();
  });

  it('disables moving, deleting and New rule without the edit right, and has no map tabs on image games', async () => {
    mockWorkspaceApi(
      makeWorkspace({
        game: { rights: ['view'], pg: { ...makeWorkspace().game.pg, type: 'image' } },
        scenes: [harbour],
        rules,
      }),
    );
    renderApp('/games/g1/scenes/show/harbour');

    expect(await screen.findByRole('button', { name: 'Move arrive down' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete greet' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New rule' })).toBeDisabled();
    expect(screen.queryByRole('tab', { name: 'Scene Places' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Scene Map' })).not.toBeInTheDocument();
  });
});
