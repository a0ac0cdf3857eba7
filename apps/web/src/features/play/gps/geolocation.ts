import type { PlayerView } from '@loci/engine';
import type { PlayGameInfo } from '../../../api/play';
import i18n from '../../../i18n';
import './locales';
import { sceneCircle, type SpecIndex } from '../spec-index';

/** A position on the map; `accuracy` in metres for a device's fix that has one. */
export interface LatLng {
  lat: number;
  lng: number;
  accuracy?: number;
}

/** A position sent to the server, and when. */
export interface SentPosition extends LatLng {
  at: number;
}

// About three metres: less is the receiver's jitter, not the player walking.
const MIN_MOVE_DEGREES = 0.00003;
// Standing still still says where the player is, at most this often.
const RESEND_MS = 15_000;

/** Whether a position from the device is worth sending: a move of a few metres, or the same place after 15 s. */
export function shouldSendPosition(last: SentPosition | null, next: LatLng, now: number): boolean {
  if (!last) return true;
  const moved = Math.abs(last.lat - next.lat) + Math.abs(last.lng - next.lng) > MIN_MOVE_DEGREES;
  return moved || now - last.at > RESEND_MS;
}

/**
 * Follows the device's position with `geolocation` (the browser's, or a test's double):
 * `onPosition` for every fix, `onError` with why there is none. Returns the stop.
 */
export function watchDevicePosition(
  geolocation: Geolocation | undefined,
  onPosition: (position: LatLng) => void,
  onError: (message: string | null) => void,
): () => void {
  if (!geolocation) {
    onError(i18n.t('play.gps.unsupported'));
    return () => {};
  }
  const watch = geolocation.watchPosition(
    (position) => {
      onError(null);
      const { latitude, longitude, accuracy } = position.coords;
      onPosition({ lat: latitude, lng: longitude, ...(Number.isFinite(accuracy) ? { accuracy } : {}) });
    },
    (failure) => onError(i18n.t(`play.gps.failure.${failure.code}`, { defaultValue: failure.message })),
    // Walking between places needs the GPS fix, not the network's guess; a fix of a few seconds is still good.
    { enableHighAccuracy: true, maximumAge: 5000 },
  );
  return () => geolocation.clearWatch(watch);
}

/** Where the player starts on the map: their last position, else their scene's centre, else the game's. */
export function startingPosition(view: PlayerView, index: SpecIndex, game: PlayGameInfo): LatLng {
  if (view.location) return { lat: view.location.latitude, lng: view.location.longitude };
  const scene = index.scene(view.currentSceneId);
  const circle = scene ? sceneCircle(scene) : null;
  return circle ? { lat: circle.lat, lng: circle.lng } : { lat: game.pg.place.lat, lng: game.pg.place.lng };
}
