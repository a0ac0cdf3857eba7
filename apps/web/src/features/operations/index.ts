// Running live games (spec 1 §2): the Gameplay page and an instance's page.
export { GameplayPage } from './GameplayPage';
export { InstancePage } from './InstancePage';
export { SeeAsPlayerPage } from './SeeAsPlayerPage';
