import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { useAuth } from './auth/auth-context';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './auth/guards';
import { NotFound } from './components/NotFound';
import { PageLoader } from './components/PageLoader';
import { AppLayout } from './components/layout/AppLayout';
import { canAuthor } from '@loci/domain';
import {
  AccountPage,
  AdminDashboardPage,
  AnalyticsPage,
  ConfirmEmailPage,
  DebuggingToolsPage,
  DesignWorkspace,
  ForgotChangePage,
  ForgotPage,
  GalleryPage,
  GameSettingsPage,
  GamesListPage,
  GameplayPage,
  InstancePage,
  LandingPage,
  LoginPage,
  NoAuthoringRights,
  PlayPage,
  PlayerHomePage,
  PublicLobbyPage,
  SharePrintPage,
  PrivacyPage,
  RegisterPage,
  RegisterSuccessPage,
  ResendPage,
  RoleRequestsPage,
  SocialRedirectPage,
} from './lazy-pages';

/** '/': the landing page for visitors, the games list for authors, a warning for players with their home below. */
function HomePage() {
  const { user } = useAuth();
  if (!user) return <LandingPage />;
  if (canAuthor(user.role)) return <GamesListPage />;
  return (
    <>
      <NoAuthoringRights />
      <PlayerHomePage />
    </>
  );
}

/** A full-screen page of the player (no console chrome), with a loader while its chunk comes. */
function FullScreen({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{page}</Suspense>;
}

/**
 * /gameplay/{gameId}/…: a QR deep link opened by a phone's camera (spec 3 §9).
 * It opens the game's player, which sends the deep link as a scanned code once
 * playing; a visitor first reads the game's lobby, and comes back here after signing in.
 */
function DeepLinkRedirect() {
  const { gameId = '' } = useParams();
  const { pathname } = useLocation();
  const code = pathname.slice(pathname.indexOf('gameplay/'));
  return <Navigate to={`/play/${encodeURIComponent(gameId)}?code=${encodeURIComponent(code)}`} replace />;
}

/** A page for designers and admins; players see why they cannot use it. */
function AuthorsOnly({ page }: { page: ReactNode }) {
  const { user } = useAuth();
  return user && canAuthor(user.role) ? page : <NoAuthoringRights />;
}

/** Every route of the console, relative to the base path /fe. */
export function AppRoutes() {
  const { isAuthenticated } = useAuth();
  return (
    <Routes>
      {/* The player fills the screen, without the console's chrome; a visitor reads the game's public lobby there. */}
      <Route path="play/:gameId" element={<FullScreen page={isAuthenticated ? <PlayPage /> : <PublicLobbyPage />} />} />
      <Route path="gameplay/:gameId/*" element={<DeepLinkRedirect />} />
      <Route element={<RequireAuth />}>
        <Route path="share/:gameId/print" element={<FullScreen page={<SharePrintPage />} />} />
      </Route>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route element={<RedirectIfSignedIn />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
        </Route>
        <Route path="socialredirect" element={<SocialRedirectPage />} />
        <Route path="registersuccess" element={<RegisterSuccessPage />} />
        <Route path="confirmemail" element={<ConfirmEmailPage />} />
        <Route path="forgot" element={<ForgotPage />} />
        <Route path="resend" element={<ResendPage />} />
        <Route path="forgotchange" element={<ForgotChangePage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route element={<RequireAuth />}>
          <Route path="account" element={<AccountPage />} />
          <Route path="admin" element={<RequireAdmin />}>
            <Route index element={<AdminDashboardPage />} />
            <Route path="role-requests" element={<RoleRequestsPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
          {/* Filled in by the games, operations, analytics and debugging areas. */}
          <Route path="gallery" element={<AuthorsOnly page={<GalleryPage />} />} />
          <Route path="games/new" element={<GameSettingsPage />} />
          <Route path="games/edit/:gameId" element={<GameSettingsPage />} />
          <Route path="games/:gameId/*" element={<DesignWorkspace />} />
          <Route path="games/*" element={<NotFound />} />
          <Route path="active-games/:activeGameId" element={<GameplayPage />} />
          <Route path="active-games/:activeGameId/instance/:instanceId" element={<InstancePage />} />
          <Route path="active-games/*" element={<NotFound />} />
          <Route path="analytics/:activeGameId" element={<AnalyticsPage />} />
          <Route path="debugging-tools" element={<DebuggingToolsPage />} />
          <Route path="my-games" element={<PlayerHomePage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
