import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { shouldSendPosition, watchDevicePosition, type LatLng } from './geolocation';
import { usePlayerPosition } from './usePlayerPosition';

/** The browser's geolocation as a test drives it: it records the watches and moves the device on demand. */
class FakeGeolocation implements Geolocation {
  watches = new Map<
    number,
    { onFix: PositionCallback; onFailure?: PositionErrorCallback | null; options?: PositionOptions }
  >();
  private nextId = 1;

  watchPosition(onFix: PositionCallback, onFailure?: PositionErrorCallback | null, options?: PositionOptions): number {
    const id = this.nextId++;
    this.watches.set(id, { onFix, onFailure, options });
    return id;
  }

  clearWatch(id: number): void {
    this.watches.delete(id);
  }

  getCurrentPosition(): void {
    throw new Error('the player follows the position; it never asks once');
  }

  /** The device has a fix at `lat`, `lng`, good to `accuracy` metres. */
  moveTo(lat: number, lng: number, accuracy = 5): void {
    const coords = {
      latitude: lat,
      longitude: lng,
      accuracy,
      altitude: null,
      altitudeAccuracy: null,
      heading: null,
      speed: null,
    };
    const position = { coords: { ...coords, toJSON: () => coords }, timestamp: Date.now(), toJSON: () => ({}) };
    for (const watch of this.watches.values()) watch.onFix(position);
  }

