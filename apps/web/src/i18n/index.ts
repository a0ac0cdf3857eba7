import { playerLanguageOf, type PlayerLanguage } from '@loci/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'el', label: 'Ελληνικά' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];

const LANGUAGE_STORAGE_KEY = 'lociLanguage';

function initialLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return stored === 'el' ? 'el' : 'en';
}

void i18n.use(initReactI18next).init({
  // English only: it is the fallback. Another language's texts load when the interface first speaks it.
  resources: { en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

type LanguageTexts = () => Promise<{ default: object }>;

/**
 * The texts of each language but English (the player's first load carries the English only). The console speaks
 * English and Greek; the player's build adds German, French, Italian and Spanish (./player.ts, `addLanguages`),
 * so that the console's bundle carries nothing of them.
 */
const LANGUAGE_TEXTS: Record<string, LanguageTexts> = {
  el: () => import('./el.json'),
};
const loadedLanguages = new Set<string>(['en']);

/** More languages this page speaks, each with its texts (loaded when first spoken). */
export function addLanguages(texts: Record<string, LanguageTexts>): void {
  Object.assign(LANGUAGE_TEXTS, texts);
}

/** The languages this page's interface speaks: English, Greek and those added (the player's six). */
export function interfaceLanguages(): string[] {
  return ['en', ...Object.keys(LANGUAGE_TEXTS)];
}

/**
 * Whether the account's chosen language (AuthProvider) switches the interface: always in the console; the player
 * (./player.ts) keeps a language picked in its own menu on this device instead.
 */
export const accountLanguage = { applies: (): boolean => true };

/** Where a language picked in the player's menu is kept on this device (over the account's: ./player.ts). */
export const PICKED_LANGUAGE_KEY = 'lociPlayerLanguage';

/** Switches the interface to a language the player picked in its menu, and remembers the pick on this device. */
export async function pickLanguage(language: string): Promise<void> {
  localStorage.setItem(PICKED_LANGUAGE_KEY, language);
  await i18n.changeLanguage(language);
}

/** Loads the texts of `language` (once); resolves at once for English or a language the app does not know. */
export async function loadLanguage(language: string): Promise<void> {
  const load = LANGUAGE_TEXTS[language];
  if (!load || loadedLanguages.has(language)) return;
  const { default: texts } = await load();
  // Deep, over what the features' locales.ts files have added already (as the texts given to init did before).
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  loadedLanguages.add(language);
}

// Every switch of language (the footer's picker, the account's language, tests) loads its texts first.
const switchLanguage = i18n.changeLanguage.bind(i18n);
i18n.changeLanguage = (async (language?: string, callback?: Parameters<typeof i18n.changeLanguage>[1]) => {
  if (language) await loadLanguage(language);
  return switchLanguage(language, callback);
}) as typeof i18n.changeLanguage;

/**
 * Resolves when the texts of the page's first language are there: the entries render after it. It never fails:
 * texts that could not load (offline on a first visit, a page left open across a deploy) leave the page in
 * English, the fallback, rather than blank; the next switch of language tries again.
 */
export const i18nReady: Promise<void> = loadLanguage(i18n.language).catch((error: unknown) =>
  console.warn(`The ${i18n.language} texts did not load: the page is in English`, error),
);

i18n.on('languageChanged', (language) => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
});
// The page speaks its language from the first render (Greek capitals drop their accents only under lang="el").
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export default i18n;

/** One digit after the decimal mark, always (2.0 MB). */
export const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** A number as the interface language writes it: 1,234.5 in English, 1.234,5 in Greek and German. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLanguage(), options).format(value);
}

/**
 * The interface language, for the API's Accept-Language header: one of the player's six (the server answers in
 * English what it cannot say in German, French, Italian or Spanish).
 */
export function currentLanguage(): PlayerLanguage {
  return playerLanguageOf(i18n.language) ?? 'en';
}
