import { USER_MESSAGES } from '@loci/domain';
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

/**
 * A text of @loci/domain's USER_MESSAGES in the interface language: the
 * English original comes from the domain package (never retyped here); a
 * translation, when there is one, from `domain.<key>` of the language file.
 */
export function userMessage(
  t: (key: string, options: { defaultValue: string }) => string,
  key: keyof typeof USER_MESSAGES,
): string {
  return t(`domain.${key}`, { defaultValue: USER_MESSAGES[key] });
}
