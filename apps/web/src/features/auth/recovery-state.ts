import { isApiError } from '../../api/client';

/** The end states shared by the forgot, resend and reset screens (spec 1 §4). */
export type RecoveryFailure = { name: 'failed'; message: string | undefined } | { name: 'generalError'; code: 1 | 2 };

/**
 * A failed call that did not land on a field: 'General error (1)' when no
 * answer came back, '(2)' when the server failed, otherwise 'failed' with the
 * server's words.
 */
export function toRecoveryFailure(error: unknown): RecoveryFailure {
  if (!isApiError(error)) return { name: 'generalError', code: 1 };
  if (error.status >= 500) return { name: 'generalError', code: 2 };
  return { name: 'failed', message: error.body?.errors?.generalError ?? error.body?.message };
}

/** Too many requests: shown above the form, which stays usable. */
export function isRateLimited(error: unknown): boolean {
  return isApiError(error) && error.status === 429;
}
