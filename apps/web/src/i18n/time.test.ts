import { afterEach, describe, expect, it } from 'vitest';
import i18n, { formatNumber, ONE_DECIMAL } from './index';
import { formatTime } from './time';

describe('formatTime', () => {
  const when = '2026-11-23T17:53:04.000Z';

  it('shows a time in the game’s zone with the zone named', () => {
    expect(formatTime(when, { zone: 'Europe/Athens', language: 'en' })).toBe('23 Nov 2026, 19:53 (Europe/Athens)');
    expect(formatTime(when, { zone: 'UTC', language: 'en' })).toBe('23 Nov 2026, 17:53 (UTC)');
    expect(formatTime(when, { zone: 'Europe/Athens', style: 'seconds', language: 'en' })).toBe(
      '23 Nov 2026, 19:53:04 (Europe/Athens)',
    );
  });

  it('has one format per language', () => {
    expect(formatTime(when, { zone: 'Europe/Athens', language: 'el' })).toBe('23 Νοε 2026, 19:53 (Europe/Athens)');
  });

  it('falls back to the browser’s zone for an unknown one, and a dash for no time', () => {
    expect(formatTime(when, { zone: 'Mars/Olympus', language: 'en' })).toMatch(/^23 Nov 2026, \d\d:53 \(.+\)$/);
    expect(formatTime(null)).toBe('—');
    expect(formatTime('someday')).toBe('—');
  });
});

describe('dates and numbers follow the interface language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('writes times and numbers in Greek once the interface is Greek, without being told', async () => {
    const when = '2026-11-23T17:53:00Z';
    expect(formatTime(when, { zone: 'Europe/Athens' })).toBe('23 Nov 2026, 19:53 (Europe/Athens)');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    await i18n.changeLanguage('el');
    expect(formatTime(when, { zone: 'Europe/Athens' })).toBe('23 Νοε 2026, 19:53 (Europe/Athens)');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatNumber(2, ONE_DECIMAL)).toBe('2,0');
  });
});
