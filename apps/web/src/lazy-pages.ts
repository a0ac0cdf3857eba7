import { lazyNamed as lazyPage } from './components/lazy-named';

// One chunk per feature: every page of a feature comes from the feature's index module.

const auth = () => import('./features/auth');
const account = () => import('./features/account');
const admin = () => import('./features/admin');
const landing = () => import('./features/landing');
const privacy = () => import('./features/privacy');
const games = () => import('./features/games');
const design = () => import('./features/design');
const debug = () => import('./features/debug');
const analytics = () => import('./features/analytics');
const operations = () => import('./features/operations');
const wayIn = () => import('./features/way-in');
const judging = () => import('./features/judging');
const wall = () => import('./features/wall');

export const LoginPage = lazyPage(auth, 'LoginPage');
export const RegisterPage = lazyPage(auth, 'RegisterPage');
export const RegisterSuccessPage = lazyPage(auth, 'RegisterSuccessPage');
export const ConfirmEmailPage = lazyPage(auth, 'ConfirmEmailPage');
export const SocialRedirectPage = lazyPage(auth, 'SocialRedirectPage');
export const ForgotPage = lazyPage(auth, 'ForgotPage');
export const ResendPage = lazyPage(auth, 'ResendPage');
export const ForgotChangePage = lazyPage(auth, 'ForgotChangePage');
export const AccountPage = lazyPage(account, 'AccountPage');
export const AdminDashboardPage = lazyPage(admin, 'AdminDashboardPage');
export const RoleRequestsPage = lazyPage(admin, 'RoleRequestsPage');
export const LandingPage = lazyPage(landing, 'LandingPage');
export const PrivacyPage = lazyPage(privacy, 'PrivacyPage');
export const GamesListPage = lazyPage(games, 'GamesListPage');
export const GalleryPage = lazyPage(games, 'GalleryPage');
export const NoAuthoringRights = lazyPage(games, 'NoAuthoringRights');
export const NoAuthoringRightsLine = lazyPage(games, 'NoAuthoringRightsLine');
export const GameSettingsPage = lazyPage(games, 'GameSettingsPage');
export const DesignWorkspace = lazyPage(design, 'DesignWorkspace');
export const DebuggingToolsPage = lazyPage(debug, 'DebuggingToolsPage');
export const AnalyticsPage = lazyPage(analytics, 'AnalyticsPage');
export const GameplayPage = lazyPage(operations, 'GameplayPage');
export const InstancePage = lazyPage(operations, 'InstancePage');
export const SeeAsPlayerPage = lazyPage(operations, 'SeeAsPlayerPage');
export const ReviewQueuePage = lazyPage(judging, 'ReviewQueuePage');
export const PlayerHomePage = lazyPage(wayIn, 'PlayerHomePage');
export const MyGamesList = lazyPage(wayIn, 'MyGamesList');
export const SharePrintPage = lazyPage(wayIn, 'SharePrintPage');
export { PlayPage, PublicLobbyPage } from './play-routes';
export const WallPage = lazyPage(wall, 'WallPage');
export const ResultsPage = lazyPage(wall, 'ResultsPage');
