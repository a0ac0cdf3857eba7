import { z } from 'zod';
import { DESIGN_MESSAGES } from './messages.js';
import { actionListField, checkActionList, newAction, toAction, type Action } from './action.js';
import { checkConditionBlocks, conditionBlocksField, toConditionBlocks, type ConditionBlock } from './condition.js';
import {
  checkNumber,
  flag,
  mediaId,
  numberOr,
  numberOrEmpty,
  numberOrNull,
  reporter,
  richText,
  text,
  type DesignContext,
  type Report,
  nameText,
  titleText,
} from './fields.js';
import {
  DEFAULT_ICON_SIZE,
  DEFAULT_OBJECT_RADIUS,
  LIMIT_TIME_UNITS,
  MIN_OBJECT_RADIUS,
  PROPERTY_TYPE_VALUES,
  TITLE_PROPERTY_TYPES,
  type LimitTimeUnit,
  type PropertyType,
} from './vocabulary.js';

// ─── Shapes ─────────────────────────────────────────────────────────────────

/** One field of an object's payload (spec 2 §3). */
export type PayloadProperty = {
  type: PropertyType;
  label: string;
  hideLabel: boolean;
  required: boolean;
  hidden: boolean;
  /** This field's value is the object's title; at most one field, text or number. */
  objectTitle: boolean;
};
export type PayloadSpec = Record<string, PayloadProperty>;

/** A limit on creating, picking or destroying objects of a type: at most `maxItems` per `timeUnit`. */
export type Limit = {
  enabled: boolean;
  maxItems: number | null;
  timeUnit: LimitTimeUnit;
};

/** The condition-block fields of an archetype or offer. */
export const OBJECT_CONDITION_FIELDS = [
  'conditionCreation',
  'conditionPerception',
  'conditionContact',
  'conditionAct',
] as const;
/** The effect fields of an archetype or offer. */
export const OBJECT_EFFECT_FIELDS = [
  'sideeffectsContact',
  'sideeffectsAct',
  'sideeffectsElseContact',
  'sideeffectsElseAct',
] as const;
/** The limit fields and the behaviour each one belongs to (spec 2 §5). */
export const OBJECT_LIMIT_FIELDS = {
  limitCreation: 'playerGenerated',
  limitPicks: 'pickable',
  limitDestroys: 'destroyable',
} as const;

/** An object type's form body (spec 2 §3). */
export interface ArchetypeValues {
  name: string;
  title: string;
  notes: string;
  description: string;
  logoId: string | null;
  iconSize: number;
  moderated: boolean;
  payloadSpec: PayloadSpec;
  playerGenerated: boolean;
  limitCreation: Limit;
  limitPicks: Limit;
  limitDestroys: Limit;
  conditionCreation: ConditionBlock[];
  conditionPerception: ConditionBlock[];
  conditionContact: ConditionBlock[];
  conditionAct: ConditionBlock[];
  sideeffectsContact: Action[];
  sideeffectsAct: Action[];
  sideeffectsElseContact: Action[];
  sideeffectsElseAct: Action[];
  actionLabelContact: string;
  actionLabelAct: string;
  trackable: boolean;
  visible: boolean;
  /** Activity range in metres (at least 5). */
  radius: number;
  pickable: boolean;
  destroyable: boolean;
  redropable: boolean;
  inRangeOnlyContact: boolean;
  inRangeOnlyAct: boolean;
  automaticContact: boolean;
  automaticAct: boolean;
  tradable: boolean;
  redeemable: boolean;
  /** In the game's currency; only with a market. */
  price: number | null;
}
export type Archetype = ArchetypeValues & { id: string; gameId: string };

/** An offer's form body: an object type plus its offeror and quantity (spec 2 §3). */
export interface OfferValues extends ArchetypeValues {
  quantity: number | null;
  offerorName: string;
  offerorAddress: string;
  offerorUrl: string;
  offerText: string;
  offerTerms: string;
  offerCover: string | null;
  offerorLogo: string | null;
}
export type Offer = OfferValues & { id: string; gameId: string };

// ─── Lenient fields ─────────────────────────────────────────────────────────

const propertyFields = z.object({
  type: text,
  label: text,
  hideLabel: flag(),
  required: flag(),
  hidden: flag(),
  objectTitle: flag(),
});
const limitFields = z
  .object({ enabled: flag(), maxItems: numberOrEmpty, timeUnit: text })
  .nullish()
  .transform((limit) => limit ?? { enabled: false, maxItems: null, timeUnit: '' });
