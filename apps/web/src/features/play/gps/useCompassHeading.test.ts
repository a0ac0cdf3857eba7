import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCompassHeading } from './useCompassHeading';

// No device here: synthetic orientation events, as Android's Chrome and iOS's Safari send them.

/** An orientation event of `type` carrying the given readings. */
function orientation(type: string, readings: Record<string, unknown>) {
  return Object.assign(new Event(type), readings);
}

/** A browser with DeviceOrientationEvent; iOS's has requestPermission. */
function stubOrientation(requestPermission?: () => Promise<'granted' | 'denied'>) {
  class StubOrientationEvent extends Event {
    static requestPermission = requestPermission;
  }
  vi.stubGlobal('DeviceOrientationEvent', StubOrientationEvent);
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { ondeviceorientationabsolute?: unknown }).ondeviceorientationabsolute;
});

describe('useCompassHeading', () => {
  it('without DeviceOrientationEvent: no heading and nothing to ask (the arrow stays north-up)', () => {
    vi.stubGlobal('DeviceOrientationEvent', undefined);
    delete (window as { DeviceOrientationEvent?: unknown }).DeviceOrientationEvent;
    const { result } = renderHook(() => useCompassHeading());
    expect(result.current).toMatchObject({ heading: null, needsPermission: false });
  });

  it('Android: an absolute reading is the compass heading (alpha counter-clockwise); a relative one is ignored', () => {
    stubOrientation();
    (window as { ondeviceorientationabsolute?: unknown }).ondeviceorientationabsolute = null;
    const { result } = renderHook(() => useCompassHeading());
    expect(result.current.needsPermission).toBe(false);
    act(() => void window.dispatchEvent(orientation('deviceorientationabsolute', { absolute: true, alpha: 90 })));
    expect(result.current.heading).toBe(270);
    act(() => void window.dispatchEvent(orientation('deviceorientationabsolute', { absolute: false, alpha: 10 })));
    expect(result.current.heading).toBe(270);
  });

  it('a browser with only relative readings never claims a heading', () => {
    stubOrientation();
    const { result } = renderHook(() => useCompassHeading());
    act(() => void window.dispatchEvent(orientation('deviceorientation', { absolute: false, alpha: 120 })));
    expect(result.current.heading).toBeNull();
  });

  it('iOS: nothing is heard before the tap; refused, the player keeps playing without a compass', async () => {
    stubOrientation(async () => 'denied');
    const { result } = renderHook(() => useCompassHeading());
    expect(result.current.needsPermission).toBe(true);
    act(() => void window.dispatchEvent(orientation('deviceorientation', { webkitCompassHeading: 45 })));
    expect(result.current.heading).toBeNull();
    await act(() => result.current.request());
    expect(result.current).toMatchObject({ heading: null, needsPermission: false });
    act(() => void window.dispatchEvent(orientation('deviceorientation', { webkitCompassHeading: 45 })));
    expect(result.current.heading).toBeNull();
  });

  it('iOS: allowed, webkitCompassHeading is the heading; a permission prompt that throws counts as refused', async () => {
    stubOrientation(async () => 'granted');
    const { result } = renderHook(() => useCompassHeading());
    await act(() => result.current.request());
    act(() => void window.dispatchEvent(orientation('deviceorientation', { webkitCompassHeading: 45.4 })));
    expect(result.current).toMatchObject({ heading: 45, needsPermission: false });

    stubOrientation(async () => {
      throw new Error('NotAllowedError');
    });
    const refused = renderHook(() => useCompassHeading());
    await act(() => refused.result.current.request());
    expect(refused.result.current).toMatchObject({ heading: null, needsPermission: false });
  });
});
