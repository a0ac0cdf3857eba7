import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import {
  checkLatLng,
  coordinate,
  nameText,
  numberOrEmpty,
  optionalText,
  reporter,
  text,
  type Report,
} from './fields.js';
import type { DesignReference } from './registry.js';
import type { WorldEntry } from './spec.js';

/** An object or an offer placed in the world (spec 3 §3). */
export const WORLD_ENTRY_TYPES = ['object', 'offer'] as const;
export type WorldEntryType = (typeof WORLD_ENTRY_TYPES)[number];

/** Image payload values hold the medium's id, its type and its uri (spec 3 §3). */
export interface ImagePayloadValue {
  id: string;
  type: 'image';
  uri: string;
}

/** Width of the image asked for an image payload field: 800 px for objects, 300 px for offers (spec 3 §5). */
export const PAYLOAD_IMAGE_WIDTH: Record<WorldEntryType, number> = { object: 800, offer: 300 };

/** The payload spec a world entry is checked against: each field's type and whether it is required. */
export type PayloadSpecLike = Readonly<Record<string, { type: string; required?: boolean }>>;

const worldEntryFields = z.object({
  id: optionalText,
  name: nameText,
  sceneId: text,
  archetypeId: text,
  offerId: text,
  payload: z
    .record(z.string(), z.unknown())
    .nullish()
    .transform((payload) => payload ?? {}),
  location: z.object({ latitude: coordinate, longitude: coordinate }).nullish(),
  lat: numberOrEmpty,
  lng: numberOrEmpty,
  approved: z.boolean().nullish(),
  quantity: numberOrEmpty,
});
type WorldEntryDraft = z.output<typeof worldEntryFields>;

/**
 * The body of POST /initialStates/{versionId} as the API documents it: an object's or an offer's form (`type`
 * says which; without it an `offerId` makes an offer). The server checks it with worldEntrySchemaFor once the
 * type and its payload spec are known.
 */
export const worldEntryFormSchema = worldEntryFields.extend({ type: z.enum(['object', 'offer']).optional() });

/** A world object's or offer's form body, as stored under state.has.{type}.{sceneId}.{id}. */
export type WorldEntryValues = Omit<WorldEntry, 'id'> & { id?: string; quantity?: number };

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks payload values against the payload spec: required fields, numbers, emails, images. */
function checkPayload(payload: Record<string, unknown>, payloadSpec: PayloadSpecLike, report: Report): void {
  for (const [key, field] of Object.entries(payloadSpec)) {
    const value = payload[key];
    const at = ['payload', key];
    if (isEmpty(value) || (field.type === 'image' && !imageOf(value))) {
      if (field.required) report(at, DESIGN_MESSAGES.required);
      continue;
    }
    // Only images are objects; any other object is refused before Number() or String() runs its methods.
    if (field.type !== 'image' && typeof value === 'object') {
      report(at, field.type === 'number' ? DESIGN_MESSAGES.notANumber : DESIGN_MESSAGES.textExpected);
      continue;
    }
    if (field.type === 'number' && !Number.isFinite(Number(value))) report(at, DESIGN_MESSAGES.notANumber);
    if (field.type === 'email' && !emailPattern.test(String(value).trim())) report(at, DESIGN_MESSAGES.invalidEmail);
  }
}

function imageOf(value: unknown): ImagePayloadValue | null {
  if (typeof value === 'string') return value.trim() ? { id: value.trim(), type: 'image', uri: '' } : null;
  if (value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string') {
    const { id, uri } = value as { id: string; uri?: unknown };
    return id ? { id, type: 'image', uri: typeof uri === 'string' ? uri : '' } : null;
  }
  return null;
}

/** The stored payload: only the spec's fields, numbers as numbers, images as {id, type, uri}, empty as null. */
export function normalizePayload(
  payload: Record<string, unknown>,
  payloadSpec: PayloadSpecLike,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payloadSpec).map(([key, field]) => {
      const value = payload[key];
      if (field.type === 'image') return [key, imageOf(value)];
      if (isEmpty(value)) return [key, null];
      if (field.type === 'number') return [key, Number(value)];
      if (field.type === 'string' || field.type === 'text' || field.type === 'email') {
        return [key, String(value).trim()];
      }
      return [key, value];
    }),
  );
}

/** An empty payload for a payload spec: every field null (used when the object type changes, spec 3 §4). */
export function payloadDefaults(payloadSpec: PayloadSpecLike): Record<string, unknown> {
  return Object.fromEntries(Object.keys(payloadSpec).map((key) => [key, null]));
}

/** What a world entry's rules depend on: its type's payload spec and whether it is moderated. */
export interface WorldEntryContext {
  payloadSpec?: PayloadSpecLike;
  /** Only objects of moderated types carry `approved`. */
  moderated?: boolean;
}

