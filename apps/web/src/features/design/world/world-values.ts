import {
  DESIGN_MESSAGES,
  payloadDefaults,
  toFieldErrors,
  worldEntrySchemaFor,
  type FieldErrors,
  type InitialState,
  type WorldEntry,
  type WorldEntryType,
  type WorldEntryValues,
} from '@loci/domain';
import L from 'leaflet';
import type { InitialStateSpecs } from '../../../api/design';

type SpecScene = InitialStateSpecs['scenes'][number];
/** A scene of the specs; the forms also cope with one without a centre. */
export type WorldScene = Omit<SpecScene, 'center'> & { center: SpecScene['center'] | null };
/** An object type (which says whether it is moderated) or an offer (with its quantity), as the specs list them. */
export type WorldType = Omit<InitialStateSpecs['archetypes'][number], 'moderated'> & {
  moderated?: boolean;
  quantity?: number | null;
};
/** What the object and offer forms pick from (the domain's InitialStateSpecs fits it). */
export interface WorldSpecs {
  scenes: WorldScene[];
  archetypes: WorldType[];
  offers: WorldType[];
}

/** One payload field as the world form reads it from a type's payloadSpec. */
export interface PayloadField {
  key: string;
  type: string;
  label: string;
  required: boolean;
}

/** While typing, a number field may hold text ('' when empty, '-' half-way): the domain schema reads it. */
type NumericInput = number | string;

/** The values of the world object / offer form. */
export interface WorldEntryFormValues {
  id?: string;
  name: string;
  sceneId: string;
  /** The object type, for objects ('' for offers). */
  archetypeId: string;
  /** The offer, for offers ('' for objects). */
  offerId: string;
  payload: Record<string, unknown>;
  location: { latitude: NumericInput; longitude: NumericInput };
  approved: boolean;
  quantity: NumericInput;
}

/** 'archetypeId' for objects, 'offerId' for offers. */
export function typeIdField(type: WorldEntryType): 'archetypeId' | 'offerId' {
  return type === 'object' ? 'archetypeId' : 'offerId';
}

/** The object types (objects) or offers (offers) of the specs. */
export function typesOf(specs: WorldSpecs, type: WorldEntryType): WorldType[] {
  return type === 'object' ? specs.archetypes : specs.offers;
}

export function findType(specs: WorldSpecs, type: WorldEntryType, typeId: string | undefined): WorldType | undefined {
  return typeId ? typesOf(specs, type).find((candidate) => candidate.id === typeId) : undefined;
}

/** The type's payload fields in their stored order (spec 3 §3: a map of field to {type, label}). */
export function payloadFieldsOf(payloadSpec: Record<string, unknown> | undefined): PayloadField[] {
  return Object.entries(payloadSpec ?? {}).map(([key, raw]) => {
    const field = (raw && typeof raw === 'object' ? raw : {}) as {
      type?: unknown;
      label?: unknown;
      required?: unknown;
    };
    return {
      key,
      type: typeof field.type === 'string' ? field.type : '',
      label: typeof field.label === 'string' && field.label ? field.label : key,
      required: field.required === true,
    };
  });
}

function payloadSpecLike(fields: PayloadField[]) {
  return Object.fromEntries(fields.map((field) => [field.key, { type: field.type, required: field.required }]));
}

/** The label of a scene or type in selects and lists: its title, else its system name. */
export function labelOf(item: { name: string; title?: string | null }): string {
  return item.title?.trim() || item.name;
}

/**
 * The scene whose circle holds the point (spec 3 §4), or '' when none does.
 * Several may: a real scene wins over the universe, then the nearest centre.
 */
export function sceneContaining(scenes: readonly WorldScene[], latitude: number, longitude: number): string {
  const point = L.latLng(latitude, longitude);
  const holding = scenes
    .filter((scene) => scene.center && scene.radius > 0)
    .map((scene) => ({ scene, distance: point.distanceTo([scene.center!.latitude, scene.center!.longitude]) }))
    .filter(({ scene, distance }) => distance <= scene.radius)
    .sort((a, b) => Number(a.scene.universe) - Number(b.scene.universe) || a.distance - b.distance);
  return holding[0]?.scene.id ?? '';
}

