import { LOCK_DURATION_SECONDS, LOCK_RETRY_SECONDS, type LockKind } from '@loci/domain';
import { useEffect, useState } from 'react';
import { locksApi, type LockAnswer } from '../../api/locks';

/**
 * - `idle`: not asked for (disabled, or no id yet).
 * - `acquiring`: the first request is on its way.
 * - `held`: this tab holds the lock and renews it.
 * - `refused`: someone else holds it; retried every LOCK_RETRY_SECONDS.
 * - `lost`: a renewal found it gone (or it expired while the tab slept); reload to try again.
 * - `unavailable`: the lock service did not answer; retried every LOCK_RETRY_SECONDS.
 */
export type EditLockStatus = 'idle' | 'acquiring' | 'held' | 'refused' | 'lost' | 'unavailable';

export interface EditLock {
  status: EditLockStatus;
  /** Who holds it, when refused. */
  holder: { id: string; name: string } | null;
  /** When our lock (or the holder's) runs out, as the server said. */
  expiresAt: string | null;
  /** True only while this tab holds the lock: edits are allowed. */
  isHeld: boolean;
}

const IDLE: EditLock = { status: 'idle', holder: null, expiresAt: null, isHeld: false };

// Lock requests for one resource reach the server in the order they were
// issued, so that a release from an unmount (or React's StrictMode double
// mount) can never overtake the acquisition that follows it.
const queues = new Map<string, Promise<unknown>>();
function serialize<T>(key: string, operation: () => Promise<T>): Promise<T> {
  const previous = queues.get(key) ?? Promise.resolve();
  const next = previous.then(operation, operation);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/**
 * Holds the edit lock of a resource while the component is mounted (spec 1 §4,
 * spec 3 §4): takes it on mount, renews it at half its duration, retries while
 * another user holds it, notices when it is lost, and releases it on unmount
 * and when the page goes away. A lock is a resource of a game: `gameId` says
 * which (for a 'game' lock, the game itself).
 */
export function useEditLock(
  gameId: string | undefined,
  kind: LockKind,
  id: string | undefined,
  { enabled = true }: { enabled?: boolean } = {},
): EditLock {
  const active = enabled && Boolean(id) && Boolean(gameId);
  const [lock, setLock] = useState<EditLock>(active ? { ...IDLE, status: 'acquiring' } : IDLE);

  useEffect(() => {
    if (!active || !id || !gameId) {
      setLock(IDLE);
      return;
    }
    const target = { gameId, kind, id };
    const key = `${gameId}:${kind}:${id}`;
    let disposed = false;
    let held = false;
    // Measured on this machine's clock from when we asked, so clock skew with the server does not matter.
    let expiresAtMs = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const schedule = (run: () => void, seconds: number) => {
      clearTimeout(timer);
      timer = setTimeout(run, seconds * 1000);
    };

    const lose = () => {
      held = false;
      clearTimeout(timer);
      setLock({ status: 'lost', holder: null, expiresAt: null, isHeld: false });
    };

    const attempt = async (renewal: boolean): Promise<void> => {
      if (disposed) return;
      // The tab slept past the expiry: someone else may have edited since.
      if (renewal && Date.now() >= expiresAtMs) {
        lose();
        return;
      }
      const askedAt = Date.now();
      let answer: LockAnswer;
      try {
        answer = await serialize(key, async () => {
          const result = await locksApi.acquire(target, LOCK_DURATION_SECONDS);
          held = result.locked;
          return result;
        });
      } catch {
        if (disposed) return;
        if (!renewal) setLock({ status: 'unavailable', holder: null, expiresAt: null, isHeld: false });
        // A failed renewal leaves the lock ours until it expires; try again soon.
        schedule(() => void attempt(renewal), LOCK_RETRY_SECONDS);
        return;
      }
      if (disposed) return;
      if (answer.locked) {
        expiresAtMs = askedAt + LOCK_DURATION_SECONDS * 1000;
        setLock({ status: 'held', holder: null, expiresAt: answer.expiresAt, isHeld: true });
        schedule(() => void attempt(true), LOCK_DURATION_SECONDS / 2);
      } else if (renewal) {
        lose();
      } else {
        setLock({ status: 'refused', holder: answer.holder, expiresAt: answer.expiresAt, isHeld: false });
        schedule(() => void attempt(false), LOCK_RETRY_SECONDS);
      }
    };

    const handleVisibility = () => {
      if (document.visibilityState === 'visible' && held && Date.now() >= expiresAtMs) lose();
    };
    const handlePageHide = () => {
      if (!held) return;
      held = false;
      clearTimeout(timer);
      void locksApi.release(target);
    };
    const handlePageShow = (event: PageTransitionEvent) => {
      // Back from the back-forward cache: the lock was released on pagehide.
      if (event.persisted) {
        setLock({ ...IDLE, status: 'acquiring' });
        void attempt(false);
      }
    };

    setLock({ ...IDLE, status: 'acquiring' });
    void attempt(false);
    document.addEventListener('visibilitychange', handleVisibility);
    window.addEventListener('pagehide', handlePageHide);
    window.addEventListener('pageshow', handlePageShow);

    return () => {
      disposed = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', handleVisibility);
      window.removeEventListener('pagehide', handlePageHide);
      window.removeEventListener('pageshow', handlePageShow);
      // Queued behind any acquisition in flight, so its outcome is known here.
      void serialize(key, async () => {
        if (!held) return;
        held = false;
        await locksApi.release(target);
      });
    };
  }, [gameId, kind, id, active]);

  return lock;
}
