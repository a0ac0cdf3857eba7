import { describe, expect, it } from 'vitest';
import { validateDesignEntity } from './index.js';
import { locationSchema, newLocationDefaults } from './location.js';

const errorsOf = (values: unknown) => validateDesignEntity('location', values) ?? {};
const buildLocation = (overrides: Record<string, unknown> = {}) => ({
  ...newLocationDefaults('scene-1', { lat: 35.51, lng: 24.01 }),
  name: 'harbour',
  title: 'Old Harbour',
  ...overrides,
});

describe('location form', () => {
  it('accepts a valid location; radius defaults to 50 m', () => {
    expect(errorsOf(buildLocation())).toEqual({});
    expect(newLocationDefaults().radius).toBe(50);
    expect(locationSchema.parse(buildLocation({ sceneId: '' })).sceneId).toBeNull();
  });

  it('requires name and title, and checks its conditions', () => {
    expect(errorsOf(buildLocation({ name: ' ', title: '', if: [{ conditions: [] }] }))).toEqual({
      name: 'Required',
      title: 'Required',
      'if.0.conditions': 'Add at least one condition to this block',
    });
  });

  it("says 'Non trackable locations should be visible'", () => {
    expect(errorsOf(buildLocation({ trackable: false, visible: 'never' }))).toEqual({
      visible: 'Non trackable locations should be visible',
    });
    expect(errorsOf(buildLocation({ trackable: true, visible: 'never' }))).toEqual({});
  });

  it("says 'Non trackable locations should be contactable by tapping'", () => {
    expect(errorsOf(buildLocation({ trackable: false, contactable: 'never' }))).toEqual({
      contactable: 'Non trackable locations should be contactable by tapping',
    });
    expect(errorsOf(buildLocation({ trackable: false, visible: 'in-range', contactable: 'in-range' }))).toEqual({});
  });

  it('reads coordinates as numbers, empty as 0', () => {
    expect(locationSchema.parse(buildLocation({ lat: '35.5', lng: '' }))).toMatchObject({ lat: 35.5, lng: 0 });
    expect(errorsOf(buildLocation({ lat: 'north' }))).toEqual({ lat: 'Must be a number' });
  });
});
