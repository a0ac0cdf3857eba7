import {
  ERROR_CODES,
  ERROR_MESSAGES,
  errorMessageKey,
  FORM_ERROR_MESSAGE,
  renderDomainText,
  USER_MESSAGES,
  type DomainTextRef,
  type ErrorBody,
  type ErrorCode,
  type FieldErrors,
} from '@loci/domain';

/**
 * The key and arguments of an error body's message, kept beside the body (not sent: a symbol key is not
 * serialised) so the answer can be said in the caller's language (./answer-language.ts).
 */
export const MESSAGE_TEXT = Symbol('messageText');

/**
 * The one error type services throw. The central error handler turns it into
 * `{ message, errors?, errorCode? }` with the status its code has in ERROR_TABLE (@loci/domain).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldErrors | undefined;
  readonly extra: Record<string, unknown> | undefined;
  /** The message's key and arguments when it was given as a DomainTextRef (said in the caller's language). */
  readonly text: DomainTextRef | undefined;

  /**
   * `message` is English, or a text of the domain catalogue by key (`domainTextRef(…)`), said in English here;
   * without it, the code's default message of ERROR_TABLE.
   */
  constructor(
    code: ErrorCode,
    message: string | DomainTextRef = { ...errorMessageKey(code), args: [] },
    options: { errors?: FieldErrors; extra?: Record<string, unknown> } = {},
  ) {
    super(typeof message === 'string' ? message : renderDomainText(message, 'en'));
    this.text = typeof message === 'string' ? undefined : message;
    this.name = 'AppError';
    this.code = code;
    this.errors = options.errors;
    this.extra = options.extra;
  }

  get status(): number {
    return ERROR_CODES[this.code];
  }

  /** The JSON body sent to the client. */
  toBody(): ErrorBody & Record<string, unknown> {
    const body = {
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.code === 'VALIDATION' || this.code === 'INTERNAL' ? {} : { errorCode: this.code }),
      ...this.extra,
    };
    return this.text ? Object.assign(body, { [MESSAGE_TEXT]: this.text }) : body;
  }
}

/** Shorthands for the common cases. */
export const fail = {
  validation: (errors: FieldErrors, message: string = FORM_ERROR_MESSAGE) =>
    new AppError('VALIDATION', message, { errors }),
  unauthenticated: (message: string = USER_MESSAGES.notLoggedIn) => new AppError('UNAUTHENTICATED', message),
  forbidden: (message: string = ERROR_MESSAGES.forbidden) => new AppError('FORBIDDEN', message),
  notFound: (message: string | DomainTextRef = ERROR_MESSAGES.notFound) => new AppError('NOT_FOUND', message),
  conflict: (message: string | DomainTextRef, errors?: FieldErrors) =>
    new AppError('CONFLICT', message, errors ? { errors } : {}),
};
