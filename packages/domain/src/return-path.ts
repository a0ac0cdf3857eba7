import { FRONTEND_BASE_PATH } from './constants.js';

// The return path through sign-in, without zod (re-exported by way-in.ts): every
// page's sign-in guard uses it, so it stays out of the schemas' module.

/** The longest return path kept through sign-in. */
export const RETURN_PATH_MAX_LENGTH = 512;
/** The query parameter that carries the return path (`/login?next=/play/…`). */
export const RETURN_PATH_PARAM = 'next';

/**
 * The path to come back to after signing in, when `value` is a safe one: a
 * path of the console (relative to /fe, as the router reads it; a leading
 * `/fe` is taken off), never an address of another site (`//host`, `\\host`,
 * a scheme), never the sign-in pages themselves. Null otherwise.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_PATH_MAX_LENGTH) return null;
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /[\\\s\u0000-\u001f]/.test(value) || value.startsWith('//')) return null;
  let path = value;
  if (
    path === FRONTEND_BASE_PATH ||
    path.startsWith(`${FRONTEND_BASE_PATH}/`) ||
    path.startsWith(`${FRONTEND_BASE_PATH}?`)
  ) {
    path = path.slice(FRONTEND_BASE_PATH.length) || '/';
    if (!path.startsWith('/')) path = `/${path}`;
  }
  if (path.startsWith('//')) return null;
  const pathname = path.split(/[?#]/, 1)[0]!;
  if (/^\/(login|register|registersuccess|socialredirect|confirmemail)\/?$/.test(pathname)) return null;
  return path;
}
