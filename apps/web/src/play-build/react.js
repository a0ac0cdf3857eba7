import { createElement } from 'preact';

// What the player's page (vite-play.config.ts) imports as 'react': Preact's compatibility layer, plus what
// React 19 has and preact/compat does not yet. Only that build reads this module; the console imports React.
// JavaScript, not TypeScript: preact/compat's types are an `export =`, which a TypeScript `export *` refuses;
// the code that imports 'react' is typed against React's own types anyway.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React 19.2's <Activity>: Mantine's Transition, Collapse and Tabs use it for content kept mounted while hidden
 * (keepMounted without keepMountedMode="display-none"; the player has none). Here the children stay mounted
 * (their state kept) in a wrapper that takes no box of its own while visible and hides them while hidden.
 * @param {{ mode?: 'visible' | 'hidden', children?: unknown }} props
 */
export function Activity({ mode = 'visible', children }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
