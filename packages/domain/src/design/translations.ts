import { z } from 'zod';
import type { DesignKind } from './registry.js';

/**
 * One game in many languages (issue 31). A game has a main language (its
 * `language` setting) and any number of other languages; every text a player
 * reads has a value per language, falling back to the main language.
 *
 * Translations are keyed by a TEXT ID made of the entity's id and the field's
 * path — `scene:<id>:title`, `interaction:<id>:questions:<qid>:options:<oid>:description`,
 * `game:description` — so an id stays the same across versions as long as the
 * entity (and the list entry) does. They are kept beside the spec, never in the
 * entities: `{ de: { 'scene:…:title': 'Der Hafen' } }`.
 */

/** The languages a game may have besides English and Greek (whose main-language values are 'en-Us' and 'el-Gr'). */
export const MORE_GAME_LANGUAGES = [
  'de',
  'fr',
  'it',
  'es',
  'pt',
  'nl',
  'tr',
  'ru',
  'pl',
  'sv',
  'zh',
  'ja',
  'ar',
] as const;
/** The languages a game's texts may have (lowercase ISO 639-1), the player's six first. */
export const CONTENT_LANGUAGES = ['en', 'el', ...MORE_GAME_LANGUAGES] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The languages' own names and their English and Greek names (the console is in English and Greek). */
export const CONTENT_LANGUAGE_NAMES: Record<ContentLanguage, { en: string; el: string; own: string }> = {
  en: { en: 'English', el: 'Αγγλικά', own: 'English' },
  el: { en: 'Greek', el: 'Ελληνικά', own: 'Ελληνικά' },
  de: { en: 'German', el: 'Γερμανικά', own: 'Deutsch' },
  fr: { en: 'French', el: 'Γαλλικά', own: 'Français' },
  it: { en: 'Italian', el: 'Ιταλικά', own: 'Italiano' },
  es: { en: 'Spanish', el: 'Ισπανικά', own: 'Español' },
  pt: { en: 'Portuguese', el: 'Πορτογαλικά', own: 'Português' },
  nl: { en: 'Dutch', el: 'Ολλανδικά', own: 'Nederlands' },
  tr: { en: 'Turkish', el: 'Τουρκικά', own: 'Türkçe' },
  ru: { en: 'Russian', el: 'Ρωσικά', own: 'Русский' },
  pl: { en: 'Polish', el: 'Πολωνικά', own: 'Polski' },
  sv: { en: 'Swedish', el: 'Σουηδικά', own: 'Svenska' },
  zh: { en: 'Chinese', el: 'Κινεζικά', own: '中文' },
  ja: { en: 'Japanese', el: 'Ιαπωνικά', own: '日本語' },
  ar: { en: 'Arabic', el: 'Αραβικά', own: 'العربية' },
};

/** Whether `value` is one of the content languages. */
export function isContentLanguage(value: unknown): value is ContentLanguage {
  return typeof value === 'string' && (CONTENT_LANGUAGES as readonly string[]).includes(value);
}

/** The ISO code of a game's `language` setting ('el-Gr' → 'el', 'en-Us' → 'en', 'de' → 'de'). */
export function languageCodeOf(gameLanguage: unknown): ContentLanguage {
  const code = typeof gameLanguage === 'string' ? gameLanguage.slice(0, 2).toLowerCase() : '';
  return isContentLanguage(code) ? code : 'en';
}

/** Translations by language, then by text id. */
export type Translations = Record<string, Record<string, string>>;
export const translationsSchema = z.record(z.string(), z.record(z.string(), z.string()));

/** What a game's settings say about languages (absent on games saved before issue 31). */
export interface GameLanguages {
  /** The main language's code. */
  main: ContentLanguage;
  /** The other languages, in the designer's order, without the main one. */
  others: ContentLanguage[];
  /** Languages that must be complete before publishing. */
  required: ContentLanguage[];
}

/** The languages of a game from its settings (`language`, `otherLanguages`, `requiredLanguages`). */
export function gameLanguagesOf(settings: {
  language?: unknown;
  otherLanguages?: unknown;
  requiredLanguages?: unknown;
}): GameLanguages {
  const main = languageCodeOf(settings.language);
  const list = (value: unknown) =>
    Array.isArray(value) ? [...new Set(value.filter(isContentLanguage))].filter((code) => code !== main) : [];
  const others = list(settings.otherLanguages);
  return { main, others, required: list(settings.requiredLanguages).filter((code) => others.includes(code)) };
}

