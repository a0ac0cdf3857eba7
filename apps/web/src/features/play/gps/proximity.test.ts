import { describe, expect, it } from 'vitest';
import { bearingDegrees, compassPoint, proximityFrom, trustedFix } from './proximity';

const HARBOUR = { lat: 37.9715, lng: 23.7257 };
// About 49 m and 51 m north of the harbour.
const NEAR = { latitude: HARBOUR.lat + 49 / 111_195, longitude: HARBOUR.lng };
const FAR = { latitude: HARBOUR.lat + 51 / 111_195, longitude: HARBOUR.lng };

describe('proximityFrom', () => {
  it('says in range by the engine’s rule: within the type’s radius, 50 m by default', () => {
    expect(proximityFrom(HARBOUR, { location: NEAR }, undefined, true)).toMatchObject({ inRange: true });
    expect(proximityFrom(HARBOUR, { location: FAR }, undefined, true)).toMatchObject({ inRange: false });
    expect(proximityFrom(HARBOUR, { location: FAR }, { radius: 60, trackable: true }, true).inRange).toBe(true);
    expect(Math.round(proximityFrom(HARBOUR, { location: FAR }, undefined, true).distance!)).toBe(51);
  });

  it('is always in range on image games and for types that are not trackable; never without a position', () => {
    expect(proximityFrom(HARBOUR, { location: FAR }, undefined, false).inRange).toBe(true);
    expect(proximityFrom(HARBOUR, { location: FAR }, { radius: 10, trackable: false }, true).inRange).toBe(true);
    expect(proximityFrom(null, { location: NEAR }, undefined, true)).toEqual({ inRange: false, distance: null });
  });
});

describe('orientation', () => {
  it('gives the bearing and compass point of a target', () => {
    expect(compassPoint(bearingDegrees(HARBOUR, { lat: HARBOUR.lat + 0.01, lng: HARBOUR.lng }))).toBe('N');
    expect(compassPoint(bearingDegrees(HARBOUR, { lat: HARBOUR.lat, lng: HARBOUR.lng + 0.01 }))).toBe('E');
    expect(compassPoint(bearingDegrees(HARBOUR, { lat: HARBOUR.lat - 0.01, lng: HARBOUR.lng - 0.012 }))).toBe('SW');
    expect(compassPoint(350)).toBe('N');
  });

  it('trusts a fix no worse than the game’s threshold', () => {
    expect(trustedFix({ ...HARBOUR, accuracy: 50 }, 50)).toBe(true);
    expect(trustedFix({ ...HARBOUR, accuracy: 51 }, 50)).toBe(false);
    expect(trustedFix(HARBOUR)).toBe(true);
    expect(trustedFix(null)).toBe(false);
  });
});
