import { describe, expect, it } from 'vitest';
import { specInLanguage, type GameSpec } from '@loci/domain';
import { outputsInSpec, viewOf } from './view.js';
import { act, gameBuilder, option, options, Session } from './test/builders.js';

/** The harbour question in English, with German and Greek translations (issue 31). */
function harbourSpec(): GameSpec {
  const spec = gameBuilder()
    .scene('s1')
    .question('colour', { hasCorrectAnswer: true, correctAnswer: 'blue', attempts: 3 })
    .question('pier', { qType: 'MC', hasCorrectAnswer: true, options: options(3, [1]) })
    .onCode('ask', [act('askQuestion', 'colour')])
    .onCode('pick', [act('askQuestion', 'pier')])
    .onCode('hello', [act('showNotification', undefined, { msg: 'Welcome to the harbour' })])
    .build();
  const rule = spec.entities.rule.find((r) =>
    r.sideeffects.some((a) => a.actionArgs.msg === 'Welcome to the harbour'),
  )!;
  return {
    ...spec,
    translations: {
      de: {
        'interaction:colour:questions:colour-q:correctAnswer': 'blau',
        'interaction:colour:questions:colour-q:title': 'Welche Farbe?',
        'interaction:pier:questions:pier-q:options:o1:description': 'Der alte Pier',
        [`rule:${rule.id}:sideeffects:0:msg`]: 'Willkommen im Hafen',
      },
      el: { 'interaction:colour:questions:colour-q:correctAnswer': 'μπλε' },
    },
  };
}

describe('#languages', () => {
  it("accepts a typed answer in any of the game's languages, whichever language the player reads", () => {
    const spec = harbourSpec();
    for (const [language, answer] of [
      ['en', 'Blue'],
      ['de', 'BLAU'],
      ['de', 'blue'],
      ['en', 'μπλε'],
    ] as const) {
      const session = new Session(specInLanguage(spec, language));
      session.start();
      session.code('ask');
      session.send({ type: 'answer', interactionId: 'colour', answer });
      expect(session.player().questions.colour, `${answer} read in ${language}`).toMatchObject({ passed: true });
    }
    const wrong = new Session(specInLanguage(spec, 'de'));
    wrong.start();
    wrong.code('ask');
    wrong.send({ type: 'answer', interactionId: 'colour', answer: 'rot' });
    expect(wrong.player().questions.colour).toMatchObject({ passed: false });
  });

  it('counts an option chosen in German as the same option', () => {
    const german = new Session(specInLanguage(harbourSpec(), 'de'));
    german.start();
    german.code('pick');
    german.send({ type: 'answer', interactionId: 'pier', answer: 'o1' });
    const english = new Session(harbourSpec());
    english.start();
    english.code('pick');
    english.send({ type: 'answer', interactionId: 'pier', answer: 'o1' });
    expect(german.player().questions.pier).toEqual(english.player().questions.pier);
    expect(german.player().questions.pier).toMatchObject({ passed: true });
  });

  it("tells the player the game's messages in their language, the main language's where none is given", () => {
    const german = new Session(specInLanguage(harbourSpec(), 'de'));
    german.start();
    german.code('hello');
    expect(german.outputs('showNotification')[0]?.message).toBe('Willkommen im Hafen');
    const french = new Session(specInLanguage(harbourSpec(), 'fr'));
    french.start();
    french.code('hello');
    expect(french.outputs('showNotification')[0]?.message).toBe('Welcome to the harbour');
  });
  it("says a waiting statement's options in the language its view is read in, not the one it was asked in", () => {
    const spec = {
      ...gameBuilder()
        .scene('s1')
        .conversation('chat', [{ id: 'hello', options: [option('more', []), option('bye', [])] }])
        .onCode('talk', [act('startConversation', 'chat')])
        .build(),
      translations: { de: { 'interaction:chat:statements:hello:options:bye:actionLabel': 'Tschüss' } },
    };
    // A German player's step: the statement waits with its German labels.
    const german = new Session(specInLanguage(spec, 'de'));
    german.start();
    german.code('talk');
    const waiting = german.player().pending;
    expect(waiting[0]?.options?.map((o) => o.actionLabel)).toEqual(['more', 'Tschüss']);
    // Read in English (the player switched, or a teammate reads English): English labels, the same ids.
    const english = viewOf(spec, german.state, 'p1').pending[0];
    expect(english?.options).toEqual([
      { id: 'more', actionLabel: 'more' },
      { id: 'bye', actionLabel: 'bye' },
    ]);
    expect(outputsInSpec(spec, waiting)[0]).toEqual(english);
    expect(viewOf(specInLanguage(spec, 'de'), german.state, 'p1').pending[0]?.options?.[1]?.actionLabel).toBe(
      'Tschüss',
    );
  });
});

describe('#problems untranslated', () => {
  it('lists texts not yet in another language, as errors when the language must be complete', async () => {
    const { checkGame } = await import('./problems/index.js');
    const spec = harbourSpec();
    const game = { ...spec.game, otherLanguages: ['de'], requiredLanguages: [] as string[] };
    const found = checkGame({ ...spec, game }).filter((p) => p.code.startsWith('untranslated'));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.severity === 'info')).toBe(true);
    expect(found.find((p) => p.entity.id === 'colour')?.message).toMatch(/not yet in German/);
    const required = checkGame({ ...spec, game: { ...game, requiredLanguages: ['de'] } });
    expect(required.filter((p) => p.code === 'untranslated-required').length).toBe(found.length);
    expect(checkGame(spec).some((p) => p.code.startsWith('untranslated'))).toBe(false);
  });
});
