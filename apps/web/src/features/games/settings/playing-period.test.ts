import { describe, expect, it } from 'vitest';
import { PERIOD_TIMES, parseTypedTime, utcToZonedPickerValue, zonedPickerValueToUtc } from './playing-period';

describe('parseTypedTime', () => {
  it('reads what was typed exactly', () => {
    expect(parseTypedTime('18:00')).toEqual({ text: '18:00', rounded: false });
    expect(parseTypedTime('1800')).toEqual({ text: '18:00', rounded: false });
    expect(parseTypedTime('18.30')).toEqual({ text: '18:30', rounded: false });
    expect(parseTypedTime('900')).toEqual({ text: '09:00', rounded: false });
    expect(parseTypedTime('9')).toEqual({ text: '09:00', rounded: false });
    expect(parseTypedTime(' 07:40 ')).toEqual({ text: '07:40', rounded: false });
  });

  it('rounds to 10 minutes and says so', () => {
    expect(parseTypedTime('18:04')).toEqual({ text: '18:00', rounded: true });
    expect(parseTypedTime('18:05')).toEqual({ text: '18:10', rounded: true });
    expect(parseTypedTime('18:57')).toEqual({ text: '19:00', rounded: true });
    expect(parseTypedTime('23:58')).toEqual({ text: '23:50', rounded: true });
  });

  it('refuses what is not a time', () => {
    for (const typed of ['', '24:00', '18:60', 'noon', '18:000', '1:2:3']) expect(parseTypedTime(typed)).toBeNull();
  });

  it('offers the day in 10-minute steps', () => {
    expect(PERIOD_TIMES).toHaveLength(144);
    expect(PERIOD_TIMES.slice(0, 2)).toEqual(['00:00', '00:10']);
    expect(PERIOD_TIMES.at(-1)).toBe('23:50');
  });

  it('stores a typed wall-clock time of the zone as its UTC instant and back', () => {
    const utc = zonedPickerValueToUtc('2030-06-01 18:00:00', 'Europe/Athens');
    expect(utc).toBe('2030-06-01T15:00:00.000Z');
    expect(utcToZonedPickerValue(utc, 'Europe/Athens')).toBe('2030-06-01 18:00:00');
  });
});
