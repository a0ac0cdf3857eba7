import { ACTIONS, DESIGN_MESSAGES, NAMED_ACTORS, actionGroupsFor } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  GAME_ID,
  choose,
  fill,
  designApi,
  entity,
  makeWorkspace,
  optionsOf,
  renderRoute,
} from '../conditions/test-support';
import { ActionsEditor } from './ActionsEditor';
import type { ActionValue, ActionsContext } from './action-values';

const UI_TEST_TIMEOUT_MS = 40_000;

const workspace = makeWorkspace({
  items: [entity('i1', 'key', { title: 'Old key' })],
  attributes: [entity('a1', 'courage', { title: 'Courage' })],
  characters: [
    entity('c1', 'keeper', { title: 'Lighthouse keeper', isPlayer: false }),
    entity('c2', 'me', { title: 'The player', isPlayer: true }),
  ],
  interactions: [
    entity('i-info', 'welcome', { title: 'Welcome', type: 'INTER_INSPECT_INFO' }),
    entity('i-q', 'gate-question', { title: 'Gate', type: 'INTER_ANSWER_QUESTION' }),
  ],
});

function Harness({
  initial = [],
  context,
  errors = {},
}: {
  initial?: ActionValue[];
  context?: ActionsContext;
  errors?: Record<string, string>;
}) {
  const [value, setValue] = useState<ActionValue[]>(initial);
  return (
    <>
      <ActionsEditor
        value={value}
        onChange={setValue}
        errors={errors}
        errorPath="sideeffects"
        readOnly={false}
        gameId={GAME_ID}
        title="Then"
        context={context}
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function renderActions(props: Parameters<typeof Harness>[0] = {}, stored = workspace) {
  designApi(stored);
  return renderRoute(<Harness {...props} />, '/games/:gameId', `/games/${GAME_ID}`);
}

const currentValue = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as ActionValue[];
const action = (number: number) => screen.getByRole('group', { name: `Then: Action ${number}` });

describe('#design.ActionsEditor', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('offers the actors and, grouped, only the actions the actor may perform', async () => {
    const { user } = renderActions();
    await user.click(await screen.findByRole('button', { name: 'Add action (Then)' }));

    expect(await optionsOf(user, /^Who acts/, action(1))).toEqual([
      ...Object.values(NAMED_ACTORS),
      'Lighthouse keeper (keeper)',
    ]);
    const gameActions = actionGroupsFor('system').flatMap((group) => group.actions.map((name) => ACTIONS[name].label));
    expect(await optionsOf(user, /^Action/, action(1))).toEqual(gameActions);

    await choose(user, /^Who acts/, 'World', action(1));
    const worldActions = await optionsOf(user, /^Action/, action(1));
    expect(worldActions).toContain(ACTIONS.giveToWorld.label);
    expect(worldActions).not.toContain(ACTIONS.askQuestion.label);
  });

  it("shows 'what' only when the action needs one, of the kinds it allows", async () => {
    const { user } = renderActions();
    await user.click(await screen.findByRole('button', { name: 'Add action (Then)' }));

    await choose(user, /^Action/, ACTIONS.endGame.label, action(1));
    expect(within(action(1)).queryByRole('combobox', { name: /^Interaction|^Item|^Scene/ })).not.toBeInTheDocument();

    await choose(user, /^Action/, ACTIONS.showInfo.label, action(1));
    expect(await optionsOf(user, /^Interaction/, action(1))).toEqual(['Welcome (welcome)']);

    await choose(user, /^Action/, ACTIONS.giveToPlayer.label, action(1));
    expect(await optionsOf(user, /^Item or Attribute/, action(1))).toEqual(['Old key (key)', 'Courage (courage)']);
    await choose(user, /^Item or Attribute/, 'Courage (courage)', action(1));
    await fill(user, within(action(1)).getByRole('textbox', { name: /^Amount/ }), '5');
    expect(currentValue()[0]).toMatchObject({
      actorId: 'system',
      actionName: 'giveToPlayer',
      actionArgs: { what: 'a1', value: 5 },
    });

    await choose(user, /^Action/, ACTIONS.showNotification.label, action(1));
    expect(within(action(1)).queryByRole('textbox', { name: /^Amount/ })).not.toBeInTheDocument();
    expect(within(action(1)).getByRole('textbox', { name: /^Notification text/ })).toBeInTheDocument();
  });

  it('refuses a second blocking action with the spec message', async () => {
    const { user } = renderActions();
    await user.click(await screen.findByRole('button', { name: 'Add action (Then)' }));
    await choose(user, /^Action/, ACTIONS.showInfo.label, action(1));
    await user.click(screen.getByRole('button', { name: 'Add action (Then)' }));

    await choose(user, /^Action/, ACTIONS.askQuestion.label, action(2));
    expect(within(action(2)).getByRole('combobox', { name: /^Action/ })).toHaveAccessibleDescription(
      DESIGN_MESSAGES.atMostOneBlockingAction,
    );
    expect(currentValue()[1]?.actionName).toBe('');

    // A non-blocking action is fine.
    await choose(user, /^Action/, ACTIONS.giveToPlayer.label, action(2));
    expect(currentValue()[1]?.actionName).toBe('giveToPlayer');
  });

  it('shows the list errors and reorders and removes actions', async () => {
    const { user } = renderActions({
      initial: [
        { actorId: 'system', actionName: 'endGame', actionArgs: {} },
        { actorId: 'system', actionName: 'completeGame', actionArgs: {} },
      ],
      errors: { sideeffects: DESIGN_MESSAGES.atLeastOneAction },
    });
    expect(await screen.findByText(DESIGN_MESSAGES.atLeastOneAction)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move action 2 up' }));
    expect(currentValue().map((one) => one.actionName)).toEqual(['completeGame', 'endGame']);
    await user.click(screen.getByRole('button', { name: 'Remove action 1' }));
    expect(currentValue().map((one) => one.actionName)).toEqual(['endGame']);
  });

  it("changes a number property with a mode and picks the conversation's statements", async () => {
    const { user } = renderActions({
      context: {
        payloadSpec: { score: { type: 'number', label: 'Score' }, caption: { type: 'string', label: 'Caption' } },
        conversation: { statements: [{ id: 'st1', body: '<p>Hello there</p>' }] },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add action (Then)' }));

    await choose(user, /^Action/, ACTIONS.mutateObject.label, action(1));
    expect(within(action(1)).queryByRole('combobox', { name: /^How/ })).not.toBeInTheDocument();
    await choose(user, /^Property/, 'Score', action(1));
    expect(await optionsOf(user, /^How/, action(1))).toEqual(['+ increase by', '- decrease by', '= set to']);
    await choose(user, /^How/, '- decrease by', action(1));
    await fill(user, within(action(1)).getByRole('textbox', { name: /^Amount/ }), '2');
    expect(currentValue()[0]?.actionArgs).toEqual({ what: 'score', numberPropHow: '-', value: 2 });

    await choose(user, /^Action/, ACTIONS.sayStatement.label, action(1));
    expect(await optionsOf(user, /^Statement/, action(1))).toEqual(['Hello there']);
  });

  it("offers a rule's mutateObject the payload properties of all the workspace's object types", async () => {
    const { user } = renderActions(
      {},
      makeWorkspace({
        archetypes: [
          entity('ar1', 'lantern', {
            payloadSpec: { score: { type: 'number', label: 'Score' }, caption: { type: 'string', label: 'Caption' } },
          }),
          entity('ar2', 'note', {
            payloadSpec: { caption: { type: 'text', label: 'Note text' }, color: { type: 'string' } },
          }),
        ],
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Add action (Then)' }));

    await choose(user, /^Action/, ACTIONS.mutateObject.label, action(1));
    expect(await optionsOf(user, /^Property/, action(1))).toEqual(['Caption (caption)', 'color', 'Score (score)']);
    await choose(user, /^Property/, 'Score (score)', action(1));
    expect(currentValue()[0]?.actionArgs).toMatchObject({ what: 'score' });
  });
});
