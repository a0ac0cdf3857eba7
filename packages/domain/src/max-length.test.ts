import { describe, expect, it } from 'vitest';
import { toFieldErrors } from './errors.js';
import { MEDIA_MESSAGES, MEDIA_TITLE_MAX_LENGTH, mediaUpdateSchema } from './media.js';
import { NAME_MAX_LENGTH, registerSchema, USER_MESSAGES } from './user.js';

function errorsOf(schema: typeof registerSchema | typeof mediaUpdateSchema, values: unknown) {
  const result = schema.safeParse(values);
  return result.success ? {} : toFieldErrors(result.error.issues);
}

describe('names and titles that are too long', () => {
  it("say how long a name may be, not that it is required (a 101-character name was 'Name field is required')", () => {
    const values = { email: 'a@example.org', password: 'longenough', password2: 'longenough' };
    expect(errorsOf(registerSchema, { ...values, name: 'n'.repeat(NAME_MAX_LENGTH + 1) })).toEqual({
      name: 'Name must be at most 100 characters',
    });
    expect(errorsOf(registerSchema, { ...values, name: 'n'.repeat(NAME_MAX_LENGTH) })).toEqual({});
    expect(errorsOf(registerSchema, { ...values, name: ' ' })).toEqual({ name: USER_MESSAGES.nameRequired });
  });

  it("say how long a medium's title may be", () => {
    expect(errorsOf(mediaUpdateSchema, { title: 't'.repeat(MEDIA_TITLE_MAX_LENGTH + 1) })).toEqual({
      title: MEDIA_MESSAGES.titleTooLong,
    });
    expect(MEDIA_MESSAGES.titleTooLong).toBe('The title must be at most 200 characters');
    expect(errorsOf(mediaUpdateSchema, {})).toEqual({ title: MEDIA_MESSAGES.titleRequired });
  });
});
