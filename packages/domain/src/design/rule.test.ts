import { describe, expect, it } from 'vitest';
import { DESIGN_MESSAGES } from './messages.js';
import { describeAction, describeCondition, referencesOf, validateDesignEntity, type NameLookup } from './index.js';
import { newRuleDefaults, ruleSchema, swapRuleOrder } from './rule.js';

/** A valid rule body: entering the harbour shows the welcome info. */
function buildRule(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Arrive at the harbour',
    sceneId: 'scene-1',
    trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'loc-harbour' },
    triggerPreconditions: [],
    sideeffects: [{ actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'info-welcome' } }],
    sideeffectselse: [],
    ...overrides,
  };
}
const errorsOf = (values: unknown) => validateDesignEntity('rule', values) ?? {};

describe('rule form', () => {
  it('accepts a valid rule; fireOnce defaults to true and idx is optional', () => {
    const rule = ruleSchema.parse(buildRule());
    expect(rule.fireOnce).toBe(true);
    expect(rule.idx).toBeUndefined();
    expect(ruleSchema.parse(buildRule({ idx: 3, fireOnce: false }))).toMatchObject({ idx: 3, fireOnce: false });
  });

  it('requires name, scene, trigger and at least one side effect', () => {
    expect(errorsOf({})).toEqual({
      name: 'Required',
      sceneId: 'Required',
      'trigger.conditionType': 'Required',
      sideeffects: 'You need at least one action',
    });
  });

  it('checks the trigger as a trigger', () => {
    expect(
      errorsOf(buildRule({ trigger: { conditionType: 'player-location', verb: 'not_has_entered', elementId: 'l' } })),
    ).toEqual({ 'trigger.verb': DESIGN_MESSAGES.notATriggerVerb });
  });

  it('checks preconditions, side effects and else-effects under their paths', () => {
    const errors = errorsOf(
      buildRule({
        triggerPreconditions: [{ conditions: [] }, { conditions: [{ conditionType: 'player-item', verb: 'owns' }] }],
        sideeffects: [
          { actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'a' } },
          { actorId: 'system', actionName: 'goToScene', actionArgs: {} },
        ],
        sideeffectselse: [
          { actorId: 'empty', actionName: 'endGame' },
          { actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'a' } },
          { actorId: 'system', actionName: 'askQuestion', actionArgs: { what: 'b' } },
        ],
      }),
    );
    expect(errors).toEqual({
      'triggerPreconditions.0.conditions': 'Add at least one condition to this block',
      'triggerPreconditions.1.conditions.0.elementId': 'Required',
      'sideeffects.1.actionArgs.what': 'Required',
      sideeffectselse: 'You can have at most 1 blocking action',
      'sideeffectselse.0.actorId': 'Required',
    });
  });

  it('starts a new rule in its scene', () => {
    expect(newRuleDefaults('scene-9')).toMatchObject({ sceneId: 'scene-9', fireOnce: true, sideeffects: [] });
  });

  it('swaps the idx of two rules to move one', () => {
    const [moved, neighbour] = swapRuleOrder({ id: 'a', idx: 2 }, { id: 'b', idx: 1 });
    expect(moved).toEqual({ id: 'a', idx: 1 });
    expect(neighbour).toEqual({ id: 'b', idx: 2 });
  });
});

describe('referencesOf a rule', () => {
  const rule = {
    id: 'rule-1',
    gameId: 'game-1',
    ...buildRule({
      triggerPreconditions: [
        {
          conditions: [
            { conditionType: 'player-item', verb: 'owns', elementId: 'item-key' },
            { conditionType: 'milestone', verb: 'has_reached', elementId: 'ms-1' },
            { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: 'ABC' },
          ],
        },
      ],
      sideeffects: [
        { actorId: 'char-eleni', actionName: 'startConversation', actionArgs: { what: 'conv-1' } },
        { actorId: 'system', actionName: 'giveToPlayer', actionArgs: { what: 'attr-strength', value: 1 } },
        { actorId: 'system', actionName: 'goToScene', actionArgs: { what: 'scene-2' } },
      ],
      sideeffectselse: [{ actorId: 'system', actionName: 'assignMission', actionArgs: { what: 'mission-1' } }],
    }),
  };

  it('finds the scene, condition elements, action targets and character actors', () => {
    const kindOf = (id: string) => (id.startsWith('attr-') ? 'attribute' : id.startsWith('item-') ? 'item' : undefined);
    expect(referencesOf('rule', rule, kindOf)).toEqual([
      { kind: 'scene', id: 'scene-1' },
      { kind: 'location', id: 'loc-harbour' },
      { kind: 'item', id: 'item-key' },
      { kind: 'milestone', id: 'ms-1' },
      { kind: 'character', id: 'char-eleni' },
      { kind: 'interaction', id: 'conv-1' },
      { kind: 'attribute', id: 'attr-strength' },
      { kind: 'scene', id: 'scene-2' },
      { kind: 'mission', id: 'mission-1' },
    ]);
  });

  it('gives every possible kind of an ambiguous what when no resolver is given', () => {
    const references = referencesOf('rule', rule);
    expect(references).toContainEqual({ kind: 'item', id: 'attr-strength' });
    expect(references).toContainEqual({ kind: 'attribute', id: 'attr-strength' });
  });

  it('tolerates malformed stored data', () => {
    expect(referencesOf('rule', { id: 'r', gameId: 'g', name: 'x', trigger: 'oops', sideeffects: [null, 3] })).toEqual(
      [],
    );
  });
});