/**
 * The schema of the world object or offer form body (spec 3 §5): 'System name
 * is required', 'Select a scene', 'Select an object type'; latitude and
 * longitude read as numbers (empty → 0), from `location` or from `lat`/`lng`.
 */
export function worldEntrySchemaFor(type: WorldEntryType, context: WorldEntryContext = {}) {
  const typeField = type === 'object' ? 'archetypeId' : 'offerId';
  return worldEntryFields
    .superRefine((entry, ctx) => {
      const report = reporter(ctx);
      if (!entry.name) report(['name'], DESIGN_MESSAGES.systemNameRequired);
      if (!entry.sceneId) report(['sceneId'], DESIGN_MESSAGES.selectScene);
      if (!entry[typeField]) report([typeField], DESIGN_MESSAGES.selectObjectType);
      if (context.payloadSpec) checkPayload(entry.payload, context.payloadSpec, report);
      if (
        type === 'offer' &&
        entry.quantity !== null &&
        !(Number.isSafeInteger(entry.quantity) && entry.quantity >= 0)
      ) {
        report(['quantity'], DESIGN_MESSAGES.wholeNumber);
      }
      if (entry.location) {
        checkLatLng(entry.location.latitude, entry.location.longitude, report, [
          ['location', 'latitude'],
          ['location', 'longitude'],
        ]);
      } else checkLatLng(entry.lat, entry.lng, report, [['lat'], ['lng']]);
    })
    .transform((entry): WorldEntryValues => toWorldEntry(entry, type, context));
}

function toWorldEntry(entry: WorldEntryDraft, type: WorldEntryType, context: WorldEntryContext): WorldEntryValues {
  const number = (value: number | null) => (value === null || Number.isNaN(value) ? 0 : value);
  const values: WorldEntryValues = {
    name: entry.name,
    sceneId: entry.sceneId,
    payload: context.payloadSpec ? normalizePayload(entry.payload, context.payloadSpec) : entry.payload,
    location: entry.location ?? { latitude: number(entry.lat), longitude: number(entry.lng) },
    type,
  };
  if (entry.id) values.id = entry.id;
  if (type === 'object') {
    values.archetypeId = entry.archetypeId;
    // Approval exists for moderated types only; with the type unknown, what was sent is kept.
    if (context.moderated) values.approved = entry.approved ?? false;
    else if (context.moderated === undefined && typeof entry.approved === 'boolean') values.approved = entry.approved;
  } else {
    values.offerId = entry.offerId;
    if (entry.quantity !== null && !Number.isNaN(entry.quantity)) values.quantity = entry.quantity;
  }
  return values;
}

export const worldObjectSchema = worldEntrySchemaFor('object');
export const worldOfferSchema = worldEntrySchemaFor('offer');
export type WorldEntryInput = z.input<typeof worldObjectSchema>;

/** A new world object or offer for the create form, at the scene's centre. */
export function newWorldEntryDefaults(
  type: WorldEntryType,
  typeId = '',
  sceneId = '',
  center: { latitude: number; longitude: number } = { latitude: 0, longitude: 0 },
  payloadSpec: PayloadSpecLike = {},
): WorldEntryValues {
  return {
    name: '',
    sceneId,
    ...(type === 'object' ? { archetypeId: typeId } : { offerId: typeId }),
    payload: payloadDefaults(payloadSpec),
    location: { ...center },
    type,
  };
}

/** The key of a world entry inside the state: 'has.{type}.{sceneId}.{id}' (spec 3 §7). */
export function worldStateKey(type: WorldEntryType, sceneId: string, id: string): string {
  return `has.${type}.${sceneId}.${id}`;
}

/** The design entities a world entry uses: its scene and its object type or offer. */
export function worldEntryReferences(
  entry: Pick<WorldEntry, 'sceneId' | 'archetypeId' | 'offerId'>,
): DesignReference[] {
  const references: DesignReference[] = [];
  if (entry.sceneId) references.push({ kind: 'scene', id: entry.sceneId });
  if (entry.archetypeId) references.push({ kind: 'archetype', id: entry.archetypeId });
  if (entry.offerId) references.push({ kind: 'offer', id: entry.offerId });
  return references;
}

/** Every world entry of an initial state that uses the entity `reference` (to refuse deleting it). */
export function worldEntriesUsing(
  state: {
    has: { object: Record<string, Record<string, WorldEntry>>; offer: Record<string, Record<string, WorldEntry>> };
  },
  reference: DesignReference,
): WorldEntry[] {
  return WORLD_ENTRY_TYPES.flatMap((type) =>
    Object.values(state.has[type]).flatMap((entries) => Object.values(entries)),
  ).filter((entry) =>
    worldEntryReferences(entry).some((used) => used.kind === reference.kind && used.id === reference.id),
  );
}
