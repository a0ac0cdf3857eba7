import { languageOf, type InterfaceLanguage } from '@loci/domain';
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