describe('describeCondition and describeAction', () => {
  const names: Record<string, string> = {
    'loc-harbour': 'Old Harbour',
    'item-coin': 'Gold coin',
    'char-eleni': 'Eleni',
    'info-welcome': 'Welcome',
    'scene-2': 'The Fortress',
    'quiz-1': 'Final quiz',
  };
  const lookup: NameLookup = (_kind, id) => names[id];

  it('writes conditions as short sentences', () => {
    expect(
      describeCondition({ conditionType: 'player-location', verb: 'has_entered', elementId: 'loc-harbour' }, lookup),
    ).toBe('Player has entered Old Harbour');
    expect(
      describeCondition(
        { conditionType: 'player-location', verb: 'not_has_visited', elementId: 'loc-harbour' },
        lookup,
      ),
    ).toBe('Player has not visited Old Harbour');
    expect(
      describeCondition(
        { conditionType: 'player-some-item', verb: 'owns', elementId: 'item-coin', some: 'at_least', someNumber: 3 },
        lookup,
      ),
    ).toBe('Player owns at least 3 Gold coin');
    expect(describeCondition({ conditionType: 'world-item', verb: 'has', elementId: 'item-coin' }, lookup)).toBe(
      'World has Gold coin',
    );
    expect(
      describeCondition({ conditionType: 'game-status', verb: 'is', designerInputString: 'completed' }, lookup),
    ).toBe('Game is completed');
    expect(
      describeCondition(
        { conditionType: 'player-code', verb: 'has_typedscannedcode', designerInputString: 'X1' },
        lookup,
      ),
    ).toBe('Player has typed or scanned the code "X1"');
    expect(
      describeCondition(
        { conditionType: 'player-quiz', verb: 'has_passed', elementId: 'quiz-1', subElementId: 'q' },
        lookup,
      ),
    ).toBe('Player has passed a question of Final quiz');
    expect(describeCondition({ conditionType: 'player-scene', verb: 'has_entered', elementId: 'gone' }, lookup)).toBe(
      'Player has entered (unknown scene)',
    );
  });

  it('writes actions as short sentences, naming a character actor', () => {
    expect(
      describeAction({ actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'info-welcome' } }, lookup),
    ).toBe('Show info Welcome');
    expect(
      describeAction({ actorId: 'char-eleni', actionName: 'showInfo', actionArgs: { what: 'info-welcome' } }, lookup),
    ).toBe('Eleni: Show info Welcome');
    expect(
      describeAction(
        { actorId: 'system', actionName: 'giveToPlayer', actionArgs: { what: 'item-coin', value: 3 } },
        lookup,
      ),
    ).toBe('Give 3 Gold coin to the player');
    expect(
      describeAction({ actorId: 'system', actionName: 'goToScene', actionArgs: { what: 'scene-2' } }, lookup),
    ).toBe('Go to scene The Fortress');
    expect(
      describeAction({ actorId: 'system', actionName: 'showNotification', actionArgs: { msg: '<p>Hi!</p>' } }, lookup),
    ).toBe('Show notification "Hi!"');
    expect(
      describeAction(
        { actorId: 'system', actionName: 'mutateObject', actionArgs: { what: 'score', value: 2, numberPropHow: '+' } },
        lookup,
      ),
    ).toBe('Change "score": increase by 2');
    expect(describeAction({ actorId: 'system', actionName: 'endGame' }, lookup)).toBe('End game');
  });
});