/**
 * The language a player reads a game in: the first of `wanted` (the player's
 * choice, then the device's languages, e.g. from Accept-Language) the game has,
 * else its main language.
 */
export function pickGameLanguage(
  languages: GameLanguages,
  wanted: readonly (string | null | undefined)[],
): ContentLanguage {
  for (const entry of wanted) {
    const code = languageCodeOf(entry ?? '');
    if (!entry) continue;
    if (code === languages.main || languages.others.includes(code)) return code;
  }
  return languages.main;
}

/** The languages of an Accept-Language header, best first ('de-DE,de;q=0.9,en;q=0.8' → ['de-DE', 'de', 'en']). */
export function acceptedLanguages(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

// ─── The texts of a spec ────────────────────────────────────────────────────

/** Where a text belongs: the game's settings, or a design kind. */
export type TextOwnerKind = 'game' | DesignKind;

/** One text a player reads (or, for accepted answers, types), as the translation table lists it. */
export interface TranslatableText {
  /** Stable across versions: `<kind>:<entityId>:<path>` or `game:<field>`. */
  id: string;
  kind: TextOwnerKind;
  /** The entity's id; null for the game's own texts. */
  entityId: string | null;
  /** The entity's title (or name), for people to read. */
  entityTitle: string;
  /** Where the text is inside the entity, for people: `question.2.option.1.description` (entries numbered from 1). */
  field: string;
  /** The text in the main language. */
  text: string;
  /** Rich text (HTML of the domain's policy). */
  rich: boolean;
}

type Holder = Record<string, unknown>;
interface TextSpot {
  id: string;
  kind: TextOwnerKind;
  entityId: string | null;
  entityTitle: string;
  field: string;
  rich: boolean;
  holder: Holder;
  key: string;
}

const isObject = (value: unknown): value is Holder =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const listOf = (value: unknown): Holder[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The fields with texts of each kind: [field, rich]. */
const PLAIN = false;
const RICH = true;
const ENTITY_FIELDS: Partial<Record<DesignKind, ReadonlyArray<readonly [string, boolean]>>> = {
  scene: [['title', PLAIN]],
  mission: [
    ['title', PLAIN],
    ['description', RICH],
  ],
  interaction: [
    ['title', PLAIN],
    ['buttonLabel', PLAIN],
    ['buttonLabelSecondary', PLAIN],
    ['buttonLabelTertiary', PLAIN],
    ['description', RICH],
    ['descriptionSecondary', RICH],
  ],
  character: [['title', PLAIN]],
  item: [
    ['title', PLAIN],
    ['description', RICH],
  ],
  attribute: [
    ['title', PLAIN],
    ['description', RICH],
  ],
  archetype: [
    ['title', PLAIN],
    ['description', RICH],
    ['actionLabelContact', PLAIN],
    ['actionLabelAct', PLAIN],
  ],
  offer: [
    ['title', PLAIN],
    ['description', RICH],
    ['actionLabelContact', PLAIN],
    ['actionLabelAct', PLAIN],
    ['offerorName', PLAIN],
    ['offerorAddress', PLAIN],
    ['offerText', RICH],
    ['offerTerms', RICH],
  ],
  location: [['title', PLAIN]],
};
/** The game's own texts (settings). */
const GAME_FIELDS: ReadonlyArray<readonly [string, boolean]> = [
  ['title', PLAIN],
  ['description', RICH],
  ['instructions', RICH],
  ['terms', RICH],
];
/** Action lists whose actions may carry a message the player reads. */
const ACTION_LISTS = [
  'sideeffects',
  'sideeffectselse',
  'sideeffectsContact',
  'sideeffectsAct',
  'sideeffectsElseContact',
  'sideeffectsElseAct',
];
const ACTION_TEXT_KEYS = ['message', 'msg'];

/** Every place in a spec-shaped value where a translatable text lives (texts may be empty). */
function textSpots(spec: { game?: unknown; entities?: unknown }): TextSpot[] {
  const spots: TextSpot[] = [];
  const game = isObject(spec.game) ? spec.game : {};
  const gameTitle = typeof game.title === 'string' ? game.title : '';
  for (const [key, rich] of GAME_FIELDS) {
    spots.push({
      id: `game:${key}`,
      kind: 'game',
      entityId: null,
      entityTitle: gameTitle,
      field: key,
      rich,
      holder: game,
      key,
    });
  }
  const entities = isObject(spec.entities) ? spec.entities : {};
  for (const [kind, list] of Object.entries(entities) as Array<[DesignKind, unknown]>) {
    for (const entity of listOf(list)) {
      if (typeof entity.id !== 'string') continue;
      const entityId = entity.id;
      const entityTitle = String(entity.title || entity.name || '');
      const base = `${kind}:${entityId}`;
      // The id names list entries by their ids (stable); the field people read numbers them from 1 instead.
      const add = (holder: Holder, key: string, path: string, rich: boolean, shown = path) =>
        spots.push({
          id: `${base}:${path.replaceAll('.', ':')}`,
          kind,
          entityId,
          entityTitle,
          field: shown,
          rich,
          holder,
          key,
        });
      for (const [key, rich] of ENTITY_FIELDS[kind] ?? []) add(entity, key, key, rich);
      if (kind === 'interaction') {
        if (isObject(entity.direction)) add(entity.direction, 'title', 'direction.title', PLAIN);
        listOf(entity.questions).forEach((question, qIndex) => {
          const q = `questions.${String(question.id)}`;
          const qs = `question.${qIndex + 1}`;
          add(question, 'title', `${q}.title`, PLAIN, `${qs}.title`);
          add(question, 'description', `${q}.description`, RICH, `${qs}.description`);
          add(question, 'hint', `${q}.hint`, PLAIN, `${qs}.hint`);
          // A typed answer: accepted in any of the game's languages (the engine reads every language's).
          if (question.qType !== 'MC' && question.dType !== 'number' && !question.correctAnswerBinary) {
            add(question, 'correctAnswer', `${q}.correctAnswer`, PLAIN, `${qs}.correctAnswer`);
          }
          listOf(question.options).forEach((option, oIndex) => {
            const path = `${q}.options.${String(option.id)}.description`;
            add(option, 'description', path, RICH, `${qs}.option.${oIndex + 1}.description`);
          });
        });
        const conversation = isObject(entity.conversation) ? entity.conversation : {};
        listOf(conversation.statements).forEach((statement, sIndex) => {
          const s = `statements.${String(statement.id)}`;
          const ss = `statement.${sIndex + 1}`;
          add(statement, 'body', `${s}.body`, RICH, `${ss}.body`);
          add(statement, 'repliedWith', `${s}.repliedWith`, PLAIN, `${ss}.repliedWith`);
          if (isObject(statement.direction)) {
            add(statement.direction, 'title', `${s}.direction.title`, PLAIN, `${ss}.direction.title`);
          }
          listOf(statement.options).forEach((option, oIndex) => {
            const o = `${s}.options.${String(option.id)}`;
            const os = `${ss}.answer.${oIndex + 1}`;
            add(option, 'actionLabel', `${o}.actionLabel`, PLAIN, `${os}.actionLabel`);
            listOf(option.actions).forEach((action, index) => {
              if (!isObject(action.actionArgs)) return;
              for (const key of ACTION_TEXT_KEYS) {
                add(action.actionArgs, key, `${o}.actions.${index}.${key}`, PLAIN, `${os}.action.${index + 1}.${key}`);
              }
            });
          });
        });
      }
      if (kind === 'mission') {
        const accomplishment = isObject(entity.accomplishment) ? entity.accomplishment : {};
        listOf(accomplishment.submissions).forEach((sub, index) => {
          add(sub, 'title', `submissions.${String(sub.id)}.title`, PLAIN, `task.${index + 1}.title`);
          add(sub, 'description', `submissions.${String(sub.id)}.description`, RICH, `task.${index + 1}.description`);
        });
      }
      if ((kind === 'archetype' || kind === 'offer') && isObject(entity.payloadSpec)) {
        for (const [name, property] of Object.entries(entity.payloadSpec)) {
          if (isObject(property)) add(property, 'label', `payloadSpec.${name}.label`, PLAIN);
        }
      }
      for (const listKey of ACTION_LISTS) {
        listOf(entity[listKey]).forEach((action, index) => {
          if (!isObject(action.actionArgs)) return;
          for (const key of ACTION_TEXT_KEYS) {
            add(action.actionArgs, key, `${listKey}.${index}.${key}`, PLAIN, `${listKey}.${index + 1}.${key}`);
          }
        });
      }
    }
  }
  return spots;
}

/**
 * Every non-empty text of a spec (or of the working design shaped like one)
 * that has a value per language, in the order a designer meets them: the
 * game's, then each kind's entities.
 */
export function translatableTexts(spec: { game?: unknown; entities?: unknown }): TranslatableText[] {
  return textSpots(spec).flatMap(({ holder, key, ...rest }) => {
    const text = holder[key];
    return typeof text === 'string' && text.trim() !== '' ? [{ ...rest, text }] : [];
  });
}

/** Whether a translation counts (an empty one falls back to the main language). */
const isGiven = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** How much of a language is translated: texts with a value, of all texts. */
export interface LanguageCoverage {
  language: string;
  translated: number;
  total: number;
  /** Whole percent, rounded down (100 only when complete); 100 for a game without texts. */
  percent: number;
}

/** The coverage of `language` over `texts`. */
export function coverageOf(
  texts: readonly TranslatableText[],
  translations: Translations,
  language: string,
): LanguageCoverage {
  const own = translations[language] ?? {};
  const translated = texts.filter((text) => isGiven(own[text.id])).length;
  const total = texts.length;
  return { language, translated, total, percent: total === 0 ? 100 : Math.floor((translated * 100) / total) };
}

/** The texts of `texts` with no value in `language`. */
export function untranslatedTexts(
  texts: readonly TranslatableText[],
  translations: Translations,
  language: string,
): TranslatableText[] {
  const own = translations[language] ?? {};
  return texts.filter((text) => !isGiven(own[text.id]));
}

/**
 * Every value a text has in any language: the main one first, then each
 * translation given. Typed answers are accepted in any of these.
 */
export function textInEveryLanguage(translations: Translations | undefined, id: string, main: string): string[] {
  const values = [main];
  for (const own of Object.values(translations ?? {})) {
    const value = own?.[id];
    if (isGiven(value) && !values.includes(value)) values.push(value);
  }
  return values;
}

/** Only the translations of texts that exist and of languages the game has (what a spec or a bundle keeps). */
export function keptTranslations(
  texts: readonly TranslatableText[],
  translations: Translations,
  languages: readonly string[],
): Record<string, Record<string, string>> {
  const ids = new Set(texts.map((text) => text.id));
  const kept: Record<string, Record<string, string>> = {};
  for (const language of languages) {
    const own = translations[language] ?? {};
    const entries = Object.entries(own).filter(([id, value]) => ids.has(id) && isGiven(value));
    if (entries.length > 0) kept[language] = Object.fromEntries(entries);
  }
  return kept;
}

const jsonCopy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const localized = new WeakMap<object, Map<string, unknown>>();

/**
 * The spec in `language`: a copy whose every translatable text is that
 * language's translation when it has one, else the main language's. The main
 * language (or a language without translations) gives the spec itself. The
 * same spec object and language always give the same object, so whatever is
 * cached per spec (the engine's compiled spec, the player-safe copy) is made
 * once per language. Ids, numbers and every rule are untouched: answers compare
 * by meaning whatever the language.
 */
export function specInLanguage<S extends { game: unknown; entities: unknown; translations?: Translations }>(
  spec: S,
  language: string | null | undefined,
): S {
  if (!language) return spec;
  const own = spec.translations?.[language];
  if (!own || Object.keys(own).length === 0) return spec;
  let byLanguage = localized.get(spec);
  if (!byLanguage) {
    byLanguage = new Map();
    localized.set(spec, byLanguage);
  }
  const cached = byLanguage.get(language);
  if (cached) return cached as S;
  // Specs are JSON (they are stored as JSONB), so a JSON copy is a whole copy.
  const copy = { ...spec, game: jsonCopy(spec.game), entities: jsonCopy(spec.entities) };
  for (const spot of textSpots(copy)) {
    // Accepted answers are never shown: the engine accepts every language's (textInEveryLanguage).
    if (spot.key === 'correctAnswer') continue;
    const value = own[spot.id];
    if (isGiven(value) && typeof spot.holder[spot.key] === 'string' && spot.holder[spot.key] !== '') {
      spot.holder[spot.key] = value;
    }
  }
  byLanguage.set(language, copy);
  return copy;
}

/** How a text id reads as its parts: kind, entity id and the field path (`questions.q1.title`). */
export function parseTextId(id: string): { kind: string; entityId: string | null; field: string } {
  const parts = id.split(':');
  if (parts[0] === 'game') return { kind: 'game', entityId: null, field: parts.slice(1).join('.') };
  return { kind: parts[0] ?? '', entityId: parts[1] ?? null, field: parts.slice(2).join('.') };
}

/** A text id with its entity ids remapped (bundles and clones give every entity a new id). */
export function remapTextId(id: string, mapId: (oldId: string) => string | undefined): string {
  return id
    .split(':')
    .map((part, index) => (index === 0 ? part : (mapId(part) ?? part)))
    .join(':');
}
