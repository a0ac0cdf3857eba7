import { describe, expect, it } from 'vitest';
import { validateDesignEntity } from './index.js';
import {
  archetypeSchemaFor,
  behaviourErrors,
  newArchetypeDefaults,
  newOfferDefaults,
  offerSchema,
} from './archetype.js';
import { objectTitleField } from './vocabulary.js';

const action = (actionName: string, actionArgs: Record<string, unknown> = {}) => ({
  actorId: 'system',
  actionName,
  actionArgs,
});

/** A valid object type: a chest that shows itself on contact. */
function buildArchetype(overrides: Record<string, unknown> = {}) {
  return {
    ...newArchetypeDefaults(),
    name: 'chest',
    title: 'Chest',
    logoId: 'media-chest',
    actionLabelContact: 'Open',
    payloadSpec: {
      label: { type: 'string', label: 'Label', objectTitle: true },
      coins: { type: 'number', label: 'Coins' },
    },
    sideeffectsContact: [action('showObject')],
    ...overrides,
  };
}
const errorsOf = (values: unknown, kind: 'archetype' | 'offer' = 'archetype') =>
  validateDesignEntity(kind, values) ?? {};

describe('archetype form', () => {
  it('accepts a valid object type', () => {
    expect(errorsOf(buildArchetype())).toEqual({});
  });

  it('requires name, title, logo and the contact label', () => {
    expect(errorsOf({})).toEqual({
      name: 'Required',
      title: 'Required',
      logoId: 'Required',
      actionLabelContact: 'Required',
    });
  });

  it('requires the act label only when act effects exist', () => {
    expect(errorsOf(buildArchetype({ sideeffectsAct: [action('goToScene', { what: 's' })] }))).toEqual({
      actionLabelAct: 'Required',
    });
  });

  it('requires maxItems and timeUnit of an enabled limit', () => {
    expect(
      errorsOf(
        buildArchetype({
          limitCreation: { enabled: true, maxItems: '', timeUnit: '' },
          limitPicks: { enabled: true, maxItems: 0, timeUnit: 'day' },
          limitDestroys: { enabled: false, maxItems: null, timeUnit: null },
        }),
      ),
    ).toEqual({
      'limitCreation.maxItems': 'Required',
      'limitCreation.timeUnit': 'Required',
      'limitPicks.maxItems': 'Must be at least 1',
    });
  });

  it("checks payload properties: type and label, 'One title is allowed', title on text or number only", () => {
    expect(
      errorsOf(
        buildArchetype({
          payloadSpec: {
            label: { type: 'string', label: 'Label', objectTitle: true },
            nickname: { type: 'text', label: 'Nickname', objectTitle: true },
            blank: { type: '', label: '' },
          },
        }),
      ),
    ).toEqual({
      'payloadSpec.nickname.objectTitle': 'One title is allowed',
      'payloadSpec.blank.type': 'Required',
      'payloadSpec.blank.label': 'Required',
    });
    expect(
      errorsOf(buildArchetype({ payloadSpec: { photo: { type: 'image', label: 'Photo', objectTitle: true } } })),
    ).toEqual({
      'payloadSpec.photo.objectTitle': 'Only a text or number property can be the title',
    });
    expect(objectTitleField({ a: {}, b: { objectTitle: true } })).toBe('b');
  });

  it('needs an activity range of at least 5 m, 50 m when empty', () => {
    expect(errorsOf(buildArchetype({ radius: 4 }))).toEqual({ radius: 'Must be at least 5' });
    expect(archetypeSchemaFor().parse(buildArchetype({ radius: '' })).radius).toBe(50);
  });

  it('checks conditions and effects, mutateObject against its own payload', () => {
    expect(
      errorsOf(
        buildArchetype({
          conditionPerception: [{ conditions: [] }],
          sideeffectsAct: [action('mutateObject', { what: 'coins', value: 2 })],
          actionLabelAct: 'Shake',
        }),
      ),
    ).toEqual({
      'conditionPerception.0.conditions': 'Add at least one condition to this block',
      'sideeffectsAct.0.actionArgs.numberPropHow': 'Required',
    });
  });

  it('clears the price of a game without a market', () => {
    expect(archetypeSchemaFor({ market: false }).parse(buildArchetype({ price: 5 })).price).toBeNull();
    expect(archetypeSchemaFor({ market: true }).parse(buildArchetype({ price: '5' })).price).toBe(5);
  });
});

describe('behaviours versus actions (spec 2 §5)', () => {
  it('Object behavior "pickable" needs (one of) the action(s)', () => {
    expect(errorsOf(buildArchetype({ pickable: true }))).toEqual({
      pickable: 'Object behavior "pickable" needs (one of) the action(s): [pickObject, pickObjectClone]',
    });
    expect(errorsOf(buildArchetype({ pickable: true, sideeffectsElseAct: [action('pickObjectClone')] }))).toEqual({});
  });

  it('Behavior "destroyable" needs the action(s)', () => {
    expect(errorsOf(buildArchetype({ destroyable: true }))).toEqual({
      destroyable: 'Behavior "destroyable" needs the action(s): [destroyObject]',
    });
  });

  it('Behavior "redropable" is incompatible with action(s)', () => {
    expect(
      errorsOf(
        buildArchetype({
          pickable: true,
          redropable: true,
          sideeffectsAct: [action('pickObjectClone')],
          actionLabelAct: 'Take',
        }),
      ),
    ).toEqual({ redropable: 'Behavior "redropable" is incompatible with action(s): [pickObjectClone]' });
  });

  it('Action(s) are only allowed when Behaviour is enabled', () => {
    expect(
      errorsOf(
        buildArchetype({
          sideeffectsAct: [action('pickObject'), action('destroyObject')],
          actionLabelAct: 'Take',
        }),
      ),
    ).toEqual({
      pickable: 'Action(s): [pickObject] are only allowed when Behaviour "pickable" is enabled',
      destroyable: 'Action(s): [destroyObject] are only allowed when Behaviour "destroyable" is enabled',
    });
  });

  it('is a pure function the form can run as the designer edits', () => {
    const none = { sideeffectsContact: [], sideeffectsAct: [], sideeffectsElseContact: [], sideeffectsElseAct: [] };
    expect(behaviourErrors({ pickable: false, redropable: false, destroyable: false, ...none })).toEqual({});
  });
});

describe('offer form', () => {
  it('creates offers redeemable, pickable, not tradable, opened then taken', () => {
    const offer = newOfferDefaults();
    expect(offer).toMatchObject({
      redeemable: true,
      pickable: true,
      tradable: false,
      actionLabelContact: 'Open it',
      actionLabelAct: 'Take it',
    });
    expect(offer.sideeffectsContact.map((effect) => effect.actionName)).toEqual(['showObject']);
    expect(offer.sideeffectsAct.map((effect) => effect.actionName)).toEqual(['pickObject']);
  });

  it('validates the defaults once named, titled and given a logo, and keeps the offer fields', () => {
    const values = {
      ...newOfferDefaults(),
      name: 'coffee',
      title: 'Free coffee',
      logoId: 'm1',
      quantity: '20',
      offerorName: 'Café',
    };
    expect(errorsOf(values, 'offer')).toEqual({});
    expect(offerSchema.parse(values)).toMatchObject({ quantity: 20, offerorName: 'Café', redeemable: true });
    expect(errorsOf({ ...values, quantity: 2.5 }, 'offer')).toEqual({ quantity: 'Must be a whole number' });
  });
});
