/**
 * @loci/engine/problems — the static checker of a game's design (the
 * workspace's Problems panel, and what blocks Publish). Pure; runs in the
 * browser and on the server. Findings: docs/design.md.
 */
export { checkGame, countProblems } from './check.js';
export * from './types.js';
