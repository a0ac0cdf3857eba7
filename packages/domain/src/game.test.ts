import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEZONE } from './constants.js';
import {
  GAME_MESSAGES,
  GAME_TEXTS,
  applySettingsDependencies,
  gameSchema,
  gameValuesSchema,
  gameValuesSchemaFor,
  gamesListFiltersFor,
  gamesListItemSchema,
  gamesListQuerySchema,
  hasLocationServices,
  isRichTextEmpty,
  isValidTimezone,
  newGameDefaults,
  parseEmailList,
  settingsFieldStates,
  validateGameValues,
  type GameFormMode,
  type GameValues,
} from './game.js';

const NOW = new Date('2025-03-01T10:00:00.000Z');

/** A valid form body, with nested overrides. */
function buildValues(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base: GameValues = { ...newGameDefaults(NOW), title: 'Treasure of Chania', logoId: 'logo-1' };
  return merge(base as unknown as Record<string, unknown>, overrides);
}

function merge(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? merge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

function errorsOf(overrides: Record<string, unknown>, mode: GameFormMode = 'create') {
  return validateGameValues(buildValues(overrides), mode) ?? {};
}

describe('game form validation', () => {
  it('accepts the new-game defaults once a title is given', () => {
    expect(validateGameValues(buildValues(), 'create')).toBeNull();
    expect(validateGameValues(buildValues(), 'edit')).toBeNull();
  });

  it.each([
    ['title', { title: '  ' }],
    ['description', { description: '<p> &nbsp;</p>' }],
    ['pg.title', { pg: { title: '' } }],
    ['minAge', { minAge: '' }],
    ['maxAge', { maxAge: null }],
    ['language', { language: '' }],
  ])('requires %s', (path, overrides) => {
    expect(errorsOf(overrides)[path]).toBe(GAME_MESSAGES.required);
  });

  it("says 'You must set a radius' when the radius is empty or zero", () => {
    expect(errorsOf({ pg: { place: { radius: '' } } })['pg.place.radius']).toBe('You must set a radius');
    expect(errorsOf({ pg: { place: { radius: 0 } } })['pg.place.radius']).toBe('You must set a radius');
  });

  it('parses location fields to numbers, empty lat and lng becoming 0', () => {
    const parsed = gameValuesSchema.parse(buildValues({ pg: { place: { lat: '', lng: '24.5', radius: '250' } } }));
    expect(parsed.pg.place).toEqual({ lat: 0, lng: 24.5, radius: 250 });
  });

  it('rejects non-numeric and out-of-range coordinates', () => {
    expect(errorsOf({ pg: { place: { lat: 'north' } } })['pg.place.lat']).toBe(GAME_MESSAGES.notANumber);
    expect(errorsOf({ pg: { place: { lng: 181 } } })['pg.place.lng']).toBe(GAME_MESSAGES.longitudeRange);
  });

  it("says 'Must be > min age' when maxAge does not exceed minAge", () => {
    expect(errorsOf({ minAge: 16, maxAge: 16 })['maxAge']).toBe('Must be > min age');
    expect(errorsOf({ minAge: 16, maxAge: 12 })['maxAge']).toBe('Must be > min age');
    expect(errorsOf({ minAge: 16, maxAge: 17 })['maxAge']).toBeUndefined();
  });

  it("says 'Must be >= 18' on minAge for an adults-only game", () => {
    expect(errorsOf({ adultsOnly: true, minAge: 17 })['minAge']).toBe('Must be >= 18');
    expect(errorsOf({ adultsOnly: true, minAge: 18 })['minAge']).toBeUndefined();
  });

  it('wants whole, non-negative ages', () => {
    expect(errorsOf({ minAge: 12.5 })['minAge']).toBe(GAME_MESSAGES.wholeNumber);
    expect(errorsOf({ minAge: -1 })['minAge']).toBe(GAME_MESSAGES.notNegative);
    expect(errorsOf({ maxAge: 'old' })['maxAge']).toBe(GAME_MESSAGES.notANumber);
  });

  it('asks for a start and a timezone of the playing period', () => {
    const message = 'Please specify at least a start date and time with timezone';
    expect(errorsOf({ playingPeriod: { start: '' } })['playingPeriod']).toBe(message);
    expect(errorsOf({ playingPeriod: { timezone: '' } })['playingPeriod']).toBe(message);
    expect(errorsOf({ playingPeriod: null })['playingPeriod']).toBe(message);
  });

  it("says 'End time must be after the start time' on playingPeriod.end", () => {
    const start = '2025-03-01T10:00:00.000Z';
    expect(errorsOf({ playingPeriod: { start, end: '2025-03-01T09:00:00.000Z' } })['playingPeriod.end']).toBe(
      'End time must be after the start time',
    );
    expect(errorsOf({ playingPeriod: { start, end: start } })['playingPeriod.end']).toBe(
      'End time must be after the start time',
    );
  });

  it('stores playing-period dates as ISO strings in UTC and rejects unknown zones and dates', () => {
    const parsed = gameValuesSchema.parse(
      buildValues({ playingPeriod: { start: '2025-03-01T12:00:00+02:00', end: new Date('2025-03-02T10:00:00Z') } }),
    );
    expect(parsed.playingPeriod).toEqual({
      start: '2025-03-01T10:00:00.000Z',
      end: '2025-03-02T10:00:00.000Z',
      timezone: DEFAULT_TIMEZONE,
    });
    expect(errorsOf({ playingPeriod: { timezone: 'Mars/Olympus' } })['playingPeriod.timezone']).toBe(
      GAME_MESSAGES.unknownTimezone,
    );
    expect(errorsOf({ playingPeriod: { start: 'tomorrow' } })['playingPeriod.start']).toBe(GAME_MESSAGES.invalidDate);
  });

  it("says 'Passcode length must be 6 digits' unless the passcode is empty or 6 long", () => {
    expect(errorsOf({ playPassword: '12345' })['playPassword']).toBe('Passcode length must be 6 digits');
    expect(errorsOf({ playPassword: '1234567' })['playPassword']).toBe('Passcode length must be 6 digits');
    expect(errorsOf({ playPassword: '123456' })['playPassword']).toBeUndefined();
    expect(errorsOf({ playPassword: '' })['playPassword']).toBeUndefined();
  });

  it('requires a logo only when editing an existing game', () => {
    expect(errorsOf({ logoId: null }, 'edit')['logoId']).toBe(GAME_MESSAGES.required);
    expect(errorsOf({ logoId: '' }, 'edit')['logoId']).toBe(GAME_MESSAGES.required);
    expect(errorsOf({ logoId: null }, 'create')['logoId']).toBeUndefined();
    expect(gameValuesSchemaFor('edit').safeParse(buildValues({ logoId: null })).success).toBe(false);
  });

  it('requires currency name and icon when the market is on', () => {
    const errors = errorsOf({ market: true, currencyName: '', currencyIcon: null }, 'edit');
    expect(errors['currencyName']).toBe(GAME_MESSAGES.required);
    expect(errors['currencyIcon']).toBe(GAME_MESSAGES.required);
    // A new game has no media yet: the icon can only be picked after the first save.
    const created = errorsOf({ market: true, currencyName: '', currencyIcon: null }, 'create');
    expect(created['currencyName']).toBe(GAME_MESSAGES.required);
    expect(created['currencyIcon']).toBeUndefined();
    expect(errorsOf({ market: false, currencyName: '' })['currencyName']).toBeUndefined();
  });

  it("requires the market's currency item once the game exists", () => {
    expect(errorsOf({ market: true, currencyItemId: null }, 'edit')['currencyItemId']).toBe(GAME_MESSAGES.required);
    expect(errorsOf({ market: true, currencyItemId: 'coin' }, 'edit')['currencyItemId']).toBeUndefined();
    // Items exist only after the first save; without a market none is needed.
    expect(errorsOf({ market: true, currencyItemId: null }, 'create')['currencyItemId']).toBeUndefined();
    expect(errorsOf({ market: false, currencyItemId: null }, 'edit')['currencyItemId']).toBeUndefined();
  });

  it("says 'Invalid JSON object' for an addon spec that is not a JSON object", () => {
    expect(errorsOf({ addonSpec: '{ bad' })['addonSpec']).toBe('Invalid JSON object');
    expect(errorsOf({ addonSpec: '[1, 2]' })['addonSpec']).toBe('Invalid JSON object');
    expect(errorsOf({ addonSpec: '{"hints": true}' })['addonSpec']).toBeUndefined();
    expect(errorsOf({ addonSpec: '   ' })['addonSpec']).toBeUndefined();
  });

  it.each(['additionalDesignersEmailsText', 'additionalDesignerOnlyAccessEmailsText', 'restrictAccessToEmailsText'])(
    'names the first bad line of %s',
    (field) => {
      expect(errorsOf({ [field]: 'ann@example.com\n\n foo \nbar' })[field]).toBe('Not a valid email: foo');
      expect(errorsOf({ [field]: 'ann@example.com\r\nBob@Example.com' })[field]).toBeUndefined();
    },
  );

  it('reports every broken rule at once', () => {
    const errors = errorsOf({ title: '', minAge: 20, maxAge: 10, playPassword: '1', addonSpec: 'x' });
    expect(Object.keys(errors).sort()).toEqual(['addonSpec', 'maxAge', 'playPassword', 'title']);
  });

  it('enforces the settings interdependencies on what it stores', () => {
    const parsed = gameValuesSchema.parse(
      buildValues({
        multiplayer: false,
        endPolicies: { tradeAssets: true, pickOffers: true, redeemOffers: false },
        rankings: { available: false, showBeforeComplete: true },
      }),
    );
    expect(parsed.endPolicies).toMatchObject({ tradeAssets: false, pickOffers: true, redeemOffers: true });
    expect(parsed.rankings.showBeforeComplete).toBe(false);
  });
});

describe('GPS accuracy and start scene settings', () => {
  it('takes 50 m by default, a whole number of at least 1 m otherwise', () => {
    expect(newGameDefaults(NOW).pg.maxAccuracy).toBe(50);
    expect(gameValuesSchema.parse(buildValues({ pg: { maxAccuracy: '' } })).pg.maxAccuracy).toBe(50);
    expect(gameValuesSchema.parse(buildValues({ pg: { maxAccuracy: '25' } })).pg.maxAccuracy).toBe(25);
    expect(errorsOf({ pg: { maxAccuracy: 0 } })).toEqual({ 'pg.maxAccuracy': GAME_MESSAGES.atLeastOne });
    expect(errorsOf({ pg: { maxAccuracy: 12.5 } })).toEqual({ 'pg.maxAccuracy': GAME_MESSAGES.wholeNumber });
    expect(errorsOf({ pg: { maxAccuracy: 'far' } })).toEqual({ 'pg.maxAccuracy': GAME_MESSAGES.notANumber });
  });

  it('keeps the chosen start scene, and none (the first of the order) when empty', () => {
    expect(gameValuesSchema.parse(buildValues({ startSceneId: 'scene-2' })).startSceneId).toBe('scene-2');
    expect(gameValuesSchema.parse(buildValues({ startSceneId: '' })).startSceneId).toBeNull();
  });
});

describe('newGameDefaults', () => {
  it('matches spec 1 §3', () => {
    const values = newGameDefaults(NOW);
    expect(values.pg).toEqual({
      title: 'Neverland',
      place: { lat: 35.52, lng: 24.02, radius: 1000 },
      type: 'map',
      bgImageId: null,
      mapType: 'standard',
      simulate: false,
      showScenes: true,
      maxAccuracy: 50,
    });
    expect(values).toMatchObject({
      minAge: 12,
      maxAge: 99,
      publicAccess: 'no',
      language: 'en-Us',
      multiplayer: false,
      market: false,
      playPassword: '',
      playingPeriod: { start: NOW.toISOString(), end: null, timezone: 'Europe/Athens' },
    });
    expect(Object.values(values.capabilities).every(Boolean)).toBe(true);
    expect(Object.values(values.endPolicies).some(Boolean)).toBe(false);
    expect(Object.values(values.rankings).some(Boolean)).toBe(false);
    expect(isRichTextEmpty(values.description)).toBe(false);
  });
});

describe('parseEmailList', () => {
  it('trims, lower-cases, de-duplicates and skips blank lines', () => {
    expect(parseEmailList(' Ann@Example.com \n\nbob@example.com\r\nann@example.com\n   ')).toEqual([
      'ann@example.com',
      'bob@example.com',
    ]);
    expect(parseEmailList('')).toEqual([]);
    expect(parseEmailList(null)).toEqual([]);
  });
});

describe('isRichTextEmpty', () => {
  it.each([
    ['', true],
    [null, true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp; </p>\n<p> </p>', true],
    ['<p>Hello</p>', false],
    ['plain', false],
  ])('%j → %s', (html, empty) => {
    expect(isRichTextEmpty(html)).toBe(empty);
  });
});

describe('isValidTimezone', () => {
  it('knows IANA names', () => {
    expect(isValidTimezone('Europe/Athens')).toBe(true);
    expect(isValidTimezone('UTC')).toBe(true);
    expect(isValidTimezone('Nowhere/Special')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
  });
});

describe('applySettingsDependencies', () => {
  const defaults = newGameDefaults(NOW);

  it('turns the on-map options off for an image background and back on for a map', () => {
    const image = applySettingsDependencies(
      { ...defaults, pg: { ...defaults.pg, type: 'image' as const, simulate: true } },
      'pg.type',
    );
    expect(image.pg).toMatchObject({ simulate: false, showScenes: false });
    expect(hasLocationServices(image)).toBe(false);
    const map = applySettingsDependencies({ ...image, pg: { ...image.pg, type: 'map' as const } }, 'pg.type');
    expect(map.pg.showScenes).toBe(true);
    expect(hasLocationServices(map)).toBe(true);
  });

  it('clears trade assets when multiplayer is turned off', () => {
    const values = { ...defaults, multiplayer: false, endPolicies: { ...defaults.endPolicies, tradeAssets: true } };
    expect(applySettingsDependencies(values, 'multiplayer').endPolicies.tradeAssets).toBe(false);
    const multiplayer = { ...values, multiplayer: true };
    expect(applySettingsDependencies(multiplayer, 'multiplayer').endPolicies.tradeAssets).toBe(true);
  });

  it('forces redeem offers on while pick offers is on', () => {
    const values = { ...defaults, endPolicies: { ...defaults.endPolicies, pickOffers: true, redeemOffers: false } };
    expect(applySettingsDependencies(values, 'endPolicies.pickOffers').endPolicies.redeemOffers).toBe(true);
    expect(applySettingsDependencies(values, 'endPolicies.redeemOffers').endPolicies.redeemOffers).toBe(true);
  });

  it('clears show-before-complete when the leaderboard is turned off', () => {
    const values = { ...defaults, rankings: { available: false, showBeforeComplete: true } };
    expect(applySettingsDependencies(values, 'rankings.available').rankings.showBeforeComplete).toBe(false);
  });

  it('does not mutate its input', () => {
    const values = { ...defaults, rankings: { available: false, showBeforeComplete: true } };
    applySettingsDependencies(values, 'rankings.available');
    expect(values.rankings.showBeforeComplete).toBe(true);
  });

  it('tells the form which controls are shown or disabled', () => {
    expect(settingsFieldStates({ ...defaults, endPolicies: { ...defaults.endPolicies, pickOffers: true } })).toEqual({
      locationServices: true,
      bgImageVisible: false,
      mapOptionsVisible: true,
      endPoliciesVisible: false,
      redeemOffersDisabled: true,
      tradeAssetsDisabled: true,
      showBeforeCompleteVisible: false,
    });
  });
});

describe('games list', () => {
  it('defaults the query to my games, page 1 of 10', () => {
    expect(gamesListQuerySchema.parse({})).toEqual({ filter: 'mine', q: undefined, page: 1, pageSize: 10 });
  });

  it('reads query-string values', () => {
    expect(gamesListQuerySchema.parse({ filter: 'shared', q: ' treasure ', page: '3', pageSize: '50' })).toEqual({
      filter: 'shared',
      q: 'treasure',
      page: 3,
      pageSize: 50,
    });
    expect(gamesListQuerySchema.parse({ pageSize: 'all' }).pageSize).toBe('all');
  });

  it('ignores a search of 3 characters or fewer', () => {
    expect(gamesListQuerySchema.parse({ q: 'abc' }).q).toBeUndefined();
    expect(gamesListQuerySchema.parse({ q: 'abcd' }).q).toBe('abcd');
  });

  it('rejects unknown filters, page 0 and other page sizes', () => {
    expect(gamesListQuerySchema.safeParse({ filter: 'others' }).success).toBe(false);
    expect(gamesListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    const result = gamesListQuerySchema.safeParse({ pageSize: '30' });
    expect(result.error?.issues[0]?.message).toBe(GAME_MESSAGES.pageSize);
  });

  it("offers the 'all' filter to admins only", () => {
    expect(gamesListFiltersFor('admin')).toEqual(['mine', 'shared', 'public', 'all']);
    expect(gamesListFiltersFor('designer')).toEqual(['mine', 'shared', 'public']);
  });

  it('describes a card and a full game', () => {
    const owner = { id: 'u1', name: 'Ann' };
    const stored = {
      ...newGameDefaults(NOW),
      title: 'Treasure',
      id: 'g1',
      userId: owner,
      additionalDesigners: [],
      publicVersionId: null,
      isArchived: false,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    };
    expect(gameSchema.parse(stored)).toEqual(stored);
    const item = gamesListItemSchema.parse({ ...stored, rights: ['view'] });
    expect(item.rights).toEqual(['view']);
    expect(gamesListItemSchema.safeParse({ ...stored, rights: ['own'] }).success).toBe(false);
  });
});

describe('GAME_TEXTS', () => {
  it('holds the exact toasts and confirmations', () => {
    expect(GAME_TEXTS.gameCreated('Treasure')).toBe('Game Treasure created');
    expect(GAME_TEXTS.gameSaved('Treasure')).toBe('Game Treasure saved');
    expect(GAME_TEXTS.gameDeleted).toBe('Game deleted');
    expect(GAME_TEXTS.gameCloned).toBe('Game cloned');
    expect(GAME_TEXTS.gameUnpublished).toEqual({ title: 'Success', body: 'Game Unpublished!' });
    expect(GAME_TEXTS.gameArchived).toEqual({ title: 'Success', body: 'Game Archived!' });
    expect(GAME_TEXTS.confirmIrreversible).toBe('Operation cannot be Undone. Do you want to proceed?');
    expect(GAME_TEXTS.confirmDelete).toBe('Are you really sure?');
  });
});
