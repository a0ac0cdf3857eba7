import { describe, expect, it } from 'vitest';
import { gameValuesSchemaFor, newGameDefaults } from '../game.js';
import { migrateGameSpec } from './spec.js';
import {
  acceptedLanguages,
  coverageOf,
  gameLanguagesOf,
  pickGameLanguage,
  remapTextId,
  specInLanguage,
  translatableTexts,
  untranslatedTexts,
} from './translations.js';

const stored = {
  schemaVersion: 2,
  game: { id: 'g', title: 'Harbour walk', description: '<p>Walk the harbour</p>', language: 'en-Us' },
  entities: {
    scene: [{ id: 's1', name: 'pier', title: 'The pier' }],
    interaction: [
      {
        id: 'i1',
        name: 'ask',
        type: 'INTER_ANSWER_QUESTION',
        title: 'A question',
        questions: [
          {
            id: 'q1',
            title: 'Which colour?',
            correctAnswer: 'blue',
            options: [],
          },
        ],
      },
      {
        id: 'i2',
        name: 'talk',
        type: 'INTER_CONVERSATION',
        title: 'The fisherman',
        conversation: {
          statements: [{ id: 'st1', body: '<p>Hello</p>', options: [{ id: 'op1', actionLabel: 'Hi' }] }],
        },
      },
    ],
  },
};

describe('#gameSpec schema 3', () => {
  it('migrates a version 2 spec to version 3 with no translations, its texts unchanged', () => {
    const spec = migrateGameSpec(stored);
    expect(spec.schemaVersion).toBe(3);
    expect(spec.translations).toEqual({});
    expect(spec.entities.scene[0]?.title).toBe('The pier');
  });

  it('keeps the translations of a version 3 spec and drops what is not text', () => {
    const spec = migrateGameSpec({
      ...stored,
      schemaVersion: 3,
      translations: { de: { 'scene:s1:title': 'Der Pier' } },
    });
    expect(spec.translations).toEqual({ de: { 'scene:s1:title': 'Der Pier' } });
    expect(migrateGameSpec({ ...stored, schemaVersion: 3, translations: { de: 7 } }).translations).toEqual({});
  });
});

describe('#translatableTexts', () => {
  it("lists every text a player reads by a stable id of the entity's id and the field", () => {
    const texts = translatableTexts(migrateGameSpec(stored));
    const ids = texts.map((text) => text.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'game:title',
        'game:description',
        'scene:s1:title',
        'interaction:i1:title',
        'interaction:i1:questions:q1:title',
        'interaction:i1:questions:q1:correctAnswer',
        'interaction:i2:statements:st1:body',
        'interaction:i2:statements:st1:options:op1:actionLabel',
      ]),
    );
    expect(texts.find((text) => text.id === 'scene:s1:title')).toMatchObject({
      entityTitle: 'The pier',
      text: 'The pier',
    });
    // Empty texts have nothing to translate.
    expect(ids).not.toContain('game:terms');
  });

  it('counts the coverage of a language and lists what is untranslated', () => {
    const texts = translatableTexts(migrateGameSpec(stored));
    const translations = { de: { 'scene:s1:title': 'Der Pier', 'game:title': 'Hafenweg', 'game:terms': ' ' } };
    const coverage = coverageOf(texts, translations, 'de');
    expect(coverage).toMatchObject({ translated: 2, total: texts.length });
    expect(coverage.percent).toBe(Math.floor((2 * 100) / texts.length));
    expect(untranslatedTexts(texts, translations, 'de').map((text) => text.id)).not.toContain('scene:s1:title');
    expect(coverageOf(texts, translations, 'fr').translated).toBe(0);
  });
});

describe('#specInLanguage', () => {
  it('gives the texts in a language, falling back to the main language, and the same object each time', () => {
    const spec = migrateGameSpec({
      ...stored,
      schemaVersion: 3,
      translations: { de: { 'scene:s1:title': 'Der Pier', 'interaction:i1:questions:q1:correctAnswer': 'blau' } },
    });
    const german = specInLanguage(spec, 'de');
    expect(german.entities.scene[0]?.title).toBe('Der Pier');
    expect(german.entities.interaction[0]?.title).toBe('A question');
    // Accepted answers stay in the main language: the engine accepts every language's.
    expect(german.entities.interaction[0]?.questions[0]?.correctAnswer).toBe('blue');
    expect(specInLanguage(spec, 'de')).toBe(german);
    expect(specInLanguage(spec, 'fr')).toBe(spec);
    expect(spec.entities.scene[0]?.title).toBe('The pier');
  });
});

describe('#gameLanguagesOf', () => {
  it('reads the main language from the old setting and keeps others without it', () => {
    expect(
      gameLanguagesOf({ language: 'el-Gr', otherLanguages: ['el', 'de', 'de', 'xx'], requiredLanguages: ['de', 'fr'] }),
    ).toEqual({
      main: 'el',
      others: ['de'],
      required: ['de'],
    });
    expect(gameLanguagesOf({ language: 'en-Us' })).toEqual({ main: 'en', others: [], required: [] });
  });

  it("picks the player's language when the game has it, else the main one", () => {
    const languages = gameLanguagesOf({ language: 'en-Us', otherLanguages: ['de', 'el'] });
    expect(pickGameLanguage(languages, acceptedLanguages('fr-FR,de;q=0.8,en;q=0.5'))).toBe('de');
    expect(pickGameLanguage(languages, ['it'])).toBe('en');
    expect(pickGameLanguage(languages, [null, 'el-GR'])).toBe('el');
  });

  it('settings keep valid languages and refuse unknown ones with a field error', () => {
    const values = {
      ...newGameDefaults(new Date()),
      title: 'T',
      otherLanguages: ['de', 'en'],
      requiredLanguages: ['de'],
    };
    const parsed = gameValuesSchemaFor('create').parse(values);
    expect(parsed.otherLanguages).toEqual(['de']);
    expect(parsed.requiredLanguages).toEqual(['de']);
    const bad = gameValuesSchemaFor('create').safeParse({ ...values, otherLanguages: ['klingon'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['otherLanguages', 0]);
  });
});

describe('#remapTextId', () => {
  it('renames the ids inside a text id', () => {
    const map = new Map([
      ['i1', 'n1'],
      ['q1', 'nq1'],
    ]);
    expect(remapTextId('interaction:i1:questions:q1:title', (id) => map.get(id))).toBe(
      'interaction:n1:questions:nq1:title',
    );
    expect(remapTextId('game:title', (id) => map.get(id))).toBe('game:title');
  });
});

describe('#diffGameSpecs translations', () => {
  it('tells the changed translations in words, per language', async () => {
    const { diffGameSpecs, describeVersionChange } = await import('./version-diff.js');
    const before = migrateGameSpec({
      ...stored,
      schemaVersion: 3,
      translations: { de: { 'scene:s1:title': 'Der Pier' } },
    });
    const after = migrateGameSpec({
      ...stored,
      schemaVersion: 3,
      translations: { de: { 'scene:s1:title': 'Die Mole' } },
    });
    const diff = diffGameSpecs(before, after);
    const change = diff.changes.find((entry) => entry.id === 'translations:de')!;
    expect(describeVersionChange(change)).toEqual([
      "Game settings 'German translation': Scene «The pier» · title changed from 'Der Pier' to 'Die Mole'",
    ]);
  });
});
