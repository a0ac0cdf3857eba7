import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import type { MockRequest } from '../../../test/api-mock';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';
import { QUICK_PLACEHOLDER_TEXT, uniqueName } from './quick-rules';

const harbour = makeEntity('harbour', { name: 'harbour', title: 'The Harbour' });
const finale = makeEntity('finale', { name: 'finale', title: 'Finale' });
const pier = makeEntity('pier', { name: 'pier', title: 'Old pier', sceneId: 'harbour', radius: 50 });
const welcome = makeEntity('welcome', { name: 'Welcome', title: 'Welcome', type: 'INTER_INSPECT_INFO' });
const key = makeEntity('key', { name: 'Key', title: 'Bronze key' });
const workspace = makeWorkspace({
  scenes: [harbour, finale],
  locations: [pier],
  interactions: [welcome],
  items: [key],
});

/** The server's answer to a rule created: the rule as sent, with its id. */
const ruleCreated = (request: MockRequest) => ({
  status: 201,
  body: { ...(request.body as object), id: 'r1', gameId: 'g1', idx: 1 },
});

describe('quick rules (issue 30)', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('writes "when a player arrives here: show Welcome" from a place in two clicks, as an ordinary rule', async () => {
    const api = mockWorkspaceApi(workspace, {
      'POST /api/design/g1/rules': ruleCreated,
    });
    const { user } = renderApp('/games/g1/scenes/show/harbour?tab=places');

    await user.click(await screen.findByRole('button', { name: 'When a player arrives at Old pier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Welcome' }));

    await waitFor(() => expect(api.callsTo('POST /api/design/g1/rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/design/g1/rules')[0]?.body).toMatchObject({
      name: 'Old pier: show Welcome',
      sceneId: 'harbour',
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
      fireOnce: true,
      sideeffects: [{ actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'welcome' } }],
    });
    expect(await screen.findByText('Rule Old pier: show Welcome created')).toBeInTheDocument();
  });

  it('creates the missing info box from the rule, then opens it', async () => {
    const api = mockWorkspaceApi(workspace, {
      'POST /api/design/g1/interactions': (request) => ({
        status: 201,
        body: { ...(request.body as object), id: 'new-info', gameId: 'g1' },
      }),
      'POST /api/design/g1/rules': ruleCreated,
    });
    const { user, pathname, search } = renderApp('/games/g1/scenes/show/harbour?tab=places');

    await user.click(await screen.findByRole('button', { name: 'When a player arrives at Old pier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'New info box' }));

    await waitFor(() => expect(api.callsTo('POST /api/design/g1/rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/design/g1/interactions')[0]?.body).toMatchObject({
      type: 'INTER_INSPECT_INFO',
      name: 'Old pier',
      title: 'Old pier',
      description: QUICK_PLACEHOLDER_TEXT,
    });
    expect(api.callsTo('POST /api/design/g1/rules')[0]?.body).toMatchObject({
      sideeffects: [{ actionName: 'showInfo', actionArgs: { what: 'new-info' } }],
    });
    await waitFor(() => expect(pathname()).toBe('/games/g1/interactions/edit/new-info'));
    // Saved, it goes back to the scene's places it was made from.
    expect(search()).toBe(`?returnTo=${encodeURIComponent('scenes/show/harbour?tab=places')}`);
  });

  it('writes "when this scene starts: go to Finale" from the scene script', async () => {
    const api = mockWorkspaceApi(workspace, {
      'POST /api/design/g1/rules': ruleCreated,
    });
    const { user } = renderApp('/games/g1/scenes/show/harbour');

    await user.click(await screen.findByRole('button', { name: 'When this scene starts' }));
    const menu = await screen.findByRole('menu');
    // The scene itself is not offered as a scene to go to.
    expect(within(menu).queryByRole('menuitem', { name: 'The Harbour' })).not.toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Finale' }));

    await waitFor(() => expect(api.callsTo('POST /api/design/g1/rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/design/g1/rules')[0]?.body).toMatchObject({
      name: 'Start of The Harbour: go to Finale',
      sceneId: 'harbour',
      trigger: { conditionType: 'player-scene', verb: 'has_entered', elementId: 'harbour' },
      sideeffects: [{ actorId: 'system', actionName: 'goToScene', actionArgs: { what: 'finale' } }],
    });
  });

  it('writes "show this when a player arrives at Old pier" from the info box form', async () => {
    const api = mockWorkspaceApi(workspace, {
      'POST /api/design/g1/rules': ruleCreated,
    });
    const { user } = renderApp('/games/g1/interactions/edit/welcome');

    await user.click(await screen.findByRole('button', { name: 'Show this when…' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Old pier' }));

    await waitFor(() => expect(api.callsTo('POST /api/design/g1/rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/design/g1/rules')[0]?.body).toMatchObject({
      sceneId: 'harbour',
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
      sideeffects: [{ actionName: 'showInfo', actionArgs: { what: 'welcome' } }],
    });
  });

  it('ends the game from a place: "when a player arrives here: the player completes the game"', async () => {
    const api = mockWorkspaceApi(workspace, {
      'POST /api/design/g1/rules': ruleCreated,
    });
    const { user } = renderApp('/games/g1/scenes/show/harbour?tab=places');

    await user.click(await screen.findByRole('button', { name: 'When a player arrives at Old pier' }));
    await user.click(await screen.findByRole('menuitem', { name: 'The player completes the game' }));

    await waitFor(() => expect(api.callsTo('POST /api/design/g1/rules')).toHaveLength(1));
    const rule = api.callsTo('POST /api/design/g1/rules')[0]?.body as { sideeffects: Array<{ actionArgs: object }> };
    expect(rule).toMatchObject({
      name: 'Old pier: complete the game',
      sceneId: 'harbour',
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
      sideeffects: [{ actorId: 'system', actionName: 'completeGame' }],
    });
    // The game's own action names nothing.
    expect(rule.sideeffects[0]?.actionArgs).not.toHaveProperty('what');
  });

  it('ends the game after a question in one click: a milestone holds "answered", reaching it completes the game', async () => {
    const question = makeEntity('domes', { name: 'Domes', title: 'Domes', type: 'INTER_ANSWER_QUESTION' });
    const asking = makeEntity('ask-domes', {
      name: 'Old pier: ask Domes',
      sceneId: 'finale',
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
      sideeffects: [{ actorId: 'system', actionName: 'askQuestion', actionArgs: { what: 'domes' } }],
    });
    const api = mockWorkspaceApi(
      makeWorkspace({
        scenes: [harbour, finale],
        locations: [pier],
        interactions: [welcome, question],
        rules: [asking],
      }),
      {
        'POST /api/design/g1/milestones': (request) => ({
          status: 201,
          body: { ...(request.body as object), id: 'answered', gameId: 'g1' },
        }),
        'POST /api/design/g1/rules': (request) => ({
          status: 201,
          body: { ...(request.body as object), id: 'r2', gameId: 'g1', idx: 2 },
        }),
      },
    );
    const { user } = renderApp('/games/g1/interactions/edit/domes');

    await user.click(await screen.findByRole('button', { name: 'End the game after this' }));

    await waitFor(() => expect(api.callsTo('POST /api/design/g1/rules')).toHaveLength(1));
    // 'Has answered' is no trigger verb (spec 4 §2): a milestone holds it.
    expect(api.callsTo('POST /api/design/g1/milestones')[0]?.body).toMatchObject({
      name: 'Done with Domes',
      condition: [{ conditions: [{ conditionType: 'player-question', verb: 'has_answered', elementId: 'domes' }] }],
    });
    expect(api.callsTo('POST /api/design/g1/rules')[0]?.body).toMatchObject({
      name: 'After Domes: complete the game',
      sceneId: 'finale',
      trigger: { conditionType: 'milestone', verb: 'has_reached', elementId: 'answered' },
      sideeffects: [{ actorId: 'system', actionName: 'completeGame' }],
    });
    expect(await screen.findByText('Rule After Domes: complete the game created')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'The game ends after this' })).toBeDisabled();
  });

  it('ends the game after an info box the scene shows: its "has seen" is the trigger itself', async () => {
    const showing = makeEntity('show-welcome', {
      name: 'Start of The Harbour: show Welcome',
      sceneId: 'harbour',
      trigger: { conditionType: 'player-scene', verb: 'has_entered', elementId: 'harbour' },
      sideeffects: [{ actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'welcome' } }],
    });
    const api = mockWorkspaceApi(
      makeWorkspace({ scenes: [harbour, finale], locations: [pier], interactions: [welcome], rules: [showing] }),
      {
        'POST /api/design/g1/rules': (request) => ({
          status: 201,
          body: { ...(request.body as object), id: 'r3', gameId: 'g1', idx: 2 },
        }),
      },
    );
    const { user } = renderApp('/games/g1/interactions/edit/welcome');

    await user.click(await screen.findByRole('button', { name: 'End the game after this' }));

    await waitFor(() => expect(api.callsTo('POST /api/design/g1/rules')).toHaveLength(1));
    expect(api.callsTo('POST /api/design/g1/milestones')).toHaveLength(0);
    expect(api.callsTo('POST /api/design/g1/rules')[0]?.body).toMatchObject({
      sceneId: 'harbour',
      trigger: { conditionType: 'player-info', verb: 'has_seen', elementId: 'welcome' },
      sideeffects: [{ actionName: 'completeGame' }],
    });
  });

  it('does not offer to end the game after an info box no rule shows yet', async () => {
    mockWorkspaceApi(workspace);
    renderApp('/games/g1/interactions/edit/welcome');

    expect(await screen.findByRole('button', { name: 'End the game after this' })).toBeDisabled();
  });

  it('makes a system name unique among the names of its kind, case-insensitively', () => {
    expect(uniqueName('Old pier', ['old PIER', 'Old pier 2'])).toBe('Old pier 3');
    expect(uniqueName('  ', [])).toBe('untitled');
  });
});
