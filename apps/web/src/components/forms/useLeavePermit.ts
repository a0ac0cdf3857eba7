import { useMemo, useRef } from 'react';

/**
 * Lets a form's own navigation (after a save, a delete or Cancel) pass the
 * unsaved-changes guard: `allow(() => navigate(...))`.
 *
 * The permit holds from that call until the router is on another location
 * (`settle`, called by the guard), not only while `navigate` runs: React
 * Router changes the address at once but renders the next page in a
 * transition, and until that render the form — still dirty, its values
 * saved — is on screen with its guard. A sidebar link clicked in that moment
 * (a quick designer, a slow laptop) is the person's next step after a save,
 * not a change to lose: asking "Leave without saving?" there, then dropping
 * the dialog when the save's page arrives, lost the click.
 */
export interface LeavePermit {
  allow: <T>(leave: () => T) => T;
  /** True from a permitted navigation until the location changed. */
  isAllowed: () => boolean;
  /** The location changed: a form still shown (the same page under a new address) is guarded again. */
  settle: () => void;
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
        } catch (error) {
          allowed.current = false;
          throw error;
        }
      },
      isAllowed: () => allowed.current,
      settle: () => {
        allowed.current = false;
      },
    }),
    [],
  );
}
