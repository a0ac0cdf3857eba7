/**
 * @loci/engine/simulate — simulated players: routes walked at a speed with
 * GPS noise, answers by policy, and runs of many players that report who
 * completed, how fast, and where the others got stuck. Pure and
 * deterministic (a seed reproduces a run); the playtest uses it in the browser.
 */
export { mulberry32 } from './random.js';
export {
  nearestNeighbourOrder,
  noisyFix,
  pointAlong,
  routeLength,
  walkRoute,
  WALKING_SPEED,
  type Fix,
  type GpsNoise,
  type RouteSample,
} from './route.js';
export { ANSWER_POLICIES, answerFor, answerOf, type AnswerPolicy, type BotEvent } from './policy.js';
export { runBot, type BotOptions, type BotResult, type StuckAt, type StuckReason } from './bot.js';
export { botSeeds, simulatePlayers, summarize, type SimulationSummary, type StuckPlace } from './players.js';
