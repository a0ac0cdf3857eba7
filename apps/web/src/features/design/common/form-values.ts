import type { DesignEntity } from '@loci/domain';

/** A number field as a Mantine NumberInput holds it: '' when empty. */
export type NumberFieldValue = number | string;

/** Null or undefined as '' for a NumberInput. */
export function toNumberField(value: unknown): NumberFieldValue {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') return value;
  return '';
}

/** A number for maps and previews: the field's number, or `fallback` when empty or not numeric. */
export function numberOf(value: unknown, fallback: number): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
}

/**
 * A form's values from a stored entity: every field of `defaults`, taken from
 * the entity when it has it (null and undefined keep the default).
 */
export function valuesFrom<V extends object>(defaults: V, entity: DesignEntity): V {
  const values = { ...defaults } as Record<string, unknown>;
  for (const key of Object.keys(defaults)) {
    const stored = entity[key];
    if (stored !== undefined && stored !== null) values[key] = stored;
  }
  return values as V;
}