type LimitDraft = z.output<typeof limitFields>;

const archetypeShape = {
  name: nameText,
  title: titleText,
  notes: text,
  description: richText,
  logoId: mediaId,
  iconSize: numberOrEmpty,
  moderated: flag(),
  payloadSpec: z
    .record(z.string(), propertyFields)
    .nullish()
    .transform((spec) => spec ?? {}),
  playerGenerated: flag(),
  limitCreation: limitFields,
  limitPicks: limitFields,
  limitDestroys: limitFields,
  conditionCreation: conditionBlocksField,
  conditionPerception: conditionBlocksField,
  conditionContact: conditionBlocksField,
  conditionAct: conditionBlocksField,
  sideeffectsContact: actionListField,
  sideeffectsAct: actionListField,
  sideeffectsElseContact: actionListField,
  sideeffectsElseAct: actionListField,
  actionLabelContact: text,
  actionLabelAct: text,
  trackable: flag(true),
  visible: flag(true),
  radius: numberOrEmpty,
  pickable: flag(),
  destroyable: flag(),
  redropable: flag(),
  inRangeOnlyContact: flag(),
  inRangeOnlyAct: flag(),
  automaticContact: flag(),
  automaticAct: flag(),
  tradable: flag(),
  redeemable: flag(),
  price: numberOrEmpty,
};
const archetypeFields = z.object(archetypeShape);
const offerFields = z.object({
  ...archetypeShape,
  quantity: numberOrEmpty,
  offerorName: text,
  offerorAddress: text,
  offerorUrl: text,
  offerText: richText,
  offerTerms: richText,
  offerCover: mediaId,
  offerorLogo: mediaId,
});
type ArchetypeDraft = z.output<typeof archetypeFields>;
type OfferDraft = z.output<typeof offerFields>;

// ─── Rules (spec 2 §5) ──────────────────────────────────────────────────────

/** Checks the payload properties: type and label, one title at most, and the title only on text or number. */
function checkPayloadSpec(payloadSpec: ArchetypeDraft['payloadSpec'], report: Report): void {
  let titles = 0;
  for (const [key, property] of Object.entries(payloadSpec)) {
    const at = ['payloadSpec', key];
    if (!key.trim()) report(at, DESIGN_MESSAGES.required);
    if (!(PROPERTY_TYPE_VALUES as readonly string[]).includes(property.type)) {
      report([...at, 'type'], DESIGN_MESSAGES.required);
    }
    if (!property.label) report([...at, 'label'], DESIGN_MESSAGES.required);
    if (!property.objectTitle) continue;
    titles += 1;
    if (titles > 1) report([...at, 'objectTitle'], DESIGN_MESSAGES.oneTitleAllowed);
    else if (property.type && !(TITLE_PROPERTY_TYPES as readonly string[]).includes(property.type)) {
      report([...at, 'objectTitle'], DESIGN_MESSAGES.titleOnlyTextOrNumber);
    }
  }
}

function checkLimit(limit: LimitDraft, report: Report, field: string): void {
  if (!limit.enabled) return;
  checkNumber(limit.maxItems, report, [field, 'maxItems'], { required: true, integer: true, min: 1 });
  if (!(LIMIT_TIME_UNITS as readonly string[]).includes(limit.timeUnit)) {
    report([field, 'timeUnit'], DESIGN_MESSAGES.required);
  }
}

const PICK_ACTIONS = ['pickObject', 'pickObjectClone'];
const DESTROY_ACTIONS = ['destroyObject'];
const CLONE_ACTIONS = ['pickObjectClone'];

/**
 * Behaviour versus actions (spec 2 §5), over all four effect lists, each
 * message on its behaviour's checkbox: pickable needs pickObject or
 * pickObjectClone, destroyable needs destroyObject, redropable excludes
 * pickObjectClone, and those actions need their behaviour.
 */
