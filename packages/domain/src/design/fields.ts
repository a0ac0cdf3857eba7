import { z } from 'zod';
import { GAME_MESSAGES, MAX_RADIUS, type BackgroundType } from '../game.js';
import { boundedText, TEXT_LIMITS } from '../text-limits.js';
import { DESIGN_MESSAGES } from './messages.js';

/**
 * Building blocks of the design schemas. Like the game form (game.ts), every
 * schema first parses leniently (types normalised, empty fields as '' or null,
 * numbers possibly sent as text) so that all of its rules run in one
 * superRefine and every error shows at once, under its own path.
 */

/** What a design form's rules depend on beyond its own fields: the game's playground type and market. */
export interface DesignContext {
  backgroundType?: BackgroundType;
  market?: boolean;
}

/** A path inside a form body, e.g. ['sideeffects', 1, 'actionArgs', 'what']. */
export type IssuePath = ReadonlyArray<string | number>;
/** Records one field error at a path. */
export type Report = (path: IssuePath, message: string) => void;

/** A Report that adds custom issues to a zod refinement context. */
export function reporter(ctx: z.RefinementCtx): Report {
  return (path, message) => ctx.addIssue({ code: 'custom', path: [...path], message });
}

/** A new id for a statement, an option, a question or a sub-mission. */
export function newId(): string {
  // Web Crypto exists in browsers and in Node ≥ 19; the domain package is built without DOM or Node types.
  return (globalThis as unknown as { crypto: { randomUUID(): string } }).crypto.randomUUID();
}

/** Trimmed text, '' when missing, at most TEXT_LIMITS.text characters. */
export const text = boundedText(TEXT_LIMITS.text);
export { nameText, titleText } from '../text-limits.js';
export { richText } from '../rich-text.js';
/** An id or code: trimmed, undefined when empty. */
export const optionalText = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || undefined);
/** A medium's id: trimmed, null when empty. */
export const mediaId = z
  .string()
  .nullish()
  .transform((value) => value?.trim() || null);
/** An id of another entity: trimmed, null when empty. */
export const refId = mediaId;

/** A checkbox, `fallback` when missing. */
export function flag(fallback = false) {
  return z
    .boolean()
    .nullish()
    .transform((value) => value ?? fallback);
}

/** A number possibly typed as text: null when empty, NaN when not numeric. */
export const numberOrEmpty = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    if (typeof value === 'number') return value;
    const trimmed = value.trim();
    return trimmed === '' ? null : Number(trimmed);
  });

/** A coordinate: a number, 0 when empty (spec 3 §5). */
export const coordinate = numberOrEmpty.transform((value) => (value === null || Number.isNaN(value) ? 0 : value));

/** A choice among `values`; anything else becomes `fallback`. */
export function choice<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return z
    .string()
    .nullish()
    .transform((value): T[number] => ((values as readonly string[]).includes(value ?? '') ? value! : fallback));
}

/**
 * Checks a number field; reports 'Required', 'Must be a number', 'Must be a whole number' (a safe integer: 1e300
 * is none), or 'Must be at least {min}' / 'Must be at most {max}' (`outOfRange` instead of either, when given).
 */
export function checkNumber(
  value: number | null,
  report: Report,
  path: IssuePath,
  options: { required?: boolean; min?: number; max?: number; integer?: boolean; outOfRange?: string } = {},
): void {
  if (value === null) {
    if (options.required) report(path, DESIGN_MESSAGES.required);
    return;
  }
  if (Number.isNaN(value)) return report(path, DESIGN_MESSAGES.notANumber);
  if (options.integer && !Number.isSafeInteger(value)) return report(path, DESIGN_MESSAGES.wholeNumber);
  if (options.min !== undefined && value < options.min) {
    report(path, options.outOfRange ?? DESIGN_MESSAGES.atLeast(options.min));
  } else if (options.max !== undefined && value > options.max) {
    report(path, options.outOfRange ?? DESIGN_MESSAGES.atMost(options.max));
  }
}

/** Checks a point on the map: latitude within -90..90, longitude within -180..180 (the game form's ranges). */
export function checkLatLng(
  lat: number | null,
  lng: number | null,
  report: Report,
  [latPath, lngPath]: readonly [IssuePath, IssuePath],
): void {
  checkNumber(lat, report, latPath, { min: -90, max: 90, outOfRange: GAME_MESSAGES.latitudeRange });
  checkNumber(lng, report, lngPath, { min: -180, max: 180, outOfRange: GAME_MESSAGES.longitudeRange });
}

/** Checks a radius in metres: required (unless told), at least 1 and at most MAX_RADIUS. */
export function checkRadius(radius: number | null, report: Report, path: IssuePath, required = true): void {
  checkNumber(radius, report, path, { required, min: 1, max: MAX_RADIUS });
}

/** Reports 'Required' at `path` when `value` is empty. */
export function requireText(value: string | null | undefined, report: Report, path: IssuePath): void {
  if (!value) report(path, DESIGN_MESSAGES.required);
}

/** A valid number or `fallback` (after validation, for the stored shape). */
export function numberOr(value: number | null, fallback: number): number {
  return value === null || Number.isNaN(value) ? fallback : value;
}
/** A valid number or null. */
export function numberOrNull(value: number | null): number | null {
  return value === null || Number.isNaN(value) ? null : value;
}
