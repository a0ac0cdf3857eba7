import { playerLanguageOf, type PlayerLanguage } from '@loci/domain';
import i18n, { accountLanguage, addLanguages, i18nReady, PICKED_LANGUAGE_KEY } from './index';

// The player's own interface in six languages (issue 31; docs/play.md "Languages"): imported by the player's
// entry (play-main.tsx) only, so the console — which speaks English and Greek — carries nothing of the others.
// Each language's texts (./player/{language}.json, every text the player shows: player-keys.ts) and its dayjs
// locale (dates in the lobby and at the end) load when the player first speaks it.

addLanguages({
  de: () => Promise.all([import('./player/de.json'), import('dayjs/locale/de')]).then(([texts]) => texts),
  fr: () => Promise.all([import('./player/fr.json'), import('dayjs/locale/fr')]).then(([texts]) => texts),
  it: () => Promise.all([import('./player/it.json'), import('dayjs/locale/it')]).then(([texts]) => texts),
  es: () => Promise.all([import('./player/es.json'), import('dayjs/locale/es')]).then(([texts]) => texts),
});

/** The last language spoken on this device (i18n/index.ts keeps it). */
const LANGUAGE_KEY = 'lociLanguage';

const stored = (key: string) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key));

// A language picked here wins over the account's (which offers English and Greek only).
accountLanguage.applies = () => playerLanguageOf(stored(PICKED_LANGUAGE_KEY)) === undefined;

/**
 * The player's language on opening a play link: the one spoken last on this device (picked in the player's menu,
 * or the console's), else the device's first language the player speaks (`navigator.languages`), else English.
 */
export function firstPlayerLanguage(last: string | null, device: readonly string[]): PlayerLanguage {
  const known = playerLanguageOf(last);
  if (known) return known;
  for (const tag of device) {
    const language = playerLanguageOf(tag);
    if (language) return language;
  }
  return 'en';
}

/**
 * Resolves when the texts of the player's first language are there (play-main.tsx renders after it). Never
 * fails: texts that could not load (offline on a first visit) leave the player in English, the fallback.
 */
export const playerI18nReady: Promise<void> = i18nReady.then(async () => {
  const device = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  const language = firstPlayerLanguage(stored(LANGUAGE_KEY), device);
  if (language === i18n.language) return;
  try {
    await i18n.changeLanguage(language);
  } catch (error: unknown) {
    console.warn(`The ${language} texts did not load: the player is in English`, error);
  }
});
