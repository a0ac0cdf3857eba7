import { describe, expect, it, vi } from 'vitest';
import { PLAYER_LANGUAGES } from '@loci/domain';
import en from './en.json';
import de from './player/de.json';
import es from './player/es.json';
import fr from './player/fr.json';
import it_ from './player/it.json';
import { CONSOLE_ONLY_KEYS, isPlayerKey } from './player-keys';

// The player's own interface in German, French, Italian and Spanish (issue 31): each catalogue (./player/*.json)
// holds every text the player shows (player-keys.ts), with the same {{variables}}, every plural form its
// language has, no empty text and nothing left in English but the words these languages share with it.

type Texts = Record<string, string>;

/** Every `a.b.c` key of a resource tree whose value is a text, with its text. */
function textsOf(tree: object, prefix = ''): Texts {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]: [string, unknown]) => {
      if (typeof value === 'string') return [[`${prefix}${key}`, value]];
      return typeof value === 'object' && value !== null ? Object.entries(textsOf(value, `${prefix}${key}.`)) : [];
    }),
  );
}

/** The English texts each locales.ts adds, by file (`features/play/locales.ts`). */
async function englishByFile(): Promise<Map<string, Texts>> {
  const loaders = import.meta.glob('../**/*locales.ts');
  vi.resetModules();
  const { default: i18n } = await import('./index');
  const byFile = new Map<string, Texts>();
  let current = '';
  const add = i18n.addResourceBundle.bind(i18n);
  const spy = vi.spyOn(i18n, 'addResourceBundle').mockImplementation((language, namespace, resources, ...rest) => {
    if (language === 'en') byFile.set(current, { ...byFile.get(current), ...textsOf(resources as object) });
    return add(language, namespace, resources, ...rest);
  });
  for (const [file, load] of Object.entries(loaders)) {
    current = file.replace(/^\.\.\//, '');
    await load();
  }
  spy.mockRestore();
  return byFile;
}

/** The English of every text of the interface: en.json and what each locales.ts adds in English. */
async function everyEnglishText(): Promise<Texts> {
  const english: Texts = textsOf(en);
  for (const texts of (await englishByFile()).values()) Object.assign(english, texts);
  return english;
}

/** The English texts the player shows. */
async function playerEnglish(): Promise<Texts> {
  return Object.fromEntries(Object.entries(await everyEnglishText()).filter(([key]) => isPlayerKey(key)));
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/**
 * Keys whose text is the same word in the language as in English (a loanword, a unit, a proper name): anything
 * else equal to its English is a text left untranslated.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  de: [
    'rankings.version',
    'rankings.team',
    'play.direction.away',
    'play.bar.codes',
    'play.dialog.ok',
    'play.dialog.info',
    'play.dialog.quiz',
    'play.offline.waiting_zero',
    'playTeam.avatar',
    'playTeam.codeToShare',
    'playTeam.team',
    'wall.playerPanel.open',
  ],
  fr: [
    'rankings.version',
    'play.direction.away',
    'play.bar.codes',
    'play.bar.trace',
    'play.menu.pause',
    'play.dialog.ok',
    'play.dialog.info',
    'play.dialog.question',
    'play.dialog.quiz',
    'play.dialog.conversation',
    'play.notify.message',
    'playMessages.open',
    'playMessages.title',
    'playTeam.avatar',
    'playTeam.codeToShare',
    'wall.kinds.submission',
  ],
  it: [
    'play.direction.away',
    'play.home',
    'play.dialog.ok',
    'play.dialog.reject',
    'play.dialog.quiz',
    'play.offline.waiting_zero',
    'playTeam.avatar',
    'wall.playerPanel.open',
  ],
  es: ['errors.title', 'play.direction.away', 'play.dialog.reject', 'playTeam.avatar'],
};

/** What is wrong with `catalogue` as the player's texts in `language`, against the player's English. */
function catalogueProblems(language: string, catalogue: object, english: Texts): string[] {
  const texts = textsOf(catalogue);
  const problems: string[] = [];
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  // The keys the language needs: a plural English text (`count_one`, `count_other`) needs the forms of the
  // language (French, Italian and Spanish have `_many` too); `_zero` when English has one.
  const needed = new Map<string, string>();
  for (const [key, text] of Object.entries(english)) {
    const plural = PLURAL.exec(key);
    if (!plural || plural[1] === 'zero') {
      needed.set(key, text);
      continue;
    }
    const base = key.slice(0, -plural[0].length);
    const other = english[`${base}_other`] ?? text;
    for (const category of categories) needed.set(`${base}_${category}`, other);
  }
  for (const [key, englishText] of needed) {
    const text = texts[key];
    if (text === undefined) {
      problems.push(`${language}: no text for ${key}`);
      continue;
    }
    if (text.trim() === '') problems.push(`${language}: ${key} is empty`);
    // A singular may say "the image" where English's other form counts: only {{count}} may go from a `_one`.
    const ownVariables = (of: string) =>
      key.endsWith('_one') ? variables(of).filter((name) => name !== 'count') : variables(of);
    if (ownVariables(text).join() !== ownVariables(englishText).join()) {
      problems.push(
        `${language}: ${key} has {{${variables(text).join('}}, {{')}}} where English has {{${variables(englishText).join('}}, {{')}}}`,
      );
    }
    const sameAllowed = SAME_AS_ENGLISH[language]?.includes(key) ?? false;
    if (key === 'languageCode') {
      if (text !== language) problems.push(`${language}: languageCode is ${text}`);
    } else if (text === english[key] && !sameAllowed && /\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''))) {
      problems.push(`${language}: ${key} is still in English (“${text}”)`);
    }
  }
  for (const key of Object.keys(texts)) {
    if (!needed.has(key)) problems.push(`${language}: ${key} is not a text of the player`);
  }
  return problems;
}

