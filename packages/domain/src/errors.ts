import { z } from 'zod';
import type { DomainGroup, DomainKey } from './i18n/catalogue.js';
import type { PlayErrorCode } from './play.js';
import type { TradeErrorCode } from './protocol/trades.js';

/** A text of DOMAIN_CATALOGUE by `GROUP.key` (the default message of an error code). */
export type DomainTextKey = { [G in DomainGroup]: `${G}.${DomainKey<G>}` }[DomainGroup];

/**
 * One error vocabulary for the whole product: every `errorCode` the API answers, with its HTTP status and the
 * catalogue key of its default message (said in the caller's language). The server's central error handler
 * answers from it (AppError's status is its code's here); the OpenAPI document's error schema lists its codes;
 * the browser maps field errors back onto form fields and reads the codes of the player API.
 * Where two codes share a status the general one comes first (a framework refusal takes the first of its status).
 */
export const ERROR_TABLE = {
  VALIDATION: { status: 400, message: 'ERROR_MESSAGES.form' },
  UNAUTHENTICATED: { status: 401, message: 'USER_MESSAGES.notLoggedIn' },
  FORBIDDEN: { status: 403, message: 'ERROR_MESSAGES.forbidden' },
  /** Login of an account whose email address is not confirmed yet. */
  PENDING_CONFIRMATION: { status: 403, message: 'USER_MESSAGES.pendingConfirmation' },
  NOT_FOUND: { status: 404, message: 'ERROR_MESSAGES.notFound' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'ERROR_MESSAGES.refused' },
  NOT_ACCEPTABLE: { status: 406, message: 'ERROR_MESSAGES.refused' },
  REQUEST_TIMEOUT: { status: 408, message: 'REQUEST_MESSAGES.ERR_HTTP_REQUEST_TIMEOUT' },
  CONFLICT: { status: 409, message: 'ERROR_MESSAGES.conflict' },
  /** Someone else holds the lock of what is being edited (the body names them). */
  LOCKED: { status: 409, message: 'LOCK_MESSAGES.heldByOther' },
  /** An instance started before replay existed. */
  NOT_RECORDED: { status: 409, message: 'REPLAY_MESSAGES.notRecorded' },
  TOO_LARGE: { status: 413, message: 'REQUEST_MESSAGES.FST_ERR_CTP_BODY_TOO_LARGE' },
  URI_TOO_LONG: { status: 414, message: 'REQUEST_MESSAGES.FST_ERR_MAX_PARAM_LENGTH' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'REQUEST_MESSAGES.FST_ERR_CTP_INVALID_MEDIA_TYPE' },
  RATE_LIMITED: { status: 429, message: 'USER_MESSAGES.tooManyRequests' },
  /** A player sent events faster than the server takes them (LOCI_PLAYER_EVENT_RATE); the next ones are taken. */
  TOO_MANY_EVENTS: { status: 429, message: 'PLAY_MESSAGES.tooManyEvents' },
  HEADERS_TOO_LARGE: { status: 431, message: 'REQUEST_MESSAGES.HPE_HEADER_OVERFLOW' },
  INTERNAL: { status: 500, message: 'ERROR_MESSAGES.internal' },
  /** A part the server needs (the database) is down for now: the client tries again after `Retry-After`. */
  SERVICE_UNAVAILABLE: { status: 503, message: 'ERROR_MESSAGES.unavailable' },

  // The player API's refusals (PLAY_ERROR_CODES, docs/play.md).
  WRONG_PASSCODE: { status: 403, message: 'PLAY_MESSAGES.wrongPasscode' },
  NOT_STARTED_YET: { status: 403, message: 'PLAY_MESSAGES.notStartedYet' },
  PERIOD_ENDED: { status: 403, message: 'PLAY_MESSAGES.periodEnded' },
  NEW_INSTANCES_NOT_ALLOWED: { status: 403, message: 'PLAY_MESSAGES.newInstancesNotAllowed' },
  NOT_AUTHORISED: { status: 403, message: 'PLAY_MESSAGES.notAuthorised' },
  NOT_A_PLAYER: { status: 403, message: 'PLAY_MESSAGES.notAPlayer' },
  PROFILE_INCOMPLETE: { status: 403, message: 'PLAY_MESSAGES.notAuthorised' },
  AGE_NOT_ALLOWED: { status: 403, message: 'PLAY_MESSAGES.notAuthorised' },
  RANKINGS_AFTER_END: { status: 403, message: 'PLAY_MESSAGES.rankingsAfterEnd' },
  NO_RANKINGS: { status: 404, message: 'PLAY_MESSAGES.noRankings' },
  OTHER_DEVICE: { status: 409, message: 'PLAY_MESSAGES.otherDevice' },
  INSTANCE_NOT_ACTIVE: { status: 409, message: 'PLAY_MESSAGES.instanceNotActive' },
  NOT_PUBLISHED: { status: 409, message: 'PLAY_MESSAGES.notPublished' },
  VERSION_ARCHIVED: { status: 409, message: 'PLAY_MESSAGES.versionArchived' },
  ALREADY_FINISHED: { status: 403, message: 'PLAY_MESSAGES.alreadyFinished' },
  PLAY_AGAIN_NOT_CHOSEN: { status: 409, message: 'PLAY_MESSAGES.playAgainNotChosen' },

  // Trades between players (TRADE_ERROR_CODES, docs/play.md).
  EMPTY_TRADE: { status: 400, message: 'TRADE_MESSAGES.EMPTY_TRADE' },
  NOT_YOUR_SIDE: { status: 403, message: 'TRADE_MESSAGES.NOT_YOUR_SIDE' },
  TRADE_NOT_FOUND: { status: 404, message: 'TRADE_MESSAGES.TRADE_NOT_FOUND' },
  UNKNOWN_PLAYER: { status: 404, message: 'TRADE_MESSAGES.UNKNOWN_PLAYER' },
  TRADING_OFF: { status: 409, message: 'TRADE_MESSAGES.TRADING_OFF' },
  NOT_TRADABLE: { status: 409, message: 'TRADE_MESSAGES.NOT_TRADABLE' },
  NOT_OWNED: { status: 409, message: 'TRADE_MESSAGES.NOT_OWNED' },
  LIMIT_REACHED: { status: 409, message: 'TRADE_MESSAGES.LIMIT_REACHED' },
  TRADE_CLOSED: { status: 409, message: 'TRADE_MESSAGES.TRADE_CLOSED' },
  TOO_MANY_OPEN_TRADES: { status: 409, message: 'TRADE_MESSAGES.TOO_MANY_OPEN_TRADES' },
  PLAYER_NOT_TRADING: { status: 409, message: 'TRADE_MESSAGES.PLAYER_NOT_TRADING' },

  // Messages both ways (issue 29, protocol/messages.ts).
  /** A player wrote messages faster than MESSAGE_LIMITS allow; Retry-After says when the next is taken. */
  MESSAGES_TOO_FAST: { status: 429, message: 'MESSAGE_MESSAGES.tooFast' },
  /** The game turned this kind of message off (the message says which). */
  MESSAGES_OFF: { status: 403, message: 'MESSAGE_MESSAGES.organiserOff' },
  /** Team chat from a player who plays alone. */
  NOT_IN_A_TEAM: { status: 403, message: 'MESSAGE_MESSAGES.noTeam' },
} as const satisfies Record<string, { status: number; message: DomainTextKey }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

