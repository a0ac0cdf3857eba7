import {
  DOMAIN_CATALOGUE,
  type DomainCatalogue,
  type DomainGroup,
  type DomainKey,
  type DomainTranslation,
} from './catalogue.js';
import { DOMAIN_EL } from './el.js';
import type { InterfaceLanguage } from '../constants.js';

export * from './catalogue.js';
export { DOMAIN_EL } from './el.js';

const TRANSLATIONS: Record<InterfaceLanguage, DomainTranslation> = { en: DOMAIN_CATALOGUE, el: DOMAIN_EL };

type Entry = string | ((...args: never[]) => string) | { readonly [field: string]: Entry };
type Arguments<T> = T extends (...args: infer A) => string ? A : [];

/**
 * A text of DOMAIN_CATALOGUE in `language`: `domainTextIn('el', 'DESIGN_TEXTS', 'saved', 'Harbour')`.
 * English is the catalogue itself, word for word.
 */
export function domainTextIn<G extends DomainGroup, K extends DomainKey<G>>(
  language: InterfaceLanguage,
  group: G,
  key: K,
  ...args: Arguments<DomainCatalogue[G][K]>
): DomainCatalogue[G][K] extends (...args: never[]) => string ? string : DomainCatalogue[G][K] {
  const entry = (TRANSLATIONS[language][group] as Record<string, Entry>)[key];
  return (typeof entry === 'function' ? (entry as (...values: unknown[]) => string)(...args) : entry) as never;
}

/**
 * A text of DOMAIN_CATALOGUE by its key and arguments, to be said in the reader's language later (the server's
 * answer, a socket's reply, a design finding): `domainTextRef('DESIGN_API_MESSAGES', 'usedBy', users)`.
 * Plain data (JSON-safe when its arguments are), so it can travel to the client as it is.
 */
export interface DomainTextRef {
  group: DomainGroup;
  key: string;
  args: unknown[];
}

export function domainTextRef<G extends DomainGroup, K extends DomainKey<G>>(
  group: G,
  key: K,
  ...args: Arguments<DomainCatalogue[G][K]>
): DomainTextRef {
  return { group, key, args };
}

/** Whether `value` is a DomainTextRef of a text the catalogue has. */
export function isDomainTextRef(value: unknown): value is DomainTextRef {
  if (typeof value !== 'object' || value === null) return false;
  const { group, key, args } = value as Partial<DomainTextRef>;
  return (
    typeof group === 'string' &&
    typeof key === 'string' &&
    Array.isArray(args) &&
    Object.hasOwn(DOMAIN_CATALOGUE, group) &&
    Object.hasOwn(DOMAIN_CATALOGUE[group], key)
  );
}

/** A DomainTextRef said in `language`. */
export function renderDomainText(ref: DomainTextRef, language: InterfaceLanguage): string {
  const entry = (TRANSLATIONS[language][ref.group] as Record<string, Entry> | undefined)?.[ref.key];
  if (typeof entry === 'function') return (entry as (...values: unknown[]) => string)(...ref.args);
  return typeof entry === 'string' ? entry : `${ref.group}.${ref.key}`;
}

/** Every `group.key[.field]` of the English catalogue that `translation` lacks or leaves empty. */
export function missingDomainTexts(translation: DomainTranslation): string[] {
  const missing: string[] = [];
  const visit = (english: Entry, other: Entry | undefined, path: string) => {
    if (typeof english === 'object') {
      for (const [field, value] of Object.entries(english)) {
        visit(value, typeof other === 'object' ? other[field] : undefined, `${path}.${field}`);
      }
    } else if (typeof other !== typeof english || (typeof other === 'string' && other.trim() === '')) {
      missing.push(path);
    }
  };
  for (const [group, entries] of Object.entries(DOMAIN_CATALOGUE)) {
    const other = (translation as Record<string, Record<string, Entry> | undefined>)[group];
    for (const [key, english] of Object.entries(entries as Record<string, Entry>)) {
      visit(english, other?.[key], `${group}.${key}`);
    }
  }
  return missing;
}

