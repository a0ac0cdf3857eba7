import {
  ACTIONS,
  CONDITION_TYPES,
  DESIGN_MESSAGES,
  DESIGN_TEXTS,
  FORM_ERROR_MESSAGE,
  LOCK_DURATION_SECONDS,
  verbLabel,
} from '@loci/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GAME_ID,
  choose,
  fill,
  designApi,
  entity,
  makeWorkspace,
  mentioning,
  renderRoute,
} from '../conditions/test-support';
import { RuleFormPage } from './RuleFormPage';

const UI_TEST_TIMEOUT_MS = 60_000;

const storedRule = entity('r1', 'arrive', {
  sceneId: 's1',
  idx: 1,
  notes: '',
  trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'l1' },
  fireOnce: true,
  triggerPreconditions: [{ conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: 'i1' }] }],
  sideeffects: [{ actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'i-info' }, notify: false }],
  sideeffectselse: [],
});

function workspace(rights = ['edit', 'view']) {
  return makeWorkspace(
    {
      locations: [entity('l1', 'lighthouse', { title: 'Lighthouse' })],
      items: [entity('i1', 'key', { title: 'Old key' })],
      interactions: [entity('i-info', 'welcome', { title: 'Welcome', type: 'INTER_INSPECT_INFO' })],
      rules: [storedRule],
    },
    rights,
  );
}

const CREATE = ['/games/:gameId/rules/create/0/:sceneId', `/games/${GAME_ID}/rules/create/0/s1`] as const;
const EDIT = ['/games/:gameId/rules/edit/:entityId', `/games/${GAME_ID}/rules/edit/r1`] as const;

const section = (name: string) => screen.getByRole('group', { name });

describe('#design.rules form', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('creates a rule of the scene in the shape of spec 4 and returns to the scene', async () => {
    const api = designApi(workspace(), {
      [`POST /api/design/${GAME_ID}/rules`]: ({ body }) => ({
        status: 201,
        body: { ...(body as object), id: 'r2', idx: 2 },
      }),
    });
    const { user, pathname } = renderRoute(<RuleFormPage />, CREATE[0], CREATE[1]);

    await fill(user, await screen.findByRole('textbox', { name: /^System name/ }), 'enter lighthouse');
    const trigger = section('Trigger');
    await choose(user, /^Condition type/, CONDITION_TYPES['player-location'].label, trigger);
    await choose(user, /^Place/, 'Lighthouse (lighthouse)', trigger);
    await choose(user, /^Verb/, verbLabel('has_entered'), trigger);

    await user.click(screen.getByRole('button', { name: 'Add condition block' }));
    const block = section('Condition block 1');
    await choose(user, /^Condition type/, CONDITION_TYPES['player-some-item'].label, block);
    await choose(user, /^Item/, 'Old key (key)', block);
    await fill(user, within(block).getByRole('textbox', { name: /^Number/ }), '2');

    await user.click(screen.getByRole('button', { name: 'Add action (Then)' }));
    const then = section('Then: Action 1');
    await choose(user, /^Action/, ACTIONS.showInfo.label, then);
    await choose(user, /^Interaction/, 'Welcome (welcome)', then);
    await user.click(screen.getByRole('button', { name: 'Add action (Else)' }));
    const otherwise = section('Else: Action 1');
    await choose(user, /^Action/, ACTIONS.showNotification.label, otherwise);
    await fill(user, within(otherwise).getByRole('textbox', { name: /^Notification text/ }), 'Bring the key');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo(`POST /api/design/${GAME_ID}/rules`)).toHaveLength(1));
    expect(api.callsTo(`POST /api/design/${GAME_ID}/rules`)[0]?.body).toEqual({
      gameId: GAME_ID,
      name: 'enter lighthouse',
      notes: '',
      sceneId: 's1',
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'l1' },
      fireOnce: true,
      triggerPreconditions: [
        {
          conditions: [
            { conditionType: 'player-some-item', verb: 'owns', elementId: 'i1', some: 'at_least', someNumber: 2 },
          ],
          andOrConditions: 'and',
          andOrNextBlock: 'or',
        },
      ],
      sideeffects: [{ actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'i-info' }, notify: false }],
      sideeffectselse: [
        { actorId: 'system', actionName: 'showNotification', actionArgs: { msg: 'Bring the key' }, notify: false },
      ],
    });
    expect(await screen.findByText(DESIGN_TEXTS.created('enter lighthouse'))).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe(`/games/${GAME_ID}/scenes/show/s1`));
  });

  it('checks the rule with the domain rules before sending it', async () => {
    const api = designApi(workspace());
    const { user } = renderRoute(<RuleFormPage />, CREATE[0], CREATE[1]);

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    expect(screen.getByText(DESIGN_MESSAGES.atLeastOneAction)).toBeInTheDocument();
    expect(within(section('Trigger')).getByRole('combobox', { name: /^Condition type/ })).toHaveAccessibleDescription(
      mentioning(DESIGN_MESSAGES.required),
    );
    expect(screen.getByRole('textbox', { name: /^System name/ })).toHaveAccessibleDescription(
      mentioning(DESIGN_MESSAGES.required),
    );
    expect(api.callsTo(`POST /api/design/${GAME_ID}/rules`)).toHaveLength(0);
  });

  it("shows the server's field errors under their controls, and toasts 'Rule {name} saved'", async () => {
    let answer = 0;
    const api = designApi(workspace(), {
      [`PATCH /api/design/${GAME_ID}/rules/r1`]: ({ body }) =>
        ++answer === 1
          ? {
              status: 400,
              body: {
                message: 'Invalid',
                errors: { 'sideeffects.0.actionArgs.what': 'Not an interaction of this game' },
              },
            }
          : { body: { ...(body as object), id: 'r1', idx: 1 } },
    });
    const { user, pathname } = renderRoute(<RuleFormPage />, EDIT[0], EDIT[1]);

    expect(await screen.findByRole('textbox', { name: /^System name/ })).toHaveValue('arrive');
    await waitFor(() =>
      expect(api.callsTo('POST /api/design/cc')[0]?.body).toEqual({
        gameId: GAME_ID,
        kind: 'rule',
        id: 'r1',
        duration: LOCK_DURATION_SECONDS,
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const what = within(section('Then: Action 1')).getByRole('combobox', { name: /^Interaction/ });
    await waitFor(() => expect(what).toHaveAccessibleDescription('Not an interaction of this game'));
    expect(screen.getByRole('alert', { name: FORM_ERROR_MESSAGE })).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/design/${GAME_ID}/rules/r1`)[0]?.body).toMatchObject({
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'l1' },
      triggerPreconditions: [{ conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: 'i1' }] }],
    });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(DESIGN_TEXTS.ruleSaved('arrive'))).toBeInTheDocument();
    await waitFor(() => expect(pathname()).toBe(`/games/${GAME_ID}/scenes/show/s1`));
  });

  it('is read-only without the edit right, and Cancel returns to the scene', async () => {
    designApi(workspace(['view']));
    const { user, pathname } = renderRoute(<RuleFormPage />, EDIT[0], EDIT[1]);

    expect(await screen.findByRole('textbox', { name: /^System name/ })).toHaveValue('arrive');
    expect(within(section('Trigger')).getByRole('combobox', { name: /^Condition type/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Add action/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add condition block' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(pathname()).toBe(`/games/${GAME_ID}/scenes/show/s1`);
  });
});
