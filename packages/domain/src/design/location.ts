import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import { checkConditionBlocks, conditionBlocksField, toConditionBlocks, type ConditionBlock } from './condition.js';
import {
  checkLatLng,
  checkNumber,
  checkRadius,
  flag,
  mediaId,
  nameText,
  numberOr,
  numberOrEmpty,
  refId,
  reporter,
  text,
  titleText,
  type DesignContext,
} from './fields.js';
import {
  DEFAULT_ICON_SIZE,
  DEFAULT_LOCATION_RADIUS,
  LOCATION_CONTACT,
  LOCATION_VISIBILITY,
  type LocationContact,
  type LocationVisibility,
} from './vocabulary.js';

const locationFields = z.object({
  name: nameText,
  title: titleText,
  notes: text,
  sceneId: refId,
  logoId: mediaId,
  iconSize: numberOrEmpty,
  lat: numberOrEmpty,
  lng: numberOrEmpty,
  radius: numberOrEmpty,
  dwell: numberOrEmpty,
  trackable: flag(true),
  visible: text,
  contactable: text,
  if: conditionBlocksField,
});

/** A location's (place's) form body; `if` holds the condition blocks under which it exists for a player. */
export interface LocationValues {
  name: string;
  title: string;
  notes: string;
  /** The scene it belongs to; null for none. */
  sceneId: string | null;
  /** The map icon. */
  logoId: string | null;
  iconSize: number;
  lat: number;
  lng: number;
  /** In metres; 50 by default. */
  radius: number;
  /**
   * Seconds the player must stay inside before the location counts as entered
   * by GPS ("stay 20 s"); 0 for none. Taps are not delayed.
   */
  dwell: number;
  /** Entering and leaving it are tracked by GPS. */
  trackable: boolean;
  visible: LocationVisibility;
  contactable: LocationContact;
  if: ConditionBlock[];
}
export type Location = LocationValues & { id: string; gameId: string };

/** The schema of the location form body: title, conditions, and what non-trackable locations need (spec 2 §5). */
export function locationSchemaFor(_context: DesignContext = {}) {
  return locationFields
    .superRefine((location, ctx) => {
      const report = reporter(ctx);
      if (!location.name) report(['name'], DESIGN_MESSAGES.required);
      if (!location.title) report(['title'], DESIGN_MESSAGES.required);
      checkLatLng(location.lat, location.lng, report, [['lat'], ['lng']]);
      checkRadius(location.radius, report, ['radius']);
      checkNumber(location.iconSize, report, ['iconSize'], { integer: true, min: 1 });
      checkNumber(location.dwell, report, ['dwell'], { integer: true, min: 0 });
      const perceivable = ['in-range', 'always'];
      if (!(LOCATION_VISIBILITY as readonly string[]).includes(location.visible)) {
        report(['visible'], DESIGN_MESSAGES.required);
      } else if (!location.trackable && !perceivable.includes(location.visible)) {
        report(['visible'], DESIGN_MESSAGES.nonTrackableVisible);
      }
      if (!(LOCATION_CONTACT as readonly string[]).includes(location.contactable)) {
        report(['contactable'], DESIGN_MESSAGES.required);
      } else if (!location.trackable && !perceivable.includes(location.contactable)) {
        report(['contactable'], DESIGN_MESSAGES.nonTrackableContactable);
      }
      checkConditionBlocks(location.if, report, ['if']);
    })
    .transform((location): LocationValues => ({
      ...location,
      iconSize: numberOr(location.iconSize, DEFAULT_ICON_SIZE),
      lat: numberOr(location.lat, 0),
      lng: numberOr(location.lng, 0),
      radius: numberOr(location.radius, DEFAULT_LOCATION_RADIUS),
      dwell: numberOr(location.dwell, 0),
      visible: location.visible as LocationVisibility,
      contactable: location.contactable as LocationContact,
      if: toConditionBlocks(location.if),
    }));
}
export const locationSchema = locationSchemaFor();
export type LocationInput = z.input<typeof locationSchema>;

/** A new location for the create form: trackable, always visible, contacted in range, 50 m. */
export function newLocationDefaults(
  sceneId: string | null = null,
  center: { lat: number; lng: number } = { lat: 0, lng: 0 },
): LocationValues {
  return {
    name: '',
    title: '',
    notes: '',
    sceneId,
    logoId: null,
    iconSize: DEFAULT_ICON_SIZE,
    lat: center.lat,
    lng: center.lng,
    radius: DEFAULT_LOCATION_RADIUS,
    dwell: 0,
    trackable: true,
    visible: 'always',
    contactable: 'in-range',
    if: [],
  };
}
