import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../errors.js';
import {
  newWorldEntryDefaults,
  worldEntriesUsing,
  worldEntryReferences,
  worldEntrySchemaFor,
  worldObjectSchema,
  worldOfferSchema,
  worldStateKey,
} from './world.js';

function errorsOf(schema: typeof worldObjectSchema, values: unknown) {
  const result = schema.safeParse(values);
  return result.success ? {} : toFieldErrors(result.error.issues);
}

describe('world object and offer form (spec 3 §5)', () => {
  it("says 'System name is required', 'Select a scene', 'Select an object type'", () => {
    expect(errorsOf(worldObjectSchema, {})).toEqual({
      name: 'System name is required',
      sceneId: 'Select a scene',
      archetypeId: 'Select an object type',
    });
    expect(errorsOf(worldOfferSchema, { name: 'o', sceneId: 's' })).toEqual({ offerId: 'Select an object type' });
  });

  it('reads latitude and longitude as numbers, empty as 0', () => {
    const object = worldObjectSchema.parse({
      name: 'chest-1',
      sceneId: 's',
      archetypeId: 'a',
      location: { latitude: '35.5', longitude: '' },
    });
    expect(object).toMatchObject({ type: 'object', location: { latitude: 35.5, longitude: 0 } });
    expect(worldObjectSchema.parse({ name: 'c', sceneId: 's', archetypeId: 'a', lat: '1.5', lng: 2 }).location).toEqual(
      {
        latitude: 1.5,
        longitude: 2,
      },
    );
  });

  it('checks and normalises the payload per the payload spec', () => {
    const payloadSpec = {
      label: { type: 'string', required: true },
      coins: { type: 'number' },
      contact: { type: 'email' },
      photo: { type: 'image', required: true },
    };
    const schema = worldEntrySchemaFor('object', { payloadSpec, moderated: true });
    const base = { name: 'c', sceneId: 's', archetypeId: 'a' };
    expect(errorsOf(schema, { ...base, payload: { coins: 'ten', contact: 'nobody' } })).toEqual({
      'payload.label': 'Required',
      'payload.coins': 'Must be a number',
      'payload.contact': 'Not a valid email',
      'payload.photo': 'Required',
    });
    const parsed = schema.parse({
      ...base,
      payload: { label: ' Chest ', coins: '10', photo: { id: 'm1', uri: '/x.png' }, extra: 1 },
    });
    expect(parsed.payload).toEqual({
      label: 'Chest',
      coins: 10,
      contact: null,
      photo: { id: 'm1', type: 'image', uri: '/x.png' },
    });
    expect(parsed.approved).toBe(false);
  });

  it('refuses an object where the payload spec asks for a text or a number, without calling its methods', () => {
    const schema = worldEntrySchemaFor('object', {
      payloadSpec: { label: { type: 'string' }, coins: { type: 'number' }, contact: { type: 'email' } },
    });
    const hostile = { toString: 'x', valueOf: 'y' };
    const values = {
      name: 'c',
      sceneId: 's',
      archetypeId: 'a',
      payload: { label: hostile, coins: hostile, contact: [] },
    };
    expect(errorsOf(schema, values)).toEqual({
      'payload.label': 'Must be a text',
      'payload.coins': 'Must be a number',
      'payload.contact': 'Must be a text',
    });
  });

  it('starts a new entry at the scene centre with an empty payload', () => {
    expect(
      newWorldEntryDefaults('offer', 'offer-1', 's', { latitude: 1, longitude: 2 }, { label: { type: 'string' } }),
    ).toEqual({
      name: '',
      sceneId: 's',
      offerId: 'offer-1',
      payload: { label: null },
      location: { latitude: 1, longitude: 2 },
      type: 'offer',
    });
  });

  it('keys entries in the state and finds the entries that use an entity', () => {
    expect(worldStateKey('object', 's1', 'o1')).toBe('has.object.s1.o1');
    const entry = {
      id: 'o1',
      name: 'c',
      sceneId: 's1',
      archetypeId: 'a1',
      payload: {},
      location: { latitude: 0, longitude: 0 },
      type: 'object' as const,
    };
    expect(worldEntryReferences(entry)).toEqual([
      { kind: 'scene', id: 's1' },
      { kind: 'archetype', id: 'a1' },
    ]);
    const state = { has: { object: { s1: { o1: entry } }, offer: {} } };
    expect(worldEntriesUsing(state, { kind: 'archetype', id: 'a1' })).toEqual([entry]);
    expect(worldEntriesUsing(state, { kind: 'archetype', id: 'a2' })).toEqual([]);
  });
});