// ---- From an English message back to its entry (the server translates the messages of its answers). ----

type ArgumentKind = 'text' | 'list';
interface Pattern {
  regex: RegExp;
  /** For each capture group, the index of the argument it holds. */
  captures: number[];
  kinds: ArgumentKind[];
  translate: (language: InterfaceLanguage) => Entry | undefined;
}

const marker = (index: number) => `\uE000${index}\uE001`;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Calls an English function with markers for its arguments (texts, or lists of one text) to learn its shape. */
function patternOf(fn: (...args: unknown[]) => string, translate: Pattern['translate']): Pattern | undefined {
  const count = fn.length;
  for (let combination = 0; combination < 2 ** count; combination += 1) {
    const kinds = Array.from({ length: count }, (_, index): ArgumentKind =>
      combination & (2 ** index) ? 'list' : 'text',
    );
    let text: string;
    try {
      text = fn(...kinds.map((kind, index) => (kind === 'list' ? [marker(index)] : marker(index))));
    } catch {
      continue;
    }
    const found = [...text.matchAll(/\uE000(\d+)\uE001/g)].map((match) => Number(match[1]));
    if (found.length !== count || new Set(found).size !== count) continue;
    const source = text
      .split(/\uE000\d+\uE001/)
      .map(escapeRegex)
      .join('([\\s\\S]+?)');
    return { regex: new RegExp(`^${source}$`), captures: found, kinds, translate };
  }
  return undefined;
}

interface Index {
  exact: Map<string, Pattern['translate']>;
  patterns: Pattern[];
}

let index: Index | undefined;

function buildIndex(): Index {
  const exact = new Map<string, Pattern['translate']>();
  const patterns: { pattern: Pattern; literal: number }[] = [];
  const visit = (english: Entry, at: (translation: DomainTranslation) => Entry | undefined) => {
    const translate = (language: InterfaceLanguage) => at(TRANSLATIONS[language]);
    if (typeof english === 'string') {
      if (!exact.has(english)) exact.set(english, translate);
    } else if (typeof english === 'function') {
      const pattern = patternOf(english as (...args: unknown[]) => string, translate);
      if (pattern) patterns.push({ pattern, literal: pattern.regex.source.length });
    } else {
      for (const [field, value] of Object.entries(english)) {
        visit(value, (translation) => {
          const parent = at(translation);
          return typeof parent === 'object' ? parent[field] : undefined;
        });
      }
    }
  };
  for (const [group, entries] of Object.entries(DOMAIN_CATALOGUE)) {
    for (const [key, english] of Object.entries(entries as Record<string, Entry>)) {
      visit(english, (translation) => (translation as Record<string, Record<string, Entry>>)[group]?.[key]);
    }
  }
  // The most particular shape first: 'Milestone {name} saved' before '{name} saved'.
  patterns.sort((a, b) => b.literal - a.literal);
  return { exact, patterns: patterns.map(({ pattern }) => pattern) };
}

/**
 * `message` in `language` when it is one of the catalogue's English texts (a parametrised one included:
 * its arguments are read back from the English), else `message` as it is. English is never changed.
 */
export function translateDomainMessage(message: string, language: InterfaceLanguage): string {
  if (language === 'en') return message;
  index ??= buildIndex();
  const exact = index.exact.get(message)?.(language);
  if (typeof exact === 'string') return exact;
  for (const pattern of index.patterns) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const translated = pattern.translate(language);
    if (typeof translated !== 'function') return message;
    const args: unknown[] = [];
    pattern.captures.forEach((argument, capture) => {
      const value = match[capture + 1];
      args[argument] = pattern.kinds[argument] === 'list' ? [value] : value;
    });
    return (translated as (...values: unknown[]) => string)(...args);
  }
  return message;
}
