import { describe, expect, it } from 'vitest';
import { ageOn, PLAY_MESSAGES, profileRefusal } from './play.js';

describe('player profile checks', () => {
  const now = new Date('2026-11-24T10:00:00Z');

  it('counts whole years: one day before the birthday the player is still the younger age', () => {
    expect(ageOn('2008-11-25', now)).toBe(17);
    expect(ageOn('2008-11-24', now)).toBe(18);
    expect(ageOn('2008-02-29', now)).toBe(18);
  });

  it('needs a birth date for adults only, checks ages only when one is given, and asks for the sex when required', () => {
    const ages = { minAge: 12, maxAge: 30, adultsOnly: false, sexRequired: false };
    expect(profileRefusal(ages, { birthDate: null, sex: null }, now)).toBeNull();
    expect(profileRefusal(ages, { birthDate: '2015-01-01', sex: null }, now)).toEqual({
      code: 'AGE_NOT_ALLOWED',
      message: PLAY_MESSAGES.tooYoung(12),
    });
    expect(profileRefusal(ages, { birthDate: '1990-01-01', sex: null }, now)?.message).toBe(PLAY_MESSAGES.tooOld(30));
    expect(profileRefusal({ ...ages, adultsOnly: true }, { birthDate: null, sex: null }, now)?.code).toBe(
      'PROFILE_INCOMPLETE',
    );
    // Adults only raises a lower minimum age to 18.
    expect(profileRefusal({ minAge: 12, adultsOnly: true }, { birthDate: '2009-01-01', sex: null }, now)?.message).toBe(
      PLAY_MESSAGES.tooYoung(18),
    );
    expect(profileRefusal({ sexRequired: true }, { birthDate: null, sex: null }, now)?.message).toBe(
      PLAY_MESSAGES.sexRequired,
    );
    expect(profileRefusal({ sexRequired: true }, { birthDate: null, sex: 'other' }, now)).toBeNull();
    expect(profileRefusal({ photoRequired: true }, { birthDate: null, sex: null }, now)).toEqual({
      code: 'PROFILE_INCOMPLETE',
      message: PLAY_MESSAGES.photoRequired,
    });
    expect(profileRefusal({ photoRequired: true }, { birthDate: null, sex: null, photoId: 'p1' }, now)).toBeNull();
  });
});