  /** The device has no fix (permission refused, no signal). */
  fail(message: string): void {
    const failure = { code: 1, message, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as const;
    for (const watch of this.watches.values()) watch.onFailure?.(failure);
  }
}

const HARBOUR = { lat: 37.9715, lng: 23.7257 };

describe('shouldSendPosition', () => {
  it('sends the first fix, a move of a few metres, and the same place after 15 s', () => {
    expect(shouldSendPosition(null, HARBOUR, 0)).toBe(true);
    const last = { ...HARBOUR, at: 0 };
    expect(shouldSendPosition(last, { lat: HARBOUR.lat + 0.00001, lng: HARBOUR.lng }, 1000)).toBe(false);
    expect(shouldSendPosition(last, { lat: HARBOUR.lat + 0.0001, lng: HARBOUR.lng }, 1000)).toBe(true);
    expect(shouldSendPosition(last, HARBOUR, 15_000)).toBe(false);
    expect(shouldSendPosition(last, HARBOUR, 15_001)).toBe(true);
  });
});

describe('watchDevicePosition', () => {
  it('asks for the GPS fix (high accuracy, at most 5 s old), reports each fix, and stops', () => {
    const geolocation = new FakeGeolocation();
    const fixes: LatLng[] = [];
    const errors: Array<string | null> = [];
    const stop = watchDevicePosition(
      geolocation,
      (fix) => fixes.push(fix),
      (error) => errors.push(error),
    );
    expect([...geolocation.watches.values()].map((watch) => watch.options)).toEqual([
      { enableHighAccuracy: true, maximumAge: 5000 },
    ]);
    geolocation.moveTo(HARBOUR.lat, HARBOUR.lng);
    // The fix's accuracy goes with it: the engine ignores fixes worse than the game's threshold.
    expect(fixes).toEqual([{ ...HARBOUR, accuracy: 5 }]);
    stop();
    expect(geolocation.watches.size).toBe(0);
  });

  it('says why there is no position, and clears it with the next fix', () => {
    const geolocation = new FakeGeolocation();
    const errors: Array<string | null> = [];
    watchDevicePosition(
      geolocation,
      () => {},
      (error) => errors.push(error),
    );
    geolocation.fail('User denied Geolocation');
    geolocation.moveTo(HARBOUR.lat, HARBOUR.lng);
    expect(errors).toEqual(['location access is off for this game', null]);
  });

  it('says it in the player’s language', async () => {
    await i18n.changeLanguage('el');
    try {
      const errors: Array<string | null> = [];
      watchDevicePosition(
        undefined,
        () => {},
        (error) => errors.push(error),
      );
      const geolocation = new FakeGeolocation();
      watchDevicePosition(
        geolocation,
        () => {},
        (error) => errors.push(error),
      );
      geolocation.fail('User denied Geolocation');
      expect(errors).toEqual([
        'Η συσκευή δεν υποστηρίζει εντοπισμό θέσης',
        'η πρόσβαση στη θέση σας είναι κλειστή για αυτό το παιχνίδι',
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says so when the browser has no geolocation', () => {
    const errors: Array<string | null> = [];
    watchDevicePosition(
      undefined,
      () => {},
      (error) => errors.push(error),
    );
    expect(errors).toEqual(['Geolocation is not supported']);
  });
});

describe('usePlayerPosition', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T05:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('follows the device: shows every fix, sends only moves of a few metres or a fix every 15 s', () => {
    const geolocation = new FakeGeolocation();
    const send = vi.fn<(position: LatLng) => void>();
    const { result, unmount } = renderHook(() =>
      usePlayerPosition({ initial: null, followDevice: true, send, geolocation }),
    );
    act(() => geolocation.moveTo(HARBOUR.lat, HARBOUR.lng));
    expect(result.current.position).toEqual({ ...HARBOUR, accuracy: 5 });
    expect(send).toHaveBeenCalledWith({ ...HARBOUR, accuracy: 5 });
    expect(send).toHaveBeenCalledTimes(1);

    // GPS jitter of a metre is shown but not sent…
    const jitter = { lat: HARBOUR.lat + 0.00001, lng: HARBOUR.lng };
    act(() => geolocation.moveTo(jitter.lat, jitter.lng, 30));
    expect(result.current.position).toEqual({ ...jitter, accuracy: 30 });
    expect(send).toHaveBeenCalledTimes(1);
    // …standing still is sent again after 15 s…
    vi.setSystemTime(Date.now() + 15_001);
    act(() => geolocation.moveTo(jitter.lat, jitter.lng));
    expect(send).toHaveBeenCalledTimes(2);
    // …and walking ten metres at once.
    act(() => geolocation.moveTo(HARBOUR.lat + 0.0001, HARBOUR.lng));
    expect(send).toHaveBeenLastCalledWith({ lat: HARBOUR.lat + 0.0001, lng: HARBOUR.lng, accuracy: 5 });
    expect(send).toHaveBeenCalledTimes(3);

    unmount();
    expect(geolocation.watches.size).toBe(0);
  });

  it('shows the GPS failure until a fix comes', () => {
    const geolocation = new FakeGeolocation();
    const { result } = renderHook(() =>
      usePlayerPosition({ initial: HARBOUR, followDevice: true, send: () => {}, geolocation }),
    );
    act(() => geolocation.fail('User denied Geolocation'));
    // Code 1 (permission denied) in the player's words, not the browser's.
    expect(result.current.gpsError).toBe('location access is off for this game');
    expect(result.current.position).toEqual(HARBOUR);
    act(() => geolocation.moveTo(HARBOUR.lat, HARBOUR.lng));
    expect(result.current.gpsError).toBeNull();
  });

  it('leaves the device alone for the virtual walker, and sends each of its moves', () => {
    const geolocation = new FakeGeolocation();
    const send = vi.fn<(position: LatLng) => void>();
    const { result } = renderHook(() =>
      usePlayerPosition({ initial: HARBOUR, followDevice: false, send, geolocation }),
    );
    expect(geolocation.watches.size).toBe(0);
    act(() => result.current.moveTo(HARBOUR.lat + 0.00001, HARBOUR.lng));
    act(() => result.current.moveTo(HARBOUR.lat + 0.00001, HARBOUR.lng));
    expect(send).toHaveBeenCalledTimes(2);
    expect(result.current.position).toEqual({ lat: HARBOUR.lat + 0.00001, lng: HARBOUR.lng });
  });
});
