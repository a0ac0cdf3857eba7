import { describe, expect, it, vi } from 'vitest';

// The console speaks English and Greek only (issue 31): the player's four other languages are the player's build's
// (./player.ts), which the console never imports.

describe('the console’s languages', () => {
  it('are English and Greek, and a player’s German left on the device opens the console in English', async () => {
    localStorage.setItem('lociLanguage', 'de');
    // A fresh page: i18next without what the test setup's import of ./index added to it (its listeners, its
    // switch of language that loads texts first).
    const { default: previous } = await import('./index');
    previous.off('languageChanged');
    delete (previous as Partial<typeof previous>).changeLanguage;
    vi.resetModules();
    const { default: i18n, interfaceLanguages, currentLanguage } = await import('./index');
    expect(interfaceLanguages()).toEqual(['en', 'el']);
    expect(i18n.language).toBe('en');
    expect(currentLanguage()).toBe('en');
    // Opening the console does not overwrite the player's choice on the device.
    expect(localStorage.getItem('lociLanguage')).toBe('de');
  });

  it('does not reach the player’s catalogues from the console’s entry', async () => {
    const sources = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const importers = Object.entries(sources)
      .filter(([, text]) => /i18n\/player'|from '\.\/player'|player\/\w\w\.json/.test(String(text)))
      .map(([file]) => file.replace(/^\.\.\//, '').replace(/^\.\//, 'i18n/'));
    expect(importers.sort()).toEqual(['i18n/player.ts', 'play-main.tsx']);
  });
});