const CATALOGUES: Record<string, object> = { de, fr, it: it_, es };

describe('the player’s catalogues in German, French, Italian and Spanish', () => {
  it('exist for every player language but English and Greek (whose texts are en.json, el.json and locales.ts)', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(
      PLAYER_LANGUAGES.map(({ code }) => code)
        .filter((code) => code !== 'en' && code !== 'el')
        .sort(),
    );
  });

  it('hold every text the player shows: the same keys and {{variables}}, every plural form, all translated', async () => {
    const english = await playerEnglish();
    // The player's interface, not a handful of keys: the play screen, the lobby, messages, teams, rankings.
    expect(Object.keys(english).length).toBeGreaterThan(250);
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      expect(catalogueProblems(language, catalogue, english), language).toEqual([]);
    }
  });

  it('list as the same in English only texts of the catalogue', () => {
    for (const [language, keys] of Object.entries(SAME_AS_ENGLISH)) {
      const texts = textsOf(CATALOGUES[language]!);
      expect(keys.filter((key) => texts[key] === undefined)).toEqual([]);
    }
  });

  it('fail when the player gets a text in English only, or a translation loses a variable or a plural form', async () => {
    const english = await playerEnglish();
    const withNewText = { ...english, 'play.menu.newThing': 'Something new' };
    expect(catalogueProblems('de', de, withNewText)).toEqual(['de: no text for play.menu.newThing']);

    const broken = structuredClone(fr) as typeof fr;
    broken.play.identity.as = 'Vous jouez en tant que {{nom}}';
    delete (broken.play.clock as Partial<typeof broken.play.clock>).minutesLeft_many;
    broken.play.menu.leave = 'Leave the game';
    expect(catalogueProblems('fr', broken, english).sort()).toEqual(
      [
        'fr: no text for play.clock.minutesLeft_many',
        'fr: play.identity.as has {{nom}} where English has {{name}}',
        'fr: play.menu.leave is still in English (“Leave the game”)',
      ].sort(),
    );
  });

  it('count every text of the player’s feature (features/play/) as the player’s or as the console’s, never neither', async () => {
    const consoleOnly = (key: string) =>
      CONSOLE_ONLY_KEYS.some(
        (prefix) => key === prefix || key.startsWith(`${prefix}.`) || key.startsWith(`${prefix}_`),
      );
    const unclassified = [...(await englishByFile())]
      .filter(([file]) => file.startsWith('features/play/'))
      .flatMap(([file, texts]) => Object.keys(texts).map((key) => `${file}: ${key}`))
      .filter((entry) => {
        const key = entry.slice(entry.indexOf(': ') + 2);
        return !isPlayerKey(key) && !consoleOnly(key);
      });
    expect(unclassified, 'add their keys to PLAYER_KEYS or CONSOLE_ONLY_KEYS (player-keys.ts)').toEqual([]);
  });

  it('leave the console’s own texts (a playtest’s trace, an operator’s view) to English and Greek', async () => {
    const english = await everyEnglishText();
    expect(isPlayerKey('play.menu.leave')).toBe(true);
    expect(isPlayerKey('play.simulate.title')).toBe(false);
    expect(isPlayerKey('wayIn.share.title')).toBe(false);
    expect(Object.keys(english).filter((key) => isPlayerKey(key)).length).toBeLessThan(Object.keys(english).length / 3);
  });
});
