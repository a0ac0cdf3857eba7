import { ERROR_CODES, type ErrorBody, type ErrorCode, type FieldErrors } from '@loci/domain';

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
  validation: (errors: FieldErrors, message = 'Please correct the errors in the form') =>
    new AppError('VALIDATION', message, { errors }),
  unauthenticated: (message = 'Not loged in') => new AppError('UNAUTHENTICATED', message),
  forbidden: (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message),
  notFound: (message = 'Not found') => new AppError('NOT_FOUND', message),
  conflict: (message: string, errors?: FieldErrors) => new AppError('CONFLICT', message, errors ? { errors } : {}),
};
