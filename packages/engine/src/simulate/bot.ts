import type { GameSpec } from '@loci/domain';
import { compileSpec, type CompiledSpec } from '../compile.js';
import { distanceMetres, type LatLng } from '../geo.js';
import { createInstanceState } from '../state.js';
import { step } from '../step.js';
import type { InstanceState, PlayerState, StepResult } from '../types.js';
import { answerFor, type AnswerPolicy, type BotEvent } from './policy.js';
import { mulberry32 } from './random.js';
import { nearestNeighbourOrder, noisyFix, walkRoute, WALKING_SPEED, type GpsNoise } from './route.js';

/** How one simulated player plays. */
export interface BotOptions {
  policy: AnswerPolicy;
  /** GPS noise of its fixes; none for exact positions. */
  noise?: GpsNoise | null;
  /** The route it walks; without one it walks to the current scene's locations, nearest first. */
  route?: readonly LatLng[] | null;
  /** Metres per second (default 1.4). */
  speed?: number;
  /** Milliseconds between two GPS fixes (default 2000). */
  intervalMs?: number;
  /** It gives up after this much game time (default 3 hours). */
  maxMs?: number;
  /** The game clock at its start (default 2030-06-01 09:00 UTC, or the playing period's end minus the limit). */
  startAt?: Date;
  /** How fast the game's clock runs (issue 28; the playtest's 1–20×, default 1): time limits come N times sooner. */
  clockRate?: number;
}

/** Why a simulated player did not finish. */
export type StuckReason = 'dialog' | 'no more places' | 'route ended' | 'time limit';

/** Where a simulated player got stuck. */
export interface StuckAt {
  reason: StuckReason;
  sceneId: string | null;
  sceneName: string | null;
  /** The last rule that ran its side effects (either branch). */
  lastRule: { id: string; name: string } | null;
  /** What waited for an answer when it stopped. */
  openDialogs: Array<{ action: string; interactionId?: string; name?: string }>;
}

/** The outcome of one simulated player. */
export interface BotResult {
  playerId: string;
  seed: number;
  /** Finished by completeGame; `ended` is set by endGame too. */
  completed: boolean;
  ended: boolean;
  /** Game time from start to the end (ms), when it finished. */
  timeMs: number | null;
  /** Events it sent. */
  steps: number;
  stuck: StuckAt | null;
  /** Scenes it entered by walking into their circle before the script led it there (ids, in order). */
  walkedIn: string[];
}

const DEFAULT_INTERVAL = 2000;
const DEFAULT_MAX_MS = 3 * 60 * 60 * 1000;
const MAX_ANSWERS = 100;
/** How often a wandering player makes for another scene's circle instead of the next place. */
const WANDER_CHANCE = 0.3;
const WANDER_SALT = 0x9e3779b9;

class Bot {
  readonly c: CompiledSpec;
  state: InstanceState;
  now: number;
  readonly t0: number;
  steps = 0;
  lastRule: StuckAt['lastRule'] = null;
  here: LatLng | null = null;
  readonly random: () => number;
  /** Half the players of a generated walk wander into other scenes' circles out of order, as people do. */
  readonly wanders: boolean;
  /** Its own stream, so that wandering leaves the GPS noise and the answers of the same seed as they were. */
  readonly wanderRandom: () => number;
  readonly walkedIn: string[] = [];

  constructor(
    readonly spec: GameSpec,
    readonly id: string,
    readonly seed: number,
    readonly options: BotOptions,
  ) {
    this.c = compileSpec(spec);
    const state = createInstanceState(spec, { multiplayer: false });
    const rate = options.clockRate;
    this.state = rate && rate !== 1 ? { ...state, world: { ...state.world, clockRate: rate } } : state;
    this.t0 = startTime(this.c, options);
    this.now = this.t0;
    this.random = mulberry32(seed);
    this.wanderRandom = mulberry32(seed ^ WANDER_SALT);
    this.wanders = this.wanderRandom() < 0.5;
  }

  get player(): PlayerState {
    return this.state.players[this.id]!;
  }

