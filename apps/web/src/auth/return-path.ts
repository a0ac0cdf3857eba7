import { RETURN_PATH_PARAM, safeReturnPath } from '@loci/domain';
import { useLocation, useSearchParams } from 'react-router';

/**
 * The path to come back to after signing in (docs/web-player.md "The way in"):
 * carried as ?next= from the page a signed-out visitor was on, through sign-in,
 * sign-up, the confirmation mail and a social sign-in; only console paths
 * (safeReturnPath), never another site.
 */
const SOCIAL_RETURN_KEY = 'loci.returnTo';

/** The safe ?next= of the current address, or null. */
export function useReturnPath(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_PATH_PARAM));
}

/** `to` with ?next=`next` when there is one (`/login?next=%2Fplay%2Fg1`). */
export function withReturn(to: string, next: string | null): string {
  if (!next) return to;
  return `${to}${to.includes('?') ? '&' : '?'}${RETURN_PATH_PARAM}=${encodeURIComponent(next)}`;
}

/** The current page as a return path (null at / and on the sign-in pages themselves). */
export function useHereAsReturn(): string | null {
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return here === '/' ? null : safeReturnPath(here);
}

/** Where a social sign-in will come back to (the provider's round trip cannot carry it). */
export function rememberReturn(next: string | null): void {
  try {
    if (next) sessionStorage.setItem(SOCIAL_RETURN_KEY, next);
    else sessionStorage.removeItem(SOCIAL_RETURN_KEY);
  } catch {
    // Storage refused (private mode): the person comes back to / instead.
  }
}

/** The return path a social sign-in left, read once. */
export function takeRememberedReturn(): string | null {
  try {
    const next = safeReturnPath(sessionStorage.getItem(SOCIAL_RETURN_KEY));
    sessionStorage.removeItem(SOCIAL_RETURN_KEY);
    return next;
  } catch {
    return null;
  }
}
