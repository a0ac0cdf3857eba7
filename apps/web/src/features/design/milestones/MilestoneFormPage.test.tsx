import { CONDITION_TYPES, DESIGN_MESSAGES, DESIGN_TEXTS, verbLabel } from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAME_ID, choose, designApi, entity, fill, makeWorkspace, renderRoute } from '../conditions/test-support';
import { MilestoneFormPage } from './MilestoneFormPage';

const UI_TEST_TIMEOUT_MS = 40_000;

const CREATE = '/games/:gameId/milestones/create/0';
const EDIT = '/games/:gameId/milestones/edit/:entityId';
const workspace = makeWorkspace({
  scenes: [entity('s1', 'harbour', { title: 'The Harbour' })],
  milestones: [
    entity('ms1', 'harbour-done', {
      notes: '',
      condition: [{ conditions: [{ conditionType: 'player-scene', verb: 'has_visited', elementId: 's1' }] }],
    }),
  ],
});

describe('#design.milestones form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it("creates a milestone with its condition blocks, toasts 'Milestone {name} created' and returns to the game", async () => {
    const api = designApi(workspace, {
      [`POST /api/design/${GAME_ID}/milestones`]: ({ body }) => ({
        status: 201,
        body: { ...(body as object), id: 'ms2' },
      }),
    });
    const { user, pathname } = renderRoute(<MilestoneFormPage />, CREATE, `/games/${GAME_ID}/milestones/create/0`);

    await fill(user, await screen.findByRole('textbox', { name: /^System name/ }), 'halfway');
    await user.click(screen.getByRole('button', { name: 'Add condition block' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const block = screen.getByRole('group', { name: 'Condition block 1' });
    expect(await within(block).findByRole('combobox', { name: /^Condition type/ })).toHaveAccessibleDescription(
      DESIGN_MESSAGES.required,
    );

    await choose(user, /^Condition type/, CONDITION_TYPES['player-scene'].label, block);
    await choose(user, /^Scene/, 'The Harbour (harbour)', block);
    await choose(user, /^Verb/, verbLabel('has_exited'), block);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`POST /api/design/${GAME_ID}/milestones`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/design/${GAME_ID}/milestones`)[0]?.body).toEqual({
      gameId: GAME_ID,
      name: 'halfway',
      notes: '',
      condition: [
        {
          conditions: [{ conditionType: 'player-scene', verb: 'has_exited', elementId: 's1' }],
          andOrConditions: 'and',
          andOrNextBlock: 'or',
        },
      ],
    });
    expect(await screen.findByText(DESIGN_TEXTS.milestoneCreated('halfway'))).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe(`/games/${GAME_ID}`));
  });

  it("deletes a milestone after 'Are you really sure?' and returns to the game", async () => {
    const api = designApi(workspace, {
      [`DELETE /api/design/${GAME_ID}/milestones/ms1`]: { body: { success: true, deleted: [] } },
    });
    const { user, pathname } = renderRoute(<MilestoneFormPage />, EDIT, `/games/${GAME_ID}/milestones/edit/ms1`);

    expect(await screen.findByRole('textbox', { name: /^System name/ })).toHaveValue('harbour-done');
    expect(screen.getByRole('group', { name: 'Condition block 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(DESIGN_TEXTS.confirmDelete)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.callsTo(`DELETE /api/design/${GAME_ID}/milestones/ms1`)).toHaveLength(1));
    expect(await screen.findByText(DESIGN_TEXTS.milestoneDeleted)).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe(`/games/${GAME_ID}`));
  });
});