export function behaviourErrors(values: {
  pickable: boolean;
  redropable: boolean;
  destroyable: boolean;
  sideeffectsContact: ReadonlyArray<{ actionName: string }>;
  sideeffectsAct: ReadonlyArray<{ actionName: string }>;
  sideeffectsElseContact: ReadonlyArray<{ actionName: string }>;
  sideeffectsElseAct: ReadonlyArray<{ actionName: string }>;
}): Partial<Record<'pickable' | 'redropable' | 'destroyable', string>> {
  const used = new Set(OBJECT_EFFECT_FIELDS.flatMap((field) => values[field].map((action) => action.actionName)));
  const present = (names: string[]) => names.filter((name) => used.has(name));
  const errors: Partial<Record<'pickable' | 'redropable' | 'destroyable', string>> = {};
  if (values.pickable && present(PICK_ACTIONS).length === 0) {
    errors.pickable = DESIGN_MESSAGES.behaviourNeedsOneOf('pickable', PICK_ACTIONS);
  } else if (!values.pickable && present(PICK_ACTIONS).length > 0) {
    errors.pickable = DESIGN_MESSAGES.actionsNeedBehaviour('pickable', present(PICK_ACTIONS));
  }
  if (values.destroyable && present(DESTROY_ACTIONS).length === 0) {
    errors.destroyable = DESIGN_MESSAGES.behaviourNeeds('destroyable', DESTROY_ACTIONS);
  } else if (!values.destroyable && present(DESTROY_ACTIONS).length > 0) {
    errors.destroyable = DESIGN_MESSAGES.actionsNeedBehaviour('destroyable', present(DESTROY_ACTIONS));
  }
  if (values.redropable && present(CLONE_ACTIONS).length > 0) {
    errors.redropable = DESIGN_MESSAGES.behaviourIncompatible('redropable', present(CLONE_ACTIONS));
  }
  return errors;
}

function checkArchetype(values: ArchetypeDraft | OfferDraft, report: Report): void {
  if (!values.name) report(['name'], DESIGN_MESSAGES.required);
  if (!values.title) report(['title'], DESIGN_MESSAGES.required);
  if (!values.logoId) report(['logoId'], DESIGN_MESSAGES.required);
  if (!values.actionLabelContact) report(['actionLabelContact'], DESIGN_MESSAGES.required);
  if (values.sideeffectsAct.length > 0 && !values.actionLabelAct) {
    report(['actionLabelAct'], DESIGN_MESSAGES.required);
  }
  checkNumber(values.iconSize, report, ['iconSize'], { integer: true, min: 1 });
  // An empty activity range takes the default (50 m); image games do not even show it.
  checkNumber(values.radius, report, ['radius'], { min: MIN_OBJECT_RADIUS });
  checkNumber(values.price, report, ['price'], { min: 0 });
  if ('quantity' in values) checkNumber(values.quantity, report, ['quantity'], { integer: true, min: 0 });

  checkPayloadSpec(values.payloadSpec, report);
  for (const field of Object.keys(OBJECT_LIMIT_FIELDS) as Array<keyof typeof OBJECT_LIMIT_FIELDS>) {
    checkLimit(values[field], report, field);
  }
  for (const field of OBJECT_CONDITION_FIELDS) checkConditionBlocks(values[field], report, [field]);
  const payloadSpec = Object.fromEntries(Object.entries(values.payloadSpec).map(([key, { type }]) => [key, { type }]));
  for (const field of OBJECT_EFFECT_FIELDS) checkActionList(values[field], report, [field], { payloadSpec });
  for (const [behaviour, message] of Object.entries(behaviourErrors(values))) report([behaviour], message);
}

// ─── Stored shape ───────────────────────────────────────────────────────────

function toLimit(limit: LimitDraft): Limit {
  return {
    enabled: limit.enabled,
    maxItems: numberOrNull(limit.maxItems),
    timeUnit: (LIMIT_TIME_UNITS as readonly string[]).includes(limit.timeUnit)
      ? (limit.timeUnit as LimitTimeUnit)
      : 'total',
  };
}

function toArchetypeValues(values: ArchetypeDraft, context: DesignContext): ArchetypeValues {
  return {
    ...values,
    iconSize: numberOr(values.iconSize, DEFAULT_ICON_SIZE),
    radius: numberOr(values.radius, DEFAULT_OBJECT_RADIUS),
    price: context.market === false ? null : numberOrNull(values.price),
    payloadSpec: Object.fromEntries(
      Object.entries(values.payloadSpec).map(([key, property]) => [
        key.trim(),
        { ...property, type: property.type as PropertyType },
      ]),
    ),
    limitCreation: toLimit(values.limitCreation),
    limitPicks: toLimit(values.limitPicks),
    limitDestroys: toLimit(values.limitDestroys),
    conditionCreation: toConditionBlocks(values.conditionCreation),
    conditionPerception: toConditionBlocks(values.conditionPerception),
    conditionContact: toConditionBlocks(values.conditionContact),
    conditionAct: toConditionBlocks(values.conditionAct),
    sideeffectsContact: values.sideeffectsContact.map(toAction),
    sideeffectsAct: values.sideeffectsAct.map(toAction),
    sideeffectsElseContact: values.sideeffectsElseContact.map(toAction),
    sideeffectsElseAct: values.sideeffectsElseAct.map(toAction),
  };
}

