import type { GameSpec } from '@loci/domain';
import { runBot, type BotOptions, type BotResult, type StuckAt } from './bot.js';
import { mulberry32 } from './random.js';

/** Simulated players who got stuck at the same place: same scene, last rule, open dialogs and reason. */
export interface StuckPlace extends StuckAt {
  count: number;
  playerIds: string[];
}

/** What a run of simulated players found. */
export interface SimulationSummary {
  seed: number;
  players: number;
  completed: number;
  /** Finished without completing (endGame). */
  ended: number;
  stuck: number;
  /** Game time to complete, over those who completed (ms). */
  timeToComplete: { minMs: number; medianMs: number; maxMs: number } | null;
  /** Most players first. */
  stuckPlaces: StuckPlace[];
  /** Scenes players entered by walking into their circle before the script led there, most players first. */
  walkedIn: Array<{ sceneId: string; count: number }>;
  bots: BotResult[];
}

/** The seed of each of `count` players, drawn from the run's seed. */
export function botSeeds(seed: number, count: number): number[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => Math.floor(random() * 4_294_967_296));
}

const placeKey = (stuck: StuckAt) =>
  JSON.stringify([
    stuck.reason,
    stuck.sceneId,
    stuck.lastRule?.id ?? null,
    stuck.openDialogs.map((d) => d.interactionId),
  ]);

/** How many players walked into each scene out of order, most first. */
function countWalkedIn(bots: BotResult[]): SimulationSummary['walkedIn'] {
  const counts = new Map<string, number>();
  for (const bot of bots) {
    for (const sceneId of new Set(bot.walkedIn)) counts.set(sceneId, (counts.get(sceneId) ?? 0) + 1);
  }
  return [...counts].map(([sceneId, count]) => ({ sceneId, count })).sort((a, b) => b.count - a.count);
}

/** Counts and groups the results of a run. */
export function summarize(seed: number, bots: BotResult[]): SimulationSummary {
  const times = bots.flatMap((bot) => (bot.completed && bot.timeMs !== null ? [bot.timeMs] : [])).sort((a, b) => a - b);
  const places = new Map<string, StuckPlace>();
  for (const bot of bots) {
    if (!bot.stuck) continue;
    const key = placeKey(bot.stuck);
    const place = places.get(key) ?? { ...bot.stuck, count: 0, playerIds: [] };
    place.count += 1;
    place.playerIds.push(bot.playerId);
    places.set(key, place);
  }
  return {
    seed,
    players: bots.length,
    completed: bots.filter((bot) => bot.completed).length,
    ended: bots.filter((bot) => bot.ended && !bot.completed).length,
    stuck: bots.filter((bot) => bot.stuck !== null).length,
    timeToComplete:
      times.length > 0
        ? { minMs: times[0]!, medianMs: times[Math.floor((times.length - 1) / 2)]!, maxMs: times[times.length - 1]! }
        : null,
    stuckPlaces: [...places.values()].sort((a, b) => b.count - a.count),
    walkedIn: countWalkedIn(bots),
    bots,
  };
}

/**
 * Runs `count` simulated players on the spec, each in its own instance,
 * with its own seed drawn from `seed`; the same arguments give the same summary.
 */
export function simulatePlayers(
  spec: GameSpec,
  options: BotOptions & { count: number; seed: number },
): SimulationSummary {
  const bots = botSeeds(options.seed, options.count).map((seed, i) => runBot(spec, options, seed, `bot-${i + 1}`));
  return summarize(options.seed, bots);
}
