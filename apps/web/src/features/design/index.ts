// The design workspace (spec 2): mounted at /games/:gameId/* by the app's routes.
export { DesignWorkspace } from './routes';