  get finished(): boolean {
    return this.player.finished !== null;
  }

  send(event: BotEvent): StepResult {
    const result = step(
      this.spec,
      this.state,
      { ...event, playerId: this.id } as never,
      new Date(this.now),
      this.random,
    );
    const before = this.state.players[this.id];
    this.state = result.state;
    this.steps += 1;
    const sceneId = this.player.currentSceneId;
    // Entered by walking in: a scene not visited yet became current on a fix that walked into its circle.
    if (
      event.type === 'location' &&
      sceneId !== null &&
      before !== undefined &&
      !(sceneId in before.visitedScenes) &&
      sceneId !== before.currentSceneId &&
      this.player.sceneCircles[sceneId] &&
      !before.sceneCircles[sceneId] &&
      this.c.scenes.get(sceneId)?.walkIn
    ) {
      this.walkedIn.push(sceneId);
    }
    for (const rule of result.trace.rules) {
      if (rule.branch !== null) this.lastRule = { id: rule.ruleId, name: rule.ruleName };
    }
    return result;
  }

  /** Answers what waits by the policy; false when something still waits that it cannot answer. */
  answerAll(): boolean {
    for (let i = 0; i < MAX_ANSWERS && !this.finished; i += 1) {
      const waiting = this.player.pending[0];
      if (!waiting) return true;
      const event = answerFor(this.c, waiting, this.options.policy, (quizId, questionId) => {
        const quiz = this.player.quizzes[quizId];
        return quiz?.questions[questionId]?.open !== false;
      });
      if (!event) return false;
      const result = this.send(event);
      if (result.outputs.some((output) => output.action === 'error')) return false;
    }
    return this.player.pending.length === 0 || this.finished;
  }

  /** Sends the fix at `point` (with the noise) at `atMs` game time; false when it must stop. */
  fixAt(point: LatLng): boolean {
    const fix = noisyFix(point, this.options.noise ?? null, this.random);
    this.here = point;
    this.send({ type: 'location', ...fix });
    return this.answerAll();
  }

  /** Walks the points from here; returns the reason to stop, or null to go on. */
  walk(points: readonly LatLng[], dwellMs = 0): StuckReason | 'finished' | null {
    const interval = this.options.intervalMs ?? DEFAULT_INTERVAL;
    const start = this.now;
    const samples = walkRoute(points, this.options.speed ?? WALKING_SPEED, interval);
    const end = samples[samples.length - 1]!;
    // Staying a little at the end: a dwell time, and one more fix for the hysteresis.
    for (let atMs = end.atMs + interval; atMs <= end.atMs + dwellMs + interval; atMs += interval) {
      samples.push({ atMs, point: end.point });
    }
    for (const sample of samples) {
      this.now = start + sample.atMs;
      if (!this.fixAt(sample.point)) return this.finished ? 'finished' : 'dialog';
      if (this.finished) return 'finished';
      if (this.now - this.t0 > (this.options.maxMs ?? DEFAULT_MAX_MS)) return 'time limit';
    }
    return null;
  }

  stuckAt(reason: StuckReason): StuckAt {
    const sceneId = this.player.currentSceneId;
    return {
      reason,
      sceneId,
      sceneName: sceneId ? (this.c.scenes.get(sceneId)?.name ?? null) : null,
      lastRule: this.lastRule,
      openDialogs: this.player.pending.map((output) => {
        const name = output.interactionId ? this.c.interactions.get(output.interactionId)?.name : undefined;
        return {
          action: output.action,
          ...(output.interactionId ? { interactionId: output.interactionId } : {}),
          ...(name ? { name } : {}),
        };
      }),
    };
  }
}

/** Late enough in the playing period for the whole run, else a fixed day. */
function startTime(c: CompiledSpec, options: BotOptions): number {
  if (options.startAt) return options.startAt.getTime();
  const fixed = Date.UTC(2030, 5, 1, 9);
  const limit = options.maxMs ?? DEFAULT_MAX_MS;
  return c.playingPeriodEnd !== null && c.playingPeriodEnd < fixed + limit
    ? c.playingPeriodEnd - limit - 60_000
    : fixed;
}

