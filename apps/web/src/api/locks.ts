import { LOCK_DURATION_SECONDS, type LockHeld, type LockKind, type LockRefused } from '@loci/domain';

/** What a lock covers: a resource (`kind`, `id`) of the game `gameId`. */
export interface LockTarget {
  gameId: string;
  kind: LockKind;
  id: string;
}
import { API_BASE, api, isApiError, apiHeaders } from './client';

const LOCK_PATH = '/design/cc';

/** The answer to a lock request: held until `expiresAt`, or refused because `holder` has it. */
export type LockAnswer = LockHeld | LockRefused;

function isRefusal(body: unknown): body is LockRefused {
  return typeof body === 'object' && body !== null && (body as { locked?: unknown }).locked === false;
}

/** The edit-lock service (POST and DELETE /api/design/cc). */
export const locksApi = {
  /** Takes or renews a lock. A 409 with the holder is an answer, not a failure. */
  async acquire(target: LockTarget, duration = LOCK_DURATION_SECONDS): Promise<LockAnswer> {
    try {
      return await api.post<LockHeld>(LOCK_PATH, { ...target, duration });
    } catch (error) {
      if (isApiError(error) && error.status === 409 && isRefusal(error.body)) return error.body;
      throw error;
    }
  },

  /**
   * Releases a lock. `keepalive` lets the request outlive the page (pagehide),
   * which is why this is a plain fetch rather than the JSON client.
   */
  release(target: LockTarget): Promise<void> {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      ...apiHeaders(),
    };
    return fetch(`${API_BASE}${LOCK_PATH}`, {
      method: 'DELETE',
      headers,
      body: JSON.stringify(target),
      credentials: 'same-origin',
      keepalive: true,
    }).then(
      () => undefined,
      // Releasing is best effort: the lock expires on its own.
      () => undefined,
    );
  },
};
