/**
 * The console's routes under the base path /fe (spec 1 §2), one list for the
 * browser's router (apps/web/src/routes.tsx reads its paths from here) and the
 * server, which answers 404 for a /fe path that is none of them (it still
 * sends the console, whose page says 'No Route match'). ':name' is one path
 * segment; a final '*' is any rest (the design workspace tells its own paths
 * apart in the browser).
 */
export const CONSOLE_ROUTES = {
  home: '',
  play: 'play/:gameId',
  /** QR deep links (spec 3 §9) under PUBLIC_URL: they open the player. */
  playDeepLink: 'gameplay/:gameId/*',
  sharePrint: 'share/:gameId/print',
  myGames: 'my-games',
  login: 'login',
  register: 'register',
  socialRedirect: 'socialredirect',
  registerSuccess: 'registersuccess',
  confirmEmail: 'confirmemail',
  forgot: 'forgot',
  resend: 'resend',
  forgotChange: 'forgotchange',
  privacy: 'privacy',
  account: 'account',
  admin: 'admin',
  adminRoleRequests: 'admin/role-requests',
  gallery: 'gallery',
  newGame: 'games/new',
  gameSettings: 'games/edit/:gameId',
  design: 'games/:gameId/*',
  gameplay: 'active-games/:activeGameId',
  instance: 'active-games/:activeGameId/instance/:instanceId',
  /** "See as the player": one player's screen, live and read-only (docs/operations.md). */
  seeAsPlayer: 'active-games/:activeGameId/instance/:instanceId/player/:playerId',
  /** The review queue of judged submissions (issue 29, docs/outings.md "Judging"). */
  review: 'active-games/:activeGameId/review',
  /** The results of an instance, printable (issue 29). */
  instanceResults: 'active-games/:activeGameId/instance/:instanceId/results',
  /** The wall: the big screen a projector link opens, without signing in (issue 29). */
  wall: 'wall/:token',
  analytics: 'analytics/:activeGameId',
  debuggingTools: 'debugging-tools',
} as const;

export type ConsoleRoute = keyof typeof CONSOLE_ROUTES;

/** `path` written relative to its parent route's (for nested routes: 'admin/role-requests' under 'admin'). */
export function childRoutePath(path: string, parent: string): string {
  return path.startsWith(`${parent}/`) ? path.slice(parent.length + 1) : path;
}

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern === '' ? [] : pattern.split('/');
  for (const [index, part] of parts.entries()) {
    if (part === '*') return true;
    const segment = segments[index];
    if (segment === undefined || segment === '') return false;
    if (!part.startsWith(':') && part !== segment) return false;
  }
  return segments.length === parts.length;
}

/**
 * Whether `pathname` (e.g. '/fe/games/42/scenes', with or without the base
 * path and a trailing slash; no query) is a route of the console.
 */
export function isConsoleRoute(pathname: string): boolean {
  let rest = pathname.startsWith('/fe/') ? pathname.slice(4) : pathname.replace(/^\/+/, '');
  rest = rest.replace(/\/+$/, '');
  const segments = rest === '' ? [] : rest.split('/');
  return Object.values(CONSOLE_ROUTES).some((pattern) => matches(pattern, segments));
}
