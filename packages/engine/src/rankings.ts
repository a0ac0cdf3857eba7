import type { GameSpec, MemberContribution, RankingEntry } from '@loci/domain';
import { compileSpec } from './compile.js';
import type { PlayerState } from './types.js';

/** One player to rank: what ranking reads of their state, and whether they are the caller. */
export interface RankedPlayer {
  /** Who the player is across instances (their account); rows with the same key are ranked once, by the best. */
  key?: string;
  name: string;
  state: Pick<PlayerState, 'items' | 'milestones' | 'finished' | 'startedWhen'>;
  you?: boolean;
  /** A team's members and their contributions, passed through to its entry. */
  members?: MemberContribution[];
}

/** What a player is ranked by (see rankingEntrySchema): currency, milestones, time to complete. */
function scoreOf(spec: GameSpec, player: RankedPlayer) {
  const { state } = player;
  const currencyId = compileSpec(spec).currencyItemId;
  const currency = currencyId !== null ? (state.items?.[currencyId] ?? 0) : 0;
  const milestones = Object.keys(state.milestones ?? {}).length;
  let completedInMs: number | null = null;
  if (state.finished?.completed && state.startedWhen) {
    const taken = Date.parse(state.finished.when) - Date.parse(state.startedWhen);
    if (Number.isFinite(taken)) completedInMs = Math.max(0, taken);
  }
  return { currency, milestones, completedInMs };
}

type Score = ReturnType<typeof scoreOf>;

/** Negative when `a` ranks before `b`: more currency, then more milestones, then completed faster. */
function compareScores(a: Score, b: Score): number {
  if (a.currency !== b.currency) return b.currency - a.currency;
  if (a.milestones !== b.milestones) return b.milestones - a.milestones;
  if (a.completedInMs === b.completedInMs) return 0;
  if (a.completedInMs === null) return 1;
  if (b.completedInMs === null) return -1;
  return a.completedInMs - b.completedInMs;
}

/**
 * The leaderboard of the players of one game version (their instances all
 * run `spec`), one row per player (`key`) with their best game: ranked by
 * currency, then milestones, then time to complete;
 * equal players share a rank and are listed by name. Pure: the caller loads
 * the players and trims the list.
 */
export function rankPlayers(spec: GameSpec, players: readonly RankedPlayer[]): RankingEntry[] {
  const youKeys = new Set(players.filter((player) => player.you && player.key !== undefined).map((p) => p.key));
  const seen = new Set<string>();
  const scored = players
    .map((player) => ({ player, score: scoreOf(spec, player) }))
    .sort((a, b) => compareScores(a.score, b.score) || a.player.name.localeCompare(b.player.name))
    // One row per player: their best game (the first of theirs in ranking order).
    .filter(({ player }) => player.key === undefined || (!seen.has(player.key) && Boolean(seen.add(player.key))))
    .map(({ player, score }) => ({
      player: player.key !== undefined && youKeys.has(player.key) ? { ...player, you: true } : player,
      score,
    }));
  const entries: RankingEntry[] = [];
  scored.forEach(({ player, score }, index) => {
    const previous = index > 0 ? scored[index - 1]! : null;
    const rank = previous && compareScores(previous.score, score) === 0 ? entries[index - 1]!.rank : index + 1;
    entries.push({
      rank,
      name: player.name,
      ...score,
      you: player.you === true,
      ...(player.members ? { members: player.members } : {}),
    });
  });
  return entries;
}
