import { CONDITION_TYPES, DESIGN_MESSAGES, TRIGGER_CONDITION_TYPES, TRIGGER_VERBS, verbLabel } from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConditionBlocksEditor } from './ConditionBlocksEditor';
import { ConditionEditor } from './ConditionEditor';
import type { ConditionBlockValue, ConditionValue } from './condition-values';
import { GAME_ID, choose, fill, designApi, entity, makeWorkspace, optionsOf, renderRoute } from './test-support';

const UI_TEST_TIMEOUT_MS = 40_000;

const workspace = makeWorkspace({
  scenes: [entity('s1', 'harbour', { title: 'The Harbour' })],
  locations: [entity('l1', 'lighthouse', { title: 'Lighthouse' }), entity('l2', 'pier', { title: 'Pier' })],
  items: [entity('i1', 'key', { title: 'Old key' })],
  interactions: [
    entity('q1', 'riddle-quiz', {
      title: 'Riddles',
      type: 'INTER_QUIZ',
      questions: [
        { id: 'qa', title: 'What has keys?' },
        { id: 'qb', title: 'What runs but never walks?' },
      ],
    }),
    entity('i-info', 'welcome', { title: 'Welcome', type: 'INTER_INSPECT_INFO' }),
    entity('i-q', 'gate-question', { title: 'Gate', type: 'INTER_ANSWER_QUESTION' }),
  ],
});

function ConditionHarness({ triggerOnly = false, initial }: { triggerOnly?: boolean; initial?: ConditionValue }) {
  const [value, setValue] = useState<ConditionValue>(initial ?? { conditionType: '', verb: '' });
  return (
    <>
      <ConditionEditor
        value={value}
        onChange={setValue}
        errors={{}}
        errorPath="trigger"
        readOnly={false}
        gameId={GAME_ID}
        triggerOnly={triggerOnly}
        label="Condition under test"
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function renderCondition(props: { triggerOnly?: boolean; initial?: ConditionValue } = {}) {
  designApi(workspace);
  return renderRoute(<ConditionHarness {...props} />, '/games/:gameId', `/games/${GAME_ID}`);
}

const currentValue = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as ConditionValue;

describe('#design.ConditionEditor', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('offers the condition types grouped by family, and only the verbs of the chosen type', async () => {
    const { user } = renderCondition();

    const types = await optionsOf(user, /^Condition type/);
    expect(types).toHaveLength(Object.keys(CONDITION_TYPES).length);
    expect(screen.queryByRole('combobox', { name: /^Verb/ })).not.toBeInTheDocument();

    await choose(user, /^Condition type/, CONDITION_TYPES['player-mission'].label);
    expect(await optionsOf(user, /^Verb/)).toEqual(CONDITION_TYPES['player-mission'].verbs.map(verbLabel));

    await choose(user, /^Condition type/, CONDITION_TYPES['player-scene'].label);
    expect(await optionsOf(user, /^Verb/)).toEqual(CONDITION_TYPES['player-scene'].verbs.map(verbLabel));
    await choose(user, /^Verb/, verbLabel('not_has_visited'));
    expect(currentValue()).toMatchObject({ conditionType: 'player-scene', verb: 'not_has_visited' });
  });

  it('offers a trigger only the types that can trigger and only their trigger verbs', async () => {
    const { user } = renderCondition({ triggerOnly: true });

    const types = await optionsOf(user, /^Condition type/);
    expect(types).toEqual(expect.arrayContaining(TRIGGER_CONDITION_TYPES.map((type) => CONDITION_TYPES[type].label)));
    expect(types).toHaveLength(TRIGGER_CONDITION_TYPES.length);
    expect(types).not.toContain(CONDITION_TYPES['player-item'].label);

    await choose(user, /^Condition type/, CONDITION_TYPES['player-location'].label);
    const verbs = await optionsOf(user, /^Verb/);
    expect(verbs).toEqual(['has entered', 'has exited', 'has visited', 'has every member in']);
    for (const verb of verbs) {
      expect(TRIGGER_VERBS.map(verbLabel)).toContain(verb);
    }
  });

  it('lists the elements of the kind the type is about (and only quizzes for a quiz)', async () => {
    const { user } = renderCondition();

    await choose(user, /^Condition type/, CONDITION_TYPES['player-location'].label);
    expect(await optionsOf(user, /^Place/)).toEqual(['Lighthouse (lighthouse)', 'Pier (pier)']);

    await choose(user, /^Condition type/, CONDITION_TYPES['player-quiz'].label);
    expect(screen.queryByRole('combobox', { name: /^Place/ })).not.toBeInTheDocument();
    expect(await optionsOf(user, /^Interaction/)).toEqual(['Riddles (riddle-quiz)']);

    await choose(user, /^Condition type/, CONDITION_TYPES['player-info'].label);
    expect(await optionsOf(user, /^Interaction/)).toEqual(['Welcome (welcome)']);

    // Types about nothing in particular have no element.
    await choose(user, /^Condition type/, CONDITION_TYPES['player-game'].label);
    expect(screen.queryByRole('combobox', { name: /^Interaction/ })).not.toBeInTheDocument();
  });

  it('asks for the question of a quiz for the verbs said of one question', async () => {
    const { user } = renderCondition();

    await choose(user, /^Condition type/, CONDITION_TYPES['player-quiz'].label);
    await choose(user, /^Interaction/, 'Riddles (riddle-quiz)');
    await choose(user, /^Verb/, verbLabel('has_completed'));
    expect(screen.queryByRole('combobox', { name: /^Question/ })).not.toBeInTheDocument();

    await choose(user, /^Verb/, verbLabel('has_answered'));
    expect(await optionsOf(user, /^Question/)).toEqual(['What has keys?', 'What runs but never walks?']);
    await choose(user, /^Question/, 'What runs but never walks?');
    expect(currentValue()).toMatchObject({
      conditionType: 'player-quiz',
      elementId: 'q1',
      verb: 'has_answered',
      subElementId: 'qb',
    });
  });

  it('shows the count (some, someNumber) only for the types that count', async () => {
    const { user } = renderCondition();

    await choose(user, /^Condition type/, CONDITION_TYPES['player-item'].label);
    expect(screen.queryByRole('combobox', { name: /^Comparison/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Number/ })).not.toBeInTheDocument();

    await choose(user, /^Condition type/, CONDITION_TYPES['player-some-item'].label);
    // The type has a single verb: it is chosen.
    expect(screen.getByRole('combobox', { name: /^Verb/ })).toHaveValue(verbLabel('owns'));
    expect(await optionsOf(user, /^Comparison/)).toEqual(['at least', 'at most', 'exactly']);
    await choose(user, /^Comparison/, 'at most');
    await fill(user, screen.getByRole('textbox', { name: /^Number/ }), '3');
    expect(currentValue()).toMatchObject({
      conditionType: 'player-some-item',
      verb: 'owns',
      some: 'at_most',
      someNumber: 3,
    });

    // The currency counts without an element.
    await choose(user, /^Condition type/, CONDITION_TYPES['player-some-currency'].label);
    expect(screen.queryByRole('combobox', { name: /^Item/ })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /^Comparison/ })).toBeInTheDocument();
    expect(currentValue().someNumber).toBeUndefined();
  });

  it('asks for the code of a code condition and the status of a game-status one', async () => {
    const { user } = renderCondition();

    await choose(user, /^Condition type/, CONDITION_TYPES['player-code'].label);
    await fill(user, screen.getByRole('textbox', { name: /^Code/ }), 'LIGHT-42');
    expect(currentValue()).toMatchObject({ verb: 'has_typedscannedcode', designerInputString: 'LIGHT-42' });

    await choose(user, /^Condition type/, CONDITION_TYPES['game-status'].label);
    expect(screen.queryByRole('textbox', { name: /^Code/ })).not.toBeInTheDocument();
    expect(await optionsOf(user, /^Status/)).toEqual(['Completed', 'Active', 'Abandoned']);
  });
});