interface Target {
  latitude: number;
  longitude: number;
  key: string;
  dwellMs: number;
}

/**
 * Where a generated route goes next: the current scene's (and the universe's)
 * locations not yet tried, then other scenes' circles; a wandering player
 * sometimes makes for another scene's circle first.
 */
function targetsOf(bot: Bot, tried: ReadonlySet<string>, wander = false): Target[] {
  const player = bot.player;
  const scene = player.currentSceneId;
  const locations: Target[] = [];
  for (const location of bot.c.locations.values()) {
    const universe = bot.c.scenes.get(location.sceneId)?.universe === true;
    if ((location.sceneId === scene || universe) && !tried.has(`location:${location.id}`)) {
      locations.push({ ...location.fence, key: `location:${location.id}`, dwellMs: location.dwellMs });
    }
  }
  if (locations.length > 0 && !wander) return locations;
  const scenes: Target[] = [];
  for (const other of bot.c.scenes.values()) {
    // A scene without a place has its circle at 0, 0 (nobody walks there).
    const placed = other.fence && (other.fence.latitude !== 0 || other.fence.longitude !== 0);
    if (placed && other.enabled && other.id !== scene && !other.universe && !tried.has(`scene:${other.id}`)) {
      scenes.push({ ...other.fence!, key: `scene:${other.id}`, dwellMs: 0 });
    }
  }
  return scenes.length > 0 || !wander ? scenes : locations;
}

/** Where a generated walk starts: the middle of the places it will walk to first. */
function startPoint(bot: Bot): LatLng | null {
  const targets = targetsOf(bot, new Set());
  if (targets.length === 0) return null;
  return {
    latitude: targets.reduce((sum, target) => sum + target.latitude, 0) / targets.length,
    longitude: targets.reduce((sum, target) => sum + target.longitude, 0) / targets.length,
  };
}

function playGenerated(bot: Bot): StuckReason | 'finished' {
  const tried = new Set<string>();
  const start = startPoint(bot);
  if (!start) return 'no more places';
  let here: LatLng = start;
  if (!bot.fixAt(here)) return bot.finished ? 'finished' : 'dialog';
  for (;;) {
    const wander = bot.wanders && bot.wanderRandom() < WANDER_CHANCE;
    const [next]: Target[] = nearestNeighbourOrder(here, targetsOf(bot, tried, wander));
    if (!next) return 'no more places';
    tried.add(next.key);
    const to: LatLng = { latitude: next.latitude, longitude: next.longitude };
    const outcome = distanceMetres(here, to) === 0 ? bot.walk([to], next.dwellMs) : bot.walk([here, to], next.dwellMs);
    if (outcome) return outcome;
    here = to;
  }
}

/**
 * One simulated player: starts the game, walks the given route or one
 * generated from the game's locations (nearest first, scene by scene; half
 * the players sometimes walk into other scenes' circles out of order) with
 * the GPS noise, answers by the policy, and reports whether it finished, how
 * long it took, or where it got stuck. Pure and deterministic: the same
 * spec, options and seed give the same result.
 */
export function runBot(spec: GameSpec, options: BotOptions, seed: number, playerId = 'bot-1'): BotResult {
  const bot = new Bot(spec, playerId, seed, options);
  bot.send({ type: 'start', name: playerId });
  let outcome: StuckReason | 'finished';
  if (!bot.answerAll()) outcome = bot.finished ? 'finished' : 'dialog';
  else if (bot.finished) outcome = 'finished';
  else if (options.route && options.route.length > 0) outcome = bot.walk(options.route) ?? 'route ended';
  else outcome = playGenerated(bot);
  const finished = bot.player.finished;
  return {
    playerId,
    seed,
    completed: finished?.completed === true,
    ended: finished !== null,
    timeMs: finished ? bot.now - bot.t0 : null,
    steps: bot.steps,
    stuck: outcome === 'finished' ? null : bot.stuckAt(outcome),
    walkedIn: bot.walkedIn,
  };
}
