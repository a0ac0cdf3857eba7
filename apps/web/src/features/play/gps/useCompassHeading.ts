import { useCallback, useEffect, useState } from 'react';

/** iOS-style DeviceOrientationEvent: a permission to ask for on a tap, and the compass heading on each event. */
type OrientationEventClass = typeof DeviceOrientationEvent & {
  requestPermission?: () => Promise<'granted' | 'denied'>;
};
type OrientationEvent = DeviceOrientationEvent & { webkitCompassHeading?: number };

const orientationClass = (): OrientationEventClass | undefined =>
  typeof window !== 'undefined' && 'DeviceOrientationEvent' in window
    ? (window.DeviceOrientationEvent as OrientationEventClass)
    : undefined;

/** The compass heading (0 = north, clockwise) of an orientation event, when it carries one. */
export function headingOf(event: OrientationEvent): number | null {
  if (typeof event.webkitCompassHeading === 'number' && Number.isFinite(event.webkitCompassHeading)) {
    return event.webkitCompassHeading;
  }
  // alpha grows counter-clockwise; only an absolute reading is a compass (else it is relative to where the page opened).
  if (event.absolute && typeof event.alpha === 'number') return (360 - event.alpha) % 360;
  return null;
}

/**
 * The device's compass heading, where it has one: Android browsers send
 * `deviceorientationabsolute`; iOS sends `webkitCompassHeading` once the
 * player allowed it (`request`, which must run on a tap). null without a compass.
 */
export function useCompassHeading() {
  const [heading, setHeading] = useState<number | null>(null);
  const [permission, setPermission] = useState<'needed' | 'granted' | 'denied' | 'none'>(() =>
    typeof orientationClass()?.requestPermission === 'function' ? 'needed' : 'none',
  );

  useEffect(() => {
    if (!orientationClass() || permission === 'needed' || permission === 'denied') return;
    const handle = (event: Event) => {
      const next = headingOf(event as OrientationEvent);
      if (next !== null) setHeading(Math.round(next));
    };
    const absolute = 'ondeviceorientationabsolute' in window;
    const name = absolute ? 'deviceorientationabsolute' : 'deviceorientation';
    window.addEventListener(name, handle);
    return () => window.removeEventListener(name, handle);
  }, [permission]);

  const request = useCallback(async () => {
    const ask = orientationClass()?.requestPermission;
    if (!ask) return;
    try {
      setPermission((await ask()) === 'granted' ? 'granted' : 'denied');
    } catch {
      setPermission('denied');
    }
  }, []);

  return { heading, needsPermission: permission === 'needed', request };
}
