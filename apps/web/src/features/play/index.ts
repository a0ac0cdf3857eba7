// The web player and the designers' playtest: mounted at /play/:gameId by the app's routes.
export { PlayPage } from './PlayPage';
