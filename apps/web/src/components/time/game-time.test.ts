import { describe, expect, it } from 'vitest';
import { formatGameTime } from './game-time';

// 2026-07-01 09:30 UTC: 12:30 in Athens (summer time), 05:30 in New York.
const INSTANT = '2026-07-01T09:30:00Z';

describe('formatGameTime: times in the game’s timezone, one format per language', () => {
  it('shows the time in the game’s zone, not the browser’s nor UTC', () => {
    expect(formatGameTime(INSTANT, 'Europe/Athens', 'en')).toBe('1 Jul 2026, 12:30 GMT+3');
    expect(formatGameTime(INSTANT, 'America/New_York', 'en-US')).toBe('1 Jul 2026, 05:30 EDT');
    expect(formatGameTime(INSTANT, 'Europe/Athens', 'en', 'time')).toBe('12:30');
  });

  it('writes the month in Greek for Greek readers, with the same format', () => {
    expect(formatGameTime(INSTANT, 'Europe/Athens', 'el')).toBe('1 Ιουλ 2026, 12:30 GMT+3');
  });

  it('writes German, French, Italian and Spanish dates once their dayjs locale is loaded (the player loads it), English before', async () => {
    expect(formatGameTime(INSTANT, 'Europe/Berlin', 'de')).toBe('1 Jul 2026, 11:30 GMT+2');
    await Promise.all([
      import('dayjs/locale/de'),
      import('dayjs/locale/fr'),
      import('dayjs/locale/it'),
      import('dayjs/locale/es'),
    ]);
    expect(formatGameTime(INSTANT, 'Europe/Berlin', 'de-DE')).toBe('1. Juli 2026, 11:30 GMT+2');
    expect(formatGameTime(INSTANT, 'Europe/Paris', 'fr')).toBe('1 juil. 2026, 11:30 GMT+2');
    expect(formatGameTime(INSTANT, 'Europe/Rome', 'it')).toBe('1 lug 2026, 11:30 GMT+2');
    expect(formatGameTime(INSTANT, 'Europe/Madrid', 'es')).toBe('1 jul 2026, 11:30 GMT+2');
    expect(formatGameTime(INSTANT, 'Europe/Lisbon', 'pt')).toBe('1 Jul 2026, 10:30 GMT+1');
  });

  it('falls back to UTC for an unknown zone, and says nothing for no time', () => {
    expect(formatGameTime(INSTANT, 'Mars/Olympus', 'en')).toBe('1 Jul 2026, 09:30 UTC');
    expect(formatGameTime(null, 'Europe/Athens', 'en')).toBe('');
    expect(formatGameTime('not a time', 'Europe/Athens', 'en')).toBe('');
  });
});
