import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFieldErrors } from '../errors.js';
import { conditionBlockSchema, conditionBlocksSchema, conditionSchema, triggerSchema } from './condition.js';
import { DESIGN_MESSAGES } from './messages.js';

function errorsOf(schema: z.ZodType, values: unknown) {
  const result = schema.safeParse(values);
  return result.success ? {} : toFieldErrors(result.error.issues);
}

describe('condition', () => {
  it('accepts a valid condition and keeps only the fields its type uses', () => {
    const parsed = conditionSchema.parse({
      conditionType: 'player-location',
      verb: 'has_entered',
      elementId: 'loc-1',
      some: 'at_least',
      someNumber: 3,
      designerInputString: 'x',
    });
    expect(parsed).toEqual({ conditionType: 'player-location', verb: 'has_entered', elementId: 'loc-1' });
  });

  it('requires conditionType and verb', () => {
    expect(errorsOf(conditionSchema, {})).toEqual({
      conditionType: DESIGN_MESSAGES.required,
      verb: DESIGN_MESSAGES.required,
    });
    expect(errorsOf(conditionSchema, { conditionType: 'player-moon', verb: 'is' })).toEqual({
      conditionType: DESIGN_MESSAGES.unknownConditionType,
    });
  });

  it('refuses a verb the type does not have', () => {
    expect(errorsOf(conditionSchema, { conditionType: 'player-item', verb: 'has_entered', elementId: 'i' })).toEqual({
      verb: DESIGN_MESSAGES.verbNotAllowed,
    });
  });

  it('requires an element except for the five element-less types', () => {
    expect(errorsOf(conditionSchema, { conditionType: 'player-scene', verb: 'has_entered' })).toEqual({
      elementId: 'Required',
    });
    expect(errorsOf(conditionSchema, { conditionType: 'player-game', verb: 'has_started' })).toEqual({});
    expect(errorsOf(conditionSchema, { conditionType: 'player-current-object', verb: 'is' })).toEqual({});
    expect(
      errorsOf(conditionSchema, { conditionType: 'player-some-currency', verb: 'owns', some: 'exact', someNumber: 2 }),
    ).toEqual({});
  });

  it('requires some and someNumber on the some types', () => {
    expect(errorsOf(conditionSchema, { conditionType: 'player-some-item', verb: 'owns', elementId: 'i' })).toEqual({
      some: 'Required',
      someNumber: 'Required',
    });
    expect(
      errorsOf(conditionSchema, {
        conditionType: 'world-some-item',
        verb: 'has',
        elementId: 'i',
        some: 'lots',
        someNumber: 'many',
      }),
    ).toEqual({ some: 'Required', someNumber: DESIGN_MESSAGES.notANumber });
    const parsed = conditionSchema.parse({
      conditionType: 'player-some-item',
      verb: 'owns',
      elementId: 'i',
      some: 'at_most',
      someNumber: '4',
    });
    expect(parsed).toEqual({
      conditionType: 'player-some-item',
      verb: 'owns',
      elementId: 'i',
      some: 'at_most',
      someNumber: 4,
    });
  });

  it('requires the quiz question for per-question verbs only', () => {
    const quiz = { conditionType: 'player-quiz', elementId: 'quiz-1' };
    expect(errorsOf(conditionSchema, { ...quiz, verb: 'has_passed' })).toEqual({ subElementId: 'Required' });
    expect(errorsOf(conditionSchema, { ...quiz, verb: 'has_passed', subElementId: 'q-2' })).toEqual({});
    expect(errorsOf(conditionSchema, { ...quiz, verb: 'has_completed' })).toEqual({});
  });

  it('requires the code of player-code and a known status of game-status', () => {
    expect(errorsOf(conditionSchema, { conditionType: 'player-code', verb: 'has_typedscannedcode' })).toEqual({
      designerInputString: 'Required',
    });
    expect(
      errorsOf(conditionSchema, { conditionType: 'game-status', verb: 'is', designerInputString: 'paused' }),
    ).toEqual({ designerInputString: DESIGN_MESSAGES.gameStatusValue });
    expect(
      conditionSchema.parse({ conditionType: 'game-status', verb: 'is', designerInputString: 'completed' }),
    ).toEqual({ conditionType: 'game-status', verb: 'is', designerInputString: 'completed' });
  });
});

describe('trigger', () => {
  it('requires a trigger verb of its type', () => {
    expect(
      errorsOf(triggerSchema, { conditionType: 'player-location', verb: 'is_currently_in', elementId: 'l' }),
    ).toEqual({ verb: DESIGN_MESSAGES.notATriggerVerb });
    expect(errorsOf(triggerSchema, { conditionType: 'player-item', verb: 'owns', elementId: 'i' })).toEqual({
      conditionType: DESIGN_MESSAGES.cannotTrigger,
    });
    expect(errorsOf(triggerSchema, { conditionType: 'milestone', verb: 'has_reached', elementId: 'm' })).toEqual({});
    expect(errorsOf(triggerSchema, {})).toMatchObject({ conditionType: 'Required' });
  });
});

describe('condition blocks', () => {
  it("says 'Add at least one condition to this block' under an empty block", () => {
    expect(errorsOf(conditionBlocksSchema, [{ conditions: [] }])).toEqual({
      '0.conditions': 'Add at least one condition to this block',
    });
    expect(errorsOf(conditionBlockSchema, { conditions: [] })).toEqual({
      conditions: 'Add at least one condition to this block',
    });
  });

  it('puts condition errors under their block and position', () => {
    const blocks = [
      { conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: 'i' }] },
      {
        conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: 'i' }, { conditionType: 'player-scene' }],
      },
    ];
    expect(errorsOf(conditionBlocksSchema, blocks)).toEqual({
      '1.conditions.1.verb': 'Required',
      '1.conditions.1.elementId': 'Required',
    });
  });

  it('stores blocks as AND inside, OR between; an empty list is valid', () => {
    expect(conditionBlocksSchema.parse(null)).toEqual([]);
    expect(
      conditionBlocksSchema.parse([{ conditions: [{ conditionType: 'player-game', verb: 'has_started' }] }]),
    ).toEqual([
      {
        conditions: [{ conditionType: 'player-game', verb: 'has_started' }],
        andOrConditions: 'and',
        andOrNextBlock: 'or',
      },
    ]);
  });
});
