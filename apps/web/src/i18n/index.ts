import {
  domainTextIn,
  languageOf,
  translateDomainMessage,
  type DomainCatalogue,
  type DomainGroup,
  type DomainKey,
  type InterfaceLanguage,
} from '@loci/domain';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import el from './el.json';

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
  resources: { en: { translation: en }, el: { translation: el } },
  lng: initialLanguage(),
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

i18n.on('languageChanged', (language) => {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  document.documentElement.lang = language;
});
// The page speaks its language from the first render (Greek capitals drop their accents only under lang="el").
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export default i18n;

type DomainArguments<T> = T extends (...args: infer A) => string ? A : [];
type DomainAnswer<T> = T extends (...args: never[]) => string ? string : T;

/** What `domainText` needs of i18next's `t`: its language (the `languageCode` key of each language file). */
type Translate = (key: 'languageCode', options: { defaultValue: string }) => string;

/** The interface language a `t` speaks (English for any other). */
export function languageOfT(t: Translate): InterfaceLanguage {
  return languageOf(t('languageCode', { defaultValue: 'en' })) ?? 'en';
}

/**
 * A text of @loci/domain (DESIGN_TEXTS, OPERATION_TEXTS, USER_MESSAGES…: the spec's exact English) in the
 * interface language: `domainText(t, 'DESIGN_TEXTS', 'saved', name)`. The English comes from the domain
 * package (never retyped here), the Greek from its catalogue (packages/domain/src/i18n/el.ts).
 */
export function domainText<G extends DomainGroup, K extends DomainKey<G>>(
  t: Translate,
  group: G,
  key: K,
  ...args: DomainArguments<DomainCatalogue[G][K]>
): DomainAnswer<DomainCatalogue[G][K]> {
  return domainTextIn(languageOfT(t), group, key, ...args) as DomainAnswer<DomainCatalogue[G][K]>;
}

/** A text of USER_MESSAGES in the interface language (see `domainText`). */
export function userMessage(t: Translate, key: DomainKey<'USER_MESSAGES'>): string {
  return domainText(t, 'USER_MESSAGES', key);
}

/**
 * A message that may be one of @loci/domain's English texts (a toast made from a domain constant, a field
 * error of a domain schema) in the current interface language; any other text as it is.
 */
export function inInterfaceLanguage(message: string): string {
  return translateDomainMessage(message, languageOf(i18n.language) ?? 'en');
}

/** One digit after the decimal mark, always (2.0 MB). */
export const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** A number as the interface language writes it: 1,234.5 in English, 1.234,5 in Greek. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(currentLanguage(), options).format(value);
}

/** The interface language, for the API's Accept-Language header. */
export function currentLanguage(): InterfaceLanguage {
  return languageOf(i18n.language) ?? 'en';
}
