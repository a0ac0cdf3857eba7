// The analytics page (spec 3 §2): mounted at /analytics/:activeGameId by the app's routes.
export { AnalyticsPage } from './AnalyticsPage';
