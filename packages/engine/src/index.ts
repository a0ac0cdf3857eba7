/**
 * @loci/engine — the pure runtime of Loci games: `step(spec, state, event,
 * now)` → `{ state, outputs, records, trace }`. No I/O; the clock and
 * randomness are arguments. Semantics: docs/engine.md.
 */
export { step } from './step.js';
export { createInstanceState, joinPlayer, migrateInstanceState, newPlayerState, worldEntriesByScene } from './state.js';
export { outputsInSpec, viewOf } from './view.js';
export type { PlayerView, Proximity } from '@loci/domain';
export {
  compileSpec,
  type CompiledSpec,
  type CompiledRule,
  type CompiledScene,
  type CompiledLocation,
  type ThingDefinition,
} from './compile.js';
export { gradeAnswer, type Grade } from './interactions.js';
export { parseDeepLink } from './deep-link.js';
export {
  migratePlayerState,
  planPlayerMigration,
  type MigrationDecision,
  type MigrationImpact,
} from './version-migration.js';
export { distanceMetres, exitMargin, isInActivityRange, type LatLng } from './geo.js';
export { EngineError, ENGINE_MESSAGES } from './errors.js';
export { MAX_PASSES } from './settle.js';
export * from './types.js';
export { rankPlayers, type RankedPlayer } from './rankings.js';
export {
  exchangeAssets,
  heldUnits,
  tradeTermsRefusal,
  tradingAllowed,
  type TradeAssets,
  type TradeRefusal,
} from './trade.js';
export {
  applyLogged,
  keptOfStep,
  recordingRandom,
  replayLog,
  replayRandom,
  type LoggedInput,
  type PlayersEntryCause,
  type ReplayEntry,
  type ReplayedStep,
} from './replay.js';
export { playerChanges, rescueProblems, stateChanges, type StateChange } from './rescue.js';
export { stepTrade, tradeEvents, type AcceptedTrade } from './trade-step.js';
export { nextDueOf, TIME_UP_MESSAGE, usesClock } from './clock.js';
export { minutesLeft, msLeft } from './clock-time.js';
