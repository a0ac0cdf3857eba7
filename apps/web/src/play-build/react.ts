import { createElement, type ComponentChildren } from 'preact';

// What the player's page (vite.play.config.ts) imports as 'react': Preact's compatibility layer, plus what
// React 19 has and preact/compat does not yet. Only that build reads this module; the console's imports React.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19.2's <Activity>: Mantine's Transition, Collapse and Tabs use it for content kept mounted while hidden
 * (keepMounted without keepMountedMode="display-none"; the player has none). Here the children stay mounted
 * (their state kept) in a wrapper that takes no box of its own while visible and hides them while hidden.
 */
export function Activity({ mode = 'visible', children }: { mode?: 'visible' | 'hidden'; children?: ComponentChildren }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