/** The schema of the object type (archetype) form body, with every rule of spec 2 §5. */
export function archetypeSchemaFor(context: DesignContext = {}) {
  return archetypeFields
    .superRefine((values, ctx) => checkArchetype(values, reporter(ctx)))
    .transform((values) => toArchetypeValues(values, context));
}
export const archetypeSchema = archetypeSchemaFor();
export type ArchetypeInput = z.input<typeof archetypeSchema>;

/** The schema of the offer form body: the archetype rules plus quantity and the offeror. */
export function offerSchemaFor(context: DesignContext = {}) {
  return offerFields
    .superRefine((values, ctx) => checkArchetype(values, reporter(ctx)))
    .transform((values): OfferValues => ({
      ...toArchetypeValues(values, context),
      quantity: numberOrNull(values.quantity),
      offerorName: values.offerorName,
      offerorAddress: values.offerorAddress,
      offerorUrl: values.offerorUrl,
      offerText: values.offerText,
      offerTerms: values.offerTerms,
      offerCover: values.offerCover,
      offerorLogo: values.offerorLogo,
    }));
}
export const offerSchema = offerSchemaFor();
export type OfferInput = z.input<typeof offerSchema>;

// ─── Helpers and defaults ───────────────────────────────────────────────────

/** A new payload property for the editor. */
export function newPayloadProperty(type: PropertyType = 'string'): PayloadProperty {
  return { type, label: '', hideLabel: false, required: false, hidden: false, objectTitle: false };
}

/** A limit that is off. */
export function newLimit(): Limit {
  return { enabled: false, maxItems: null, timeUnit: 'total' };
}

/** A new object type for the create form: trackable, visible, 50 m range, no behaviour. */
export function newArchetypeDefaults(): ArchetypeValues {
  return {
    name: '',
    title: '',
    notes: '',
    description: '',
    logoId: null,
    iconSize: DEFAULT_ICON_SIZE,
    moderated: false,
    payloadSpec: {},
    playerGenerated: false,
    limitCreation: newLimit(),
    limitPicks: newLimit(),
    limitDestroys: newLimit(),
    conditionCreation: [],
    conditionPerception: [],
    conditionContact: [],
    conditionAct: [],
    sideeffectsContact: [],
    sideeffectsAct: [],
    sideeffectsElseContact: [],
    sideeffectsElseAct: [],
    actionLabelContact: '',
    actionLabelAct: '',
    trackable: true,
    visible: true,
    radius: DEFAULT_OBJECT_RADIUS,
    pickable: false,
    destroyable: false,
    redropable: false,
    inRangeOnlyContact: false,
    inRangeOnlyAct: false,
    automaticContact: false,
    automaticAct: false,
    tradable: false,
    redeemable: false,
    price: null,
  };
}

/** Labels of a new offer's two buttons (spec 2 §3). */
export const OFFER_DEFAULT_LABELS = { contact: 'Open it', act: 'Take it' } as const;

/**
 * A new offer for the create form (spec 2 §3): redeemable, pickable, not
 * tradable; contacting it opens it ('Open it', showObject) and acting on it
 * takes it ('Take it', pickObject).
 */
export function newOfferDefaults(): OfferValues {
  return {
    ...newArchetypeDefaults(),
    redeemable: true,
    pickable: true,
    tradable: false,
    actionLabelContact: OFFER_DEFAULT_LABELS.contact,
    actionLabelAct: OFFER_DEFAULT_LABELS.act,
    sideeffectsContact: [toAction(newAction('showObject', 'system'))],
    sideeffectsAct: [toAction(newAction('pickObject', 'player'))],
    quantity: null,
    offerorName: '',
    offerorAddress: '',
    offerorUrl: '',
    offerText: '',
    offerTerms: '',
    offerCover: null,
    offerorLogo: null,
  };
}
