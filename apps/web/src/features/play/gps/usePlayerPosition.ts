import { useCallback, useEffect, useRef, useState } from 'react';
import { shouldSendPosition, watchDevicePosition, type LatLng, type SentPosition } from './geolocation';

const browserGeolocation = () => ('geolocation' in navigator ? navigator.geolocation : undefined);

/**
 * Where the player is on the map and how the server learns of it: with `followDevice`
 * the device's GPS (sent after a move of a few metres, or every 15 s at most),
 * otherwise only `moveTo` (the virtual walker, the debugging tools), each move sent.
 */
export function usePlayerPosition(options: {
  initial: LatLng | null;
  followDevice: boolean;
  send: (position: LatLng) => void;
  /** The browser's geolocation unless a test gives its own. */
  geolocation?: Geolocation;
}) {
  const { followDevice } = options;
  const [position, setPosition] = useState<LatLng | null>(options.initial);
  const [gpsError, setGpsError] = useState<string | null>(null);
  const lastSent = useRef<SentPosition | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const report = useCallback((next: LatLng, always: boolean) => {
    setPosition(next);
    const now = Date.now();
    if (always || shouldSendPosition(lastSent.current, next, now)) {
      lastSent.current = { ...next, at: now };
      latest.current.send(next);
    }
  }, []);

  useEffect(() => {
    if (!followDevice) return;
    return watchDevicePosition(
      latest.current.geolocation ?? browserGeolocation(),
      (next) => report(next, false),
      setGpsError,
    );
  }, [followDevice, report]);

  // A simulated route (the playtest's) gives the accuracy of its noisy fixes too.
  const moveTo = useCallback(
    (lat: number, lng: number, accuracy?: number) =>
      report({ lat, lng, ...(accuracy !== undefined ? { accuracy } : {}) }, true),
    [report],
  );
  const here = useRef(position);
  useEffect(() => {
    here.current = position;
  }, [position]);
  /** Sends where the player is again (a dwell time is up: the engine enters the place on the next fix). */
  const resend = useCallback(() => {
    if (here.current) report(here.current, true);
  }, [report]);
  return { position, moveTo, resend, gpsError };
}