function BlocksHarness({
  errors = {},
  initial = [],
}: {
  errors?: Record<string, string>;
  initial?: ConditionBlockValue[];
}) {
  const [value, setValue] = useState<ConditionBlockValue[]>(initial);
  return (
    <>
      <ConditionBlocksEditor
        value={value}
        onChange={setValue}
        errors={errors}
        errorPath="if"
        readOnly={false}
        gameId={GAME_ID}
        label="Conditions"
      />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

describe('#design.ConditionBlocksEditor', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('adds blocks (OR) and conditions (AND) and removes them', async () => {
    designApi(workspace);
    const { user } = renderRoute(<BlocksHarness />, '/games/:gameId', `/games/${GAME_ID}`);

    expect(await screen.findByText('No conditions: this always holds.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add condition block' }));
    const first = screen.getByRole('group', { name: 'Condition block 1' });
    await user.click(within(first).getByRole('button', { name: /^Add condition/ }));
    expect(within(first).getAllByRole('group', { name: /^Condition \d/ })).toHaveLength(2);
    expect(within(first).getByText('AND')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add condition block' }));
    expect(screen.getByText('OR')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('value').textContent ?? '[]')).toHaveLength(2);

    await user.click(within(first).getByRole('button', { name: 'Remove condition 2' }));
    expect(within(first).getAllByRole('group', { name: /^Condition \d/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove condition block 2' }));
    expect(screen.queryByText('OR')).not.toBeInTheDocument();
  });

  it('shows the errors under their block and controls', async () => {
    designApi(workspace);
    renderRoute(
      <BlocksHarness
        initial={[{ conditions: [] }, { conditions: [{ conditionType: 'player-item', verb: '' }] }]}
        errors={{
          'if.0.conditions': DESIGN_MESSAGES.atLeastOneConditionInBlock,
          'if.1.conditions.0.elementId': DESIGN_MESSAGES.required,
          'if.1.conditions.0.verb': DESIGN_MESSAGES.required,
        }}
      />,
      '/games/:gameId',
      `/games/${GAME_ID}`,
    );

    const first = await screen.findByRole('group', { name: 'Condition block 1' });
    expect(within(first).getByText(DESIGN_MESSAGES.atLeastOneConditionInBlock)).toBeInTheDocument();
    const second = screen.getByRole('group', { name: 'Condition block 2' });
    expect(within(second).getByRole('combobox', { name: /^Item/ })).toHaveAccessibleDescription(
      DESIGN_MESSAGES.required,
    );
    expect(within(second).getByRole('combobox', { name: /^Verb/ })).toHaveAccessibleDescription(
      DESIGN_MESSAGES.required,
    );
  });
});
