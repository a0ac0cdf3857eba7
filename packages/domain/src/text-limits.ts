import { z } from 'zod';

/**
 * The longest texts the forms and the API take (docs/security.md "Lengths"):
 * names are indexed (unique per kind, case-insensitively), where PostgreSQL
 * refuses an entry over about 2,700 bytes; titles are shown in lists; other
 * plain texts (notes, answers, codes) are bounded like rich texts.
 */
export const TEXT_LIMITS = {
  name: 200,
  title: 500,
  text: 20_000,
  /** An email address (RFC 5321): accounts' and the games' email lists, both indexed. */
  email: 254,
} as const;

/** The field error of a text over its limit. */
export const TEXT_LIMIT_MESSAGES = {
  tooLong: (max: number) => `At most ${max} characters`,
} as const;

/** Trimmed text, '' when missing, at most `max` characters (a field error past it, before trimming). */
export function boundedText(max: number) {
  return z
    .string()
    .max(max, TEXT_LIMIT_MESSAGES.tooLong(max))
    .nullish()
    .transform((value) => (value ?? '').trim());
}

/** A name of the design (unique per kind): trimmed, at most TEXT_LIMITS.name characters. */
export const nameText = boundedText(TEXT_LIMITS.name);
/** A title: trimmed, at most TEXT_LIMITS.title characters. */
export const titleText = boundedText(TEXT_LIMITS.title);
