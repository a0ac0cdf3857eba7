import {
  ERROR_CODES,
  ERROR_MESSAGES,
  FORM_ERROR_MESSAGE,
  USER_MESSAGES,
  type ErrorBody,
  type ErrorCode,
  type FieldErrors,
} from '@loci/domain';

/**
 * The one error type services throw. The central error handler turns it into
 * `{ message, errors?, errorCode? }` with the status its code maps to.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldErrors | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { errors?: FieldErrors; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
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
    return {
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.code === 'VALIDATION' || this.code === 'INTERNAL' ? {} : { errorCode: this.code }),
      ...this.extra,
    };
  }
}

/** Shorthands for the common cases. */
export const fail = {
  validation: (errors: FieldErrors, message: string = FORM_ERROR_MESSAGE) =>
    new AppError('VALIDATION', message, { errors }),
  unauthenticated: (message: string = USER_MESSAGES.notLoggedIn) => new AppError('UNAUTHENTICATED', message),
  forbidden: (message: string = ERROR_MESSAGES.forbidden) => new AppError('FORBIDDEN', message),
  notFound: (message: string = ERROR_MESSAGES.notFound) => new AppError('NOT_FOUND', message),
  conflict: (message: string, errors?: FieldErrors) => new AppError('CONFLICT', message, errors ? { errors } : {}),
};
