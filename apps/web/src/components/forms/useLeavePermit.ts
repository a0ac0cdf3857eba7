import { useMemo, useRef } from 'react';

/**
 * Lets a form's own navigation (after a save, a delete or Cancel) pass the
 * unsaved-changes guard: `allow(() => navigate(...))`. React Router checks
 * its blocker synchronously inside `navigate`, so the permit only needs to
 * hold while the call runs.
 */
export interface LeavePermit {
  allow: <T>(leave: () => T) => T;
  /** True while a permitted navigation runs. */
  isAllowed: () => boolean;
}

/** A permit for one form (see LeavePermit). */
export function useLeavePermit(): LeavePermit {
  const allowed = useRef(false);
  return useMemo(
    () => ({
      allow: <T>(leave: () => T): T => {
        allowed.current = true;
        try {
          return leave();
        } finally {
          allowed.current = false;
        }
      },
      isAllowed: () => allowed.current,
    }),
    [],
  );
}
