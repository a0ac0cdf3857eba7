/**
 * One error vocabulary for the whole product. The server maps each code to an
 * HTTP status in one place; the browser maps field errors back onto form fields.
 */
export const ERROR_CODES = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  PENDING_CONFIRMATION: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  LOCKED: 409,
  METHOD_NOT_ALLOWED: 405,
  NOT_ACCEPTABLE: 406,
  TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  HEADERS_TOO_LARGE: 431,
  /** A player sent events faster than the server takes them (LOCI_PLAYER_EVENT_RATE); the next ones are taken. */
  TOO_MANY_EVENTS: 429,
  INTERNAL: 500,
  /** The database cannot be reached (an outage) or the server is shutting down: try again after Retry-After. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Field errors keyed by the field's path (dots for nesting, e.g. `pg.place.radius`). */
export type FieldErrors = Record<string, string>;

/** The body of every error answer of the API. */
export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
  errorCode?: ErrorCode | string;
}

/** The message shown when any field of a form is in error. */
export const FORM_ERROR_MESSAGE = 'Please correct the errors in the form';

/** A text field holding a NUL character or half of a UTF-16 surrogate pair: nothing can store or show it. */
export const BAD_TEXT_MESSAGE = 'Contains a character that is not allowed';

/** A request value nested deeper than any form of the product. */
export const TOO_DEEP_MESSAGE = 'Nested too deeply';

/** The server's general refusals (when no more particular message applies). */
export const ERROR_MESSAGES = {
  form: FORM_ERROR_MESSAGE,
  badText: BAD_TEXT_MESSAGE,
  tooDeep: TOO_DEEP_MESSAGE,
  invalidValue: 'Invalid value',
  forbidden: 'You are not allowed to do this',
  adminOnly: 'Only administrators may do this',
  notFound: 'Not found',
  internal: 'Internal server error',
  unavailable: 'Loci is temporarily unavailable. Please try again in a moment',
  refused: 'The request was refused',
} as const;

/**
 * The framework's refusals, keyed by its error codes: its own messages repeat the URL, the content type
 * or the body it refused; these do not.
 */
export const REQUEST_MESSAGES = {
  FST_ERR_NOT_FOUND: 'Route not found',
  FST_ERR_BAD_URL: 'The URL is not validly encoded',
  FST_ERR_MAX_PARAM_LENGTH: 'The URL is too long',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length does not match the body',
  HPE_HEADER_OVERFLOW: 'The request headers are too large',
} as const;

/** Turns zod issues into `{ path: message }`, keeping the first message per path. */
export function toFieldErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'generalError';
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
