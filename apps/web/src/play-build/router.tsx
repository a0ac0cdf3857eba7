import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { FRONTEND_BASE_PATH } from '@loci/domain';

// What the player's page (vite-play.config.ts) imports as 'react-router': the few parts of it the player's code
// uses (Link, Navigate, useLocation, useNavigate, useParams, useSearchParams), over the browser's history, for
// the player's own routes only. A path that is none of them (sign in, home, the design workspace) is the
// console's page: navigating there is a full load of it, as a link to it would be. react-router (27 kB brotli)
// stays the console's — which also opens the player inside itself (a playtest) with the same source files.
// An import of anything else from 'react-router' in code the player's page reaches fails its build (a missing
// export), so nothing can silently miss here.

/** The player's routes, as in CONSOLE_ROUTES (`play`, `playDeepLink`): the parameters they read. */
const PLAYER_ROUTES: { route: PlayerRoute; pattern: RegExp; keys: string[] }[] = [
  { route: 'play', pattern: /^\/play\/([^/]+)\/?$/, keys: ['gameId'] },
  { route: 'playDeepLink', pattern: /^\/gameplay\/([^/]+)(?:\/(.*))?$/, keys: ['gameId', '*'] },
];

export type PlayerRoute = 'play' | 'playDeepLink';

/** A path under /play/ or /gameplay/: this page answers it (one that is none of the routes shows "not found"). */
export function isPlayerPath(pathname: string): boolean {
  return /^\/(play|gameplay)(\/|$)/.test(pathname);
}

/** The route of a path and its parameters, or null when it is none of the player's routes. */
export function matchPlayerRoute(pathname: string): { route: PlayerRoute; params: Record<string, string> } | null {
  for (const { route, pattern, keys } of PLAYER_ROUTES) {
    const found = pattern.exec(pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    keys.forEach((key, index) => {
      params[key] = decodeURIComponent(found[index + 1] ?? '');
    });
    return { route, params };
  }
  return null;
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation carried (react-router keeps it as history.state.usr: the same, so a reload keeps it). */
  state: unknown;
  key: string;
}

interface HistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

function readLocation(): Location {
  const { pathname, search, hash } = window.location;
  const inApp = pathname.startsWith(`${FRONTEND_BASE_PATH}/`) ? pathname.slice(FRONTEND_BASE_PATH.length) : pathname;
  const state = (window.history.state ?? {}) as HistoryState;
  return { pathname: inApp || '/', search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
}

// One location for every reader, read anew only when the address or its state changed: the snapshot changes
// (and re-renders them) only then.
let current = readLocation();
let currentHref = window.location.href;
let currentState: unknown = window.history.state;
function snapshot(): Location {
  if (window.location.href !== currentHref || window.history.state !== currentState) {
    current = readLocation();
    currentHref = window.location.href;
    currentState = window.history.state;
  }
  return current;
}
const listeners = new Set<() => void>();
function changed() {
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('popstate', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', changed);
  };
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** To an in-app path (`/play/g1?code=…`): within this page for the player's routes, else a full load. */
export function navigateTo(to: string | number, options: NavigateOptions = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const target = new URL(to, `${window.location.origin}${FRONTEND_BASE_PATH}${snapshot().pathname}`);
  const href = to.startsWith('/') ? `${FRONTEND_BASE_PATH}${to}` : `${target.pathname}${target.search}${target.hash}`;
  const pathname = href.slice(FRONTEND_BASE_PATH.length).split(/[?#]/)[0] ?? '/';
  if (!isPlayerPath(pathname)) {
    if (options.replace) window.location.replace(href);
    else window.location.assign(href);
    return;
  }
  const previous = (window.history.state ?? {}) as HistoryState;
  const idx = (previous.idx ?? 0) + (options.replace ? 0 : 1);
  const state: HistoryState = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10), idx };
  if (options.replace) window.history.replaceState(state, '', href);
  else window.history.pushState(state, '', href);
  changed();
}

export function useLocation(): Location {
  return useSyncExternalStore(subscribe, snapshot);
}

export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  return navigateTo;
}

const ParamsContext = createContext<Record<string, string>>({});

export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

type SearchInit = URLSearchParams | string | Record<string, string>;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = new URLSearchParams(
        typeof next === 'function' ? next(new URLSearchParams(snapshot().search)) : next,
      ).toString();
      navigateTo(`${snapshot().pathname}${value ? `?${value}` : ''}`, options);
    },
    [],
  );
  return [params, setParams];
}

export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  useEffect(() => {
    navigateTo(to, { replace, state });
  }, [to, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/** An anchor to an in-app path: a plain click on a player's path stays in this page; anything else is the browser's. */
export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const href = to.startsWith('/') ? `${FRONTEND_BASE_PATH}${to}` : to;
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const plain = event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;
    if (event.defaultPrevented || !plain || (target && target !== '_self')) return;
    // A console page: the browser follows the link (a full load of the console).
    if (!isPlayerPath(href.slice(FRONTEND_BASE_PATH.length).split(/[?#]/)[0] ?? '')) return;
    event.preventDefault();
    navigateTo(to, { replace, state });
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={follow} />;
}

/** The page of the current path's route, with its parameters; `otherwise` for a path that is none of them. */
export function PlayerRoutes({ routes, otherwise }: { routes: Record<PlayerRoute, ReactNode>; otherwise: ReactNode }) {
  const { pathname } = useLocation();
  const matched = useMemo(() => matchPlayerRoute(pathname), [pathname]);
  return (
    <ParamsContext.Provider value={matched?.params ?? NO_PARAMS}>
      {matched ? routes[matched.route] : otherwise}
    </ParamsContext.Provider>
  );
}

const NO_PARAMS: Record<string, string> = {};
