import { createElement, lazy } from 'react';

export { GalleryPage } from './GalleryPage';
export { GamesListPage } from './GamesListPage';
export { NoAuthoringRights, NoAuthoringRightsLine } from './NoAuthoringRights';

// The settings page brings the rich-text editor, the map, the date pickers and
// the media library: a chunk of its own, so that the games list (the home page
// of every designer) does not wait for them.
const LazyGameSettingsPage = lazy(async () => ({
  default: (await import('./settings/GameSettingsPage')).GameSettingsPage,
}));

/** /games/new and /games/edit/:gameId (a plain component: React cannot lazy-load a lazy component). */
export function GameSettingsPage() {
  return createElement(LazyGameSettingsPage);
}
