import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { toFieldErrors } from '../errors.js';
import { actionListSchemaFor, actionSchema, mutationNeeds } from './action.js';
import { DESIGN_MESSAGES } from './messages.js';

function errorsOf(schema: z.ZodType, values: unknown) {
  const result = schema.safeParse(values);
  return result.success ? {} : toFieldErrors(result.error.issues);
}
const action = (actionName: string, actionArgs: Record<string, unknown> = {}, actorId = 'system') => ({
  actorId,
  actionName,
  actionArgs,
});

describe('action', () => {
  it('accepts a valid action and keeps only the arguments it uses', () => {
    expect(actionSchema.parse(action('showInfo', { what: 'info-1', value: 3, msg: 'x' }))).toEqual({
      actorId: 'system',
      actionName: 'showInfo',
      actionArgs: { what: 'info-1' },
      notify: false,
    });
  });

  it("refuses the 'empty' actor and a missing action name", () => {
    expect(errorsOf(actionSchema, { actorId: 'empty', actionName: '' })).toEqual({
      actorId: 'Required',
      actionName: 'Required',
    });
    expect(errorsOf(actionSchema, action('flyAway'))).toEqual({ actionName: DESIGN_MESSAGES.unknownAction });
  });

  it('refuses an actor the action does not allow', () => {
    expect(errorsOf(actionSchema, action('askQuestion', { what: 'q' }, 'world'))).toEqual({
      actorId: DESIGN_MESSAGES.actorNotAllowed,
    });
    expect(errorsOf(actionSchema, action('askQuestion', { what: 'q' }, 'character-7'))).toEqual({});
  });

  it("requires 'what' except for the actions spec 2 §5 lists", () => {
    expect(errorsOf(actionSchema, action('goToScene'))).toEqual({ 'actionArgs.what': 'Required' });
    for (const name of ['endGame', 'completeGame', 'resetBackground', 'exitConversation', 'completeConversation']) {
      expect(errorsOf(actionSchema, action(name))).toEqual({});
    }
    for (const name of ['pickObject', 'pickObjectClone', 'destroyObject', 'showObject']) {
      expect(errorsOf(actionSchema, action(name))).toEqual({});
    }
  });

  it('needs a non-blank msg for showNotification', () => {
    expect(errorsOf(actionSchema, action('showNotification', { msg: '  ' }))).toEqual({ 'actionArgs.msg': 'Required' });
    expect(errorsOf(actionSchema, action('showNotification', { msg: '<p> </p>' }))).toEqual({
      'actionArgs.msg': 'Required',
    });
    expect(actionSchema.parse(action('showNotification', { msg: 'Hello' })).actionArgs).toEqual({ msg: 'Hello' });
  });

  it('needs a value for give, take and set on the player or the world', () => {
    for (const name of [
      'giveToPlayer',
      'takeFromPlayer',
      'setOnPlayer',
      'giveToWorld',
      'takeFromWorld',
      'setOnWorld',
    ]) {
      expect(errorsOf(actionSchema, action(name, { what: 'item-1' }))).toEqual({ 'actionArgs.value': 'Required' });
    }
    expect(errorsOf(actionSchema, action('giveToPlayer', { what: 'item-1', value: 'three' }))).toEqual({
      'actionArgs.value': DESIGN_MESSAGES.notANumber,
    });
    expect(actionSchema.parse(action('giveToPlayer', { what: 'item-1', value: '3' })).actionArgs).toEqual({
      what: 'item-1',
      value: 3,
    });
  });

  it('needs a value for mutateObject unless the property is text or image, and a mode for numbers', () => {
    const payloadSpec = { score: { type: 'number' }, note: { type: 'text' }, photo: { type: 'image' } };
    const list = actionListSchemaFor({ payloadSpec });
    expect(errorsOf(list, [action('mutateObject', { what: 'score' })])).toEqual({
      '0.actionArgs.value': 'Required',
      '0.actionArgs.numberPropHow': 'Required',
    });
    expect(
      errorsOf(list, [action('mutateObject', { what: 'note' }), action('mutateObject', { what: 'photo' })]),
    ).toEqual({});
    expect(errorsOf(list, [action('mutateObject', { what: 'colour', value: 'red' })])).toEqual({
      '0.actionArgs.what': DESIGN_MESSAGES.unknownProperty,
    });
    expect(
      list.parse([action('mutateObject', { what: 'score', value: '5', numberPropHow: '+' })])[0]?.actionArgs,
    ).toEqual({ what: 'score', value: 5, numberPropHow: '+' });
    expect(mutationNeeds(undefined)).toEqual({ value: true, numberPropHow: false });
  });
});

describe('action lists', () => {
  it("allows at most 1 blocking action: 'You can have at most 1 blocking action'", () => {
    const list = actionListSchemaFor();
    expect(errorsOf(list, [action('showInfo', { what: 'a' }), action('askQuiz', { what: 'b' })])).toEqual({
      generalError: 'You can have at most 1 blocking action',
    });
    expect(errorsOf(list, [action('showInfo', { what: 'a' }), action('goToScene', { what: 's' })])).toEqual({});
  });

  it("needs one action when required: 'You need at least one action'", () => {
    expect(errorsOf(actionListSchemaFor({ required: true }), [])).toEqual({
      generalError: 'You need at least one action',
    });
    expect(errorsOf(actionListSchemaFor(), [])).toEqual({});
  });

  it('checks sayStatement against the statements of its conversation', () => {
    const list = actionListSchemaFor({ statementIds: ['s1'] });
    expect(errorsOf(list, [action('sayStatement', { what: 's2' }, 'c1')])).toEqual({
      '0.actionArgs.what': DESIGN_MESSAGES.unknownStatement,
    });
  });
});