// Every code of the player API and of trades is in the table (the type checker fails here otherwise).
type Missing<C extends string> = Exclude<C, ErrorCode>;
const everyPlayAndTradeCodeIsInTheTable: [Missing<PlayErrorCode | TradeErrorCode>] extends [never] ? true : never =
  true;
void everyPlayAndTradeCodeIsInTheTable;

/** Each code's HTTP status. */
export const ERROR_CODES = Object.fromEntries(
  Object.entries(ERROR_TABLE).map(([code, { status }]) => [code, status]),
) as { readonly [C in ErrorCode]: (typeof ERROR_TABLE)[C]['status'] };

/** Every code, in the table's order. */
export const ERROR_CODE_LIST = Object.keys(ERROR_TABLE) as [ErrorCode, ...ErrorCode[]];

/** The catalogue group and key of a code's default message. */
export function errorMessageKey(code: ErrorCode): { group: DomainGroup; key: string } {
  const [group, key] = ERROR_TABLE[code].message.split('.') as [DomainGroup, string];
  return { group, key };
}

/** Field errors keyed by the field's path (dots for nesting, e.g. `pg.place.radius`). */
export type FieldErrors = Record<string, string>;

/**
 * The body of every error answer of the API: the message in the caller's language, field errors by path, the
 * code of ERROR_TABLE (left out for VALIDATION and INTERNAL). Some refusals add fields: a lock's holder, an
 * upload's rejected files, the publish gate's problems, a rate limit's wait.
 */
export const errorBodySchema = z.looseObject({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  errorCode: z.enum(ERROR_CODE_LIST).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

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
  conflict: 'This conflicts with the current state of the data',
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
  ERR_HTTP_REQUEST_TIMEOUT: 'The request was not received in time',
  /** A multipart body cut short, or not made of the boundary its Content-Type announces. */
  MULTIPART_UNREADABLE: 'The multipart body could not be read',
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