/** Whether `scene` (with a centre and a radius; the universe holds everything) holds the point. */
export function sceneHolds(scene: WorldScene, latitude: number, longitude: number): boolean {
  if (scene.universe || !scene.center || !(scene.radius > 0)) return true;
  return L.latLng(latitude, longitude).distanceTo([scene.center.latitude, scene.center.longitude]) <= scene.radius;
}

/** Every entry of one type in the state, scene by scene. */
export function entriesOf(state: InitialState | undefined, type: WorldEntryType): WorldEntry[] {
  if (!state) return [];
  return Object.values(state.has[type] ?? {}).flatMap((entries) => Object.values(entries ?? {}));
}

/** The entry with `id` in the state, whichever scene holds it. */
export function findEntry(state: InitialState | undefined, type: WorldEntryType, id: string | undefined) {
  return id ? entriesOf(state, type).find((entry) => entry.id === id) : undefined;
}

/** The form values of a stored entry, or of a new one (possibly with its type, scene or place chosen). */
export function toFormValues(type: WorldEntryType, entry: Partial<WorldEntry> | undefined): WorldEntryFormValues {
  const quantity = (entry as { quantity?: unknown } | undefined)?.quantity;
  return {
    ...(entry?.id ? { id: entry.id } : {}),
    name: entry?.name ?? '',
    sceneId: entry?.sceneId ?? '',
    archetypeId: type === 'object' ? (entry?.archetypeId ?? '') : '',
    offerId: type === 'offer' ? (entry?.offerId ?? '') : '',
    payload: { ...entry?.payload },
    location: {
      latitude: entry?.location?.latitude ?? 0,
      longitude: entry?.location?.longitude ?? 0,
    },
    approved: entry?.approved ?? false,
    quantity: typeof quantity === 'number' ? quantity : '',
  };
}

/** The chosen object type or offer of the form. */
export function typeIdOf(type: WorldEntryType, values: Pick<WorldEntryFormValues, 'archetypeId' | 'offerId'>): string {
  return values[typeIdField(type)];
}

/** The body the domain schema reads: approval for objects, quantity for offers. */
function toDraft(type: WorldEntryType, values: WorldEntryFormValues) {
  const { archetypeId, offerId, quantity, approved, ...rest } = values;
  return {
    ...rest,
    type,
    ...(type === 'object' ? { archetypeId, approved } : { offerId, quantity }),
  };
}

/** The context of the domain's world entry schema: the chosen type's payload spec and moderation. */
export function schemaContextFor(specs: WorldSpecs, type: WorldEntryType, typeId: string) {
  const chosen = findType(specs, type, typeId);
  return {
    payloadSpec: chosen ? payloadSpecLike(payloadFieldsOf(chosen.payloadSpec)) : undefined,
    moderated: type === 'object' ? ((chosen as { moderated?: boolean } | undefined)?.moderated ?? false) : undefined,
  };
}

/** The form's errors by the domain schema (spec 3 §5), by the form's paths. */
export function validateWorldEntry(type: WorldEntryType, values: WorldEntryFormValues, specs: WorldSpecs): FieldErrors {
  const result = worldEntrySchemaFor(type, schemaContextFor(specs, type, typeIdOf(type, values))).safeParse(
    toDraft(type, values),
  );
  return result.success ? {} : toFieldErrors(result.error.issues);
}

/** The POST body of the form (spec 3 §7): the domain schema's output. */
export function toWorldEntryBody(
  type: WorldEntryType,
  values: WorldEntryFormValues,
  specs: WorldSpecs,
): WorldEntryValues {
  return worldEntrySchemaFor(type, schemaContextFor(specs, type, typeIdOf(type, values))).parse(toDraft(type, values));
}

/** An empty payload for the type (spec 3 §4: a new type resets the payload). */
export function emptyPayload(specs: WorldSpecs, type: WorldEntryType, typeId: string): Record<string, unknown> {
  const fields = payloadFieldsOf(findType(specs, type, typeId)?.payloadSpec);
  return payloadDefaults(payloadSpecLike(fields));
}

/** The text shown instead of a payload field the form cannot edit. */
export const unsupportedText = (fieldType: string) => DESIGN_MESSAGES.typeNotSupported(fieldType);
