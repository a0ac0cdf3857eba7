import { describe, expect, it } from 'vitest';
import { applyHidden, attributeSchemaFor } from './attribute.js';
import { characterSchema, newCharacterDefaults } from './character.js';
import { gameVersionFormSchema, newGameVersionDefaults } from './game-version.js';
import { DESIGN_KINDS, designEntitySchema, newDesignEntityDefaults, validateDesignEntity } from './index.js';
import { itemSchemaFor } from './item.js';
import { milestoneSchema } from './milestone.js';
import { newSceneDefaults, sceneSchemaFor } from './scene.js';

describe('every kind', () => {
  it.each(DESIGN_KINDS)("%s: name is required ('Required') and trimmed", (kind) => {
    const defaults = newDesignEntityDefaults(kind) as Record<string, unknown>;
    expect(validateDesignEntity(kind, { ...defaults, name: '   ' })).toMatchObject({ name: 'Required' });
    const result = designEntitySchema(kind).safeParse({ ...defaults, name: '  Harbour  ' });
    const nameIssues = result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === 'name');
    expect(nameIssues).toEqual([]);
    if (result.success) expect(result.data.name).toBe('Harbour');
  });

  it('drops fields a kind does not have', () => {
    const parsed = designEntitySchema('character').parse({ name: 'eleni', title: 'Eleni', password: 'x' });
    expect(parsed).not.toHaveProperty('password');
  });
});

describe('scene form', () => {
  const scene = (overrides: Record<string, unknown> = {}) => ({
    ...newSceneDefaults({ lat: 35.5, lng: 24 }),
    name: 'harbour',
    title: 'The harbour',
    ...overrides,
  });

  it('requires title and radius; radius defaults to 100 m', () => {
    expect(newSceneDefaults().radius).toBe(100);
    expect(validateDesignEntity('scene', scene({ title: '', radius: '' }))).toEqual({
      title: 'Required',
      radius: 'Required',
    });
  });

  it('requires the background image on image games only', () => {
    expect(validateDesignEntity('scene', scene(), { backgroundType: 'image' })).toEqual({ logoId: 'Required' });
    expect(validateDesignEntity('scene', scene(), { backgroundType: 'map' })).toBeNull();
  });

  it('mirrors lat, lng and radius in place, enabled by default, fgOnly only on map games', () => {
    const parsed = sceneSchemaFor({ backgroundType: 'image' }).parse(
      scene({ logoId: 'bg', fgOnly: true, enabled: undefined, radius: 250 }),
    );
    expect(parsed).toMatchObject({
      enabled: true,
      fgOnly: false,
      place: { center: { latitude: 35.5, longitude: 24 }, radius: 250 },
    });
    const fromPlace = sceneSchemaFor().parse({
      name: 'n',
      title: 't',
      place: { center: { latitude: 1, longitude: 2 }, radius: 30 },
    });
    expect(fromPlace).toMatchObject({ lat: 1, lng: 2, radius: 30 });
  });
});

describe('milestone form', () => {
  it('checks its condition blocks', () => {
    expect(validateDesignEntity('milestone', { name: 'key', condition: [{ conditions: [] }] })).toEqual({
      'condition.0.conditions': 'Add at least one condition to this block',
    });
    expect(milestoneSchema.parse({ name: 'key' }).condition).toEqual([]);
  });
});

describe('character form', () => {
  it('requires a title; gender m by default', () => {
    expect(validateDesignEntity('character', { name: 'eleni' })).toEqual({ title: 'Required' });
    expect(characterSchema.parse({ name: 'eleni', title: 'Eleni' })).toMatchObject({ gender: 'm', isPlayer: false });
    expect(
      characterSchema.parse({ name: 'eleni', title: 'Eleni', gender: 'f', isPlayer: true, age: '30' }),
    ).toMatchObject({
      gender: 'f',
      isPlayer: true,
      age: 30,
    });
    expect(newCharacterDefaults().gender).toBe('m');
  });
});

describe('attribute form', () => {
  it('requires title and logo', () => {
    expect(validateDesignEntity('attribute', { name: 'strength' })).toEqual({ title: 'Required', logoId: 'Required' });
  });

  it('clears redeemable, tradable and notifyOnChange when hidden', () => {
    const visible = { hidden: false, redeemable: true, tradable: true, notifyOnChange: true };
    expect(applyHidden(visible)).toBe(visible);
    expect(applyHidden({ ...visible, hidden: true })).toEqual({
      hidden: true,
      redeemable: false,
      tradable: false,
      notifyOnChange: false,
    });
    const parsed = attributeSchemaFor({ market: true }).parse({
      name: 's',
      title: 'S',
      logoId: 'm',
      ...visible,
      hidden: true,
      price: 4,
    });
    expect(parsed).toMatchObject({ redeemable: false, tradable: false, notifyOnChange: false, price: 4 });
  });

  it('keeps price, tradable and redeemable only with a market', () => {
    const values = { name: 's', title: 'S', logoId: 'm', redeemable: true, tradable: true, price: 4 };
    expect(attributeSchemaFor({ market: false }).parse(values)).toMatchObject({
      redeemable: false,
      tradable: false,
      price: null,
    });
  });
});

describe('item form', () => {
  it("requires a title, and a max of at least 1 when limited: 'You must set the max number for items'", () => {
    expect(validateDesignEntity('item', { name: 'coin' })).toEqual({ title: 'Required' });
    for (const maxItems of ['', 0, 'many']) {
      expect(validateDesignEntity('item', { name: 'coin', title: 'Coin', limited: true, maxItems })).toEqual({
        maxItems: 'You must set the max number for items',
      });
    }
    expect(itemSchemaFor().parse({ name: 'coin', title: 'Coin', limited: true, maxItems: '3' }).maxItems).toBe(3);
    expect(itemSchemaFor().parse({ name: 'coin', title: 'Coin', limited: false, maxItems: 3 }).maxItems).toBeNull();
  });

  it('keeps market fields only with a market, and hides them with the item', () => {
    const values = { name: 'coin', title: 'Coin', tradable: true, redeemable: true, price: '2', notifyOnChange: true };
    expect(itemSchemaFor({ market: true }).parse(values)).toMatchObject({ tradable: true, redeemable: true, price: 2 });
    expect(itemSchemaFor({ market: false }).parse(values)).toMatchObject({
      tradable: false,
      redeemable: false,
      price: null,
    });
    expect(itemSchemaFor({ market: true }).parse({ ...values, hidden: true })).toMatchObject({
      tradable: false,
      redeemable: false,
      notifyOnChange: false,
    });
  });
});

describe('game version form', () => {
  it('has no required fields; new instances are allowed by default', () => {
    expect(gameVersionFormSchema.parse({})).toEqual(newGameVersionDefaults());
    expect(newGameVersionDefaults()).toEqual({
      versionNotes: '',
      restrictAccessToDesigner: false,
      multipleInstances: false,
      newInstancesAllowed: true,
    });
  });
});
