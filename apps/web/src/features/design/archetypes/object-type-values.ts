import type { OBJECT_CONDITION_FIELDS, OBJECT_EFFECT_FIELDS, OBJECT_LIMIT_FIELDS } from '@loci/domain';
import {
  TITLE_PROPERTY_TYPES,
  newArchetypeDefaults,
  newId,
  newOfferDefaults,
  type DesignEntity,
  type FieldErrors,
  type OfferValues,
  type PayloadProperty,
} from '@loci/domain';
import type { ActionValue } from '../actions';
import { toNumberField, valuesFrom, type NumberFieldValue } from '../common/form-values';
import type { ConditionBlockValue } from '../conditions';

/** The two kinds that share this form. */
export type ObjectTypeKind = 'archetype' | 'offer';

/** One payload property as the editor holds it: a row with its key (the payloadSpec is a map by key). */
export interface PropertyRow extends Omit<PayloadProperty, 'type'> {
  /** Stable across edits of the key, for React. */
  rowId: string;
  key: string;
  type: string;
}

/** A limit block as its inputs hold it. */
export interface LimitValue {
  enabled: boolean;
  maxItems: NumberFieldValue;
  timeUnit: string;
}

type ConditionField = (typeof OBJECT_CONDITION_FIELDS)[number];
type EffectField = (typeof OBJECT_EFFECT_FIELDS)[number];
export type LimitField = keyof typeof OBJECT_LIMIT_FIELDS;

/**
 * The values of the object type and offer forms: the domain's offer values
 * (an object type is an offer without the offer's fields), with the payload
 * spec as rows and numbers as a NumberInput holds them.
 */
export type ObjectTypeFormValues = Omit<
  OfferValues,
  'payloadSpec' | 'iconSize' | 'radius' | 'price' | 'quantity' | ConditionField | EffectField | LimitField
> & {
  payloadSpec: PropertyRow[];
  iconSize: NumberFieldValue;
  radius: NumberFieldValue;
  price: NumberFieldValue;
  quantity: NumberFieldValue;
} & Record<ConditionField, ConditionBlockValue[]> &
  Record<EffectField, ActionValue[]> &
  Record<LimitField, LimitValue>;

/** The offer's own fields (spec 2 §3), which an object type does not send. */
export const OFFER_ONLY_FIELDS = [
  'quantity',
  'offerorName',
  'offerorAddress',
  'offerorUrl',
  'offerText',
  'offerTerms',
  'offerCover',
  'offerorLogo',
] as const;

/** The create values of the kind (spec 2 §3: an offer starts redeemable and pickable, 'Open it' / 'Take it'). */
export function defaultsOf(kind: ObjectTypeKind): OfferValues {
  const offer = newOfferDefaults();
  if (kind === 'offer') return offer;
  const offerOnly = Object.fromEntries(OFFER_ONLY_FIELDS.map((field) => [field, offer[field]]));
  return { ...offer, ...newArchetypeDefaults(), ...offerOnly } as OfferValues;
}

/** A new, empty property row. */
export function newPropertyRow(): PropertyRow {
  return {
    rowId: newId(),
    key: '',
    type: 'string',
    label: '',
    hideLabel: false,
    required: false,
    hidden: false,
    objectTitle: false,
  };
}

/** True when a property of this type may be the object's title (text or number). */
export function canBeTitle(type: string): boolean {
  return (TITLE_PROPERTY_TYPES as readonly string[]).includes(type);
}

function toLimitValue(limit: OfferValues[LimitField]): LimitValue {
  return { enabled: limit.enabled, maxItems: toNumberField(limit.maxItems), timeUnit: limit.timeUnit ?? '' };
}

/** The form values of stored (or default) values. */
export function toFormValues(values: OfferValues): ObjectTypeFormValues {
  return {
    ...values,
    payloadSpec: Object.entries(values.payloadSpec ?? {}).map(([key, property]) => ({
      ...newPropertyRow(),
      ...property,
      key,
    })),
    iconSize: toNumberField(values.iconSize),
    radius: toNumberField(values.radius),
    price: toNumberField(values.price),
    quantity: toNumberField(values.quantity),
    limitCreation: toLimitValue(values.limitCreation),
    limitPicks: toLimitValue(values.limitPicks),
    limitDestroys: toLimitValue(values.limitDestroys),
  } as ObjectTypeFormValues;
}

/** The form values of a stored object type or offer, over the kind's defaults for what it lacks. */
export function fromEntity(kind: ObjectTypeKind, entity: DesignEntity): ObjectTypeFormValues {
  // A stored entity's own lists win: the offer's default effects only fill a new form.
  const defaults = { ...defaultsOf(kind), sideeffectsContact: [], sideeffectsAct: [] };
  return toFormValues(valuesFrom(defaults, entity));
}

/** The payloadSpec map of the rows (the last row wins a repeated key; the form flags repeats). */
export function payloadSpecOf(rows: readonly PropertyRow[]): Record<string, Omit<PropertyRow, 'rowId' | 'key'>> {
  return Object.fromEntries(rows.map(({ rowId: _rowId, key, ...property }) => [key.trim(), property]));
}

/** The body the domain schema reads: the payload spec as a map; an object type sends no offer fields. */
export function toBody(kind: ObjectTypeKind, values: ObjectTypeFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values, payloadSpec: payloadSpecOf(values.payloadSpec) };
  if (kind === 'archetype') for (const field of OFFER_ONLY_FIELDS) delete body[field];
  return body;
}

/**
 * Errors of the body (domain schema or server) by the form's paths: those of
 * payloadSpec.{key}… go to the row holding the key (payloadSpec.{index}…),
 * the key's own error under the key input.
 */
export function toFormErrors(errors: FieldErrors, rows: readonly PropertyRow[]): FieldErrors {
  const mapped: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith('payloadSpec.')) {
      mapped[path] = message;
      continue;
    }
    const rest = path.slice('payloadSpec.'.length);
    // The longest key that the path starts with (a key may itself hold a dot).
    const index = rows
      .map((row, at) => ({ key: row.key.trim(), at }))
      .filter(({ key }) => rest === key || rest.startsWith(`${key}.`))
      .sort((a, b) => b.key.length - a.key.length)
      .map(({ key, at }) => ({ key, at: lastRowWithKey(rows, key) ?? at }))[0];
    if (!index) {
      mapped[path] = message;
      continue;
    }
    const field = rest.slice(index.key.length).replace(/^\./, '') || 'key';
    mapped[`payloadSpec.${index.at}.${field}`] ??= message;
  }
  return mapped;
}

function lastRowWithKey(rows: readonly PropertyRow[], key: string): number | undefined {
  for (let at = rows.length - 1; at >= 0; at -= 1) if (rows[at]!.key.trim() === key) return at;
  return undefined;
}

/** Repeated keys: a map holds each key once, so every repeat is flagged with `message`. */
export function duplicateKeyErrors(rows: readonly PropertyRow[], message: string): FieldErrors {
  const seen = new Set<string>();
  const errors: FieldErrors = {};
  rows.forEach((row, at) => {
    const key = row.key.trim();
    if (!key) return;
    if (seen.has(key)) errors[`payloadSpec.${at}.key`] = message;
    seen.add(key);
  });
  return errors;
}
