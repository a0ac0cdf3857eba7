// The feed, the wall and the results (issue 29): the pages of the feature's chunk.
export { WallPage } from './WallPage';
export { ResultsPage } from './ResultsPage';
