import { Suspense } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { useAuth } from './auth/auth-context';
import { PageLoader } from './components/PageLoader';
import { lazyNamed } from './components/lazy-named';

// The player's pages, shared by the console's routes (a playtest opened from the design workspace) and the
// player's own entry (play-main.tsx: a play link opened on a phone).

export const PlayPage = lazyNamed(() => import('./features/play'), 'PlayPage');
export const PublicLobbyPage = lazyNamed(() => import('./features/play/lobby'), 'PublicLobbyPage');

/** /play/{gameId}: the player, full screen (no console chrome); a visitor reads the game's public lobby there. */
export function PlayOrLobby() {
  const { isAuthenticated } = useAuth();
  return <Suspense fallback={<PageLoader />}>{isAuthenticated ? <PlayPage /> : <PublicLobbyPage />}</Suspense>;
}

/**
 * /gameplay/{gameId}/…: a QR deep link opened by a phone's camera (spec 3 §9).
 * It opens the game's player, which sends the deep link as a scanned code once
 * playing; a visitor first reads the game's lobby, and comes back here after signing in.
 */
export function DeepLinkRedirect() {
  const { gameId = '' } = useParams();
  const { pathname } = useLocation();
  const code = pathname.slice(pathname.indexOf('gameplay/'));
  return <Navigate to={`/play/${encodeURIComponent(gameId)}?code=${encodeURIComponent(code)}`} replace />;
}
