import { Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { useAuth } from './auth/auth-context';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from './auth/guards';
import { NotFound } from './components/NotFound';
import { PageLoader } from './components/PageLoader';
import { AppLayout } from './components/layout/AppLayout';
import { DeepLinkRedirect, PlayOrLobby } from './play-routes';
import { canAuthor, childRoutePath, CONSOLE_ROUTES } from '@loci/domain';
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
  NoAuthoringRightsLine,
  PlayerHomePage,
  SharePrintPage,
  PrivacyPage,
  RegisterPage,
  RegisterSuccessPage,
  ResendPage,
  RoleRequestsPage,
  SeeAsPlayerPage,
  ReviewQueuePage,
  SocialRedirectPage,
  WallPage,
  ResultsPage,
} from './lazy-pages';

/** '/': the landing page for visitors, the games list for authors, a player's home with one quiet line below it. */
function HomePage() {
  const { user } = useAuth();
  if (!user) return <LandingPage />;
  if (canAuthor(user.role)) return <GamesListPage />;
  return (
    <>
      <PlayerHomePage />
      <NoAuthoringRightsLine />
    </>
  );
}

/** A full-screen page of the player (no console chrome), with a loader while its chunk comes. */
function FullScreen({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{page}</Suspense>;
}

/** A page for designers and admins; players see why they cannot use it. */
function AuthorsOnly({ page }: { page: ReactNode }) {
  const { user } = useAuth();
  return user && canAuthor(user.role) ? page : <NoAuthoringRights />;
}

/** Every route of the console, relative to the base path /fe; the paths are @loci/domain's CONSOLE_ROUTES, which the server knows too. */
export function AppRoutes() {
  return (
    <Routes>
      {/* The player fills the screen, without the console's chrome (play-routes.tsx: the player's entry has the same). */}
      <Route path={CONSOLE_ROUTES.play} element={<PlayOrLobby />} />
      <Route path={CONSOLE_ROUTES.playDeepLink} element={<DeepLinkRedirect />} />
      {/* The wall (issue 29): a projector's screen, no sign-in, no console chrome. */}
      <Route path={CONSOLE_ROUTES.wall} element={<FullScreen page={<WallPage />} />} />
      <Route element={<RequireAuth />}>
        <Route path={CONSOLE_ROUTES.sharePrint} element={<FullScreen page={<SharePrintPage />} />} />
        <Route path={CONSOLE_ROUTES.instanceResults} element={<FullScreen page={<ResultsPage />} />} />
      </Route>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route element={<RedirectIfSignedIn />}>
          <Route path={CONSOLE_ROUTES.login} element={<LoginPage />} />
          <Route path={CONSOLE_ROUTES.register} element={<RegisterPage />} />
        </Route>
        <Route path={CONSOLE_ROUTES.socialRedirect} element={<SocialRedirectPage />} />
        <Route path={CONSOLE_ROUTES.registerSuccess} element={<RegisterSuccessPage />} />
        <Route path={CONSOLE_ROUTES.confirmEmail} element={<ConfirmEmailPage />} />
        <Route path={CONSOLE_ROUTES.forgot} element={<ForgotPage />} />
        <Route path={CONSOLE_ROUTES.resend} element={<ResendPage />} />
        <Route path={CONSOLE_ROUTES.forgotChange} element={<ForgotChangePage />} />
        <Route path={CONSOLE_ROUTES.privacy} element={<PrivacyPage />} />
        <Route element={<RequireAuth />}>
          <Route path={CONSOLE_ROUTES.account} element={<AccountPage />} />
          <Route path={CONSOLE_ROUTES.admin} element={<RequireAdmin />}>
            <Route index element={<AdminDashboardPage />} />
            <Route
              path={childRoutePath(CONSOLE_ROUTES.adminRoleRequests, CONSOLE_ROUTES.admin)}
              element={<RoleRequestsPage />}
            />
            <Route path="*" element={<NotFound />} />
          </Route>
          {/* Filled in by the games, operations, analytics and debugging areas. */}
          <Route path={CONSOLE_ROUTES.gallery} element={<AuthorsOnly page={<GalleryPage />} />} />
          <Route path={CONSOLE_ROUTES.newGame} element={<GameSettingsPage />} />
          <Route path={CONSOLE_ROUTES.gameSettings} element={<GameSettingsPage />} />
          <Route path={CONSOLE_ROUTES.design} element={<DesignWorkspace />} />
          <Route path="games/*" element={<NotFound />} />
          <Route path={CONSOLE_ROUTES.gameplay} element={<GameplayPage />} />
          <Route path={CONSOLE_ROUTES.instance} element={<InstancePage />} />
          <Route path={CONSOLE_ROUTES.seeAsPlayer} element={<SeeAsPlayerPage />} />
          <Route path={CONSOLE_ROUTES.review} element={<ReviewQueuePage />} />
          <Route path="active-games/*" element={<NotFound />} />
          <Route path={CONSOLE_ROUTES.analytics} element={<AnalyticsPage />} />
          <Route path={CONSOLE_ROUTES.debuggingTools} element={<DebuggingToolsPage />} />
          <Route path={CONSOLE_ROUTES.myGames} element={<PlayerHomePage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
