import { describe, expect, it } from 'vitest';
import { rankPlayers } from './rankings.js';
import { newPlayerState } from './state.js';
import { gameBuilder } from './test/builders.js';
import type { PlayerState } from './types.js';

const spec = gameBuilder({ market: true, currencyItemId: 'coin' }).item('coin').item('pebble').build();

/** A player with `coins`, `milestones` reached, and a completion `minutes` after the start (or none). */
function player(name: string, coins: number, milestones: number, minutes: number | null, you = false) {
  const state: PlayerState = {
    ...newPlayerState({ id: name, name }, '2026-01-01T10:00:00.000Z', 0),
    startedWhen: '2026-01-01T10:00:00.000Z',
    items: { coin: coins, pebble: 99 },
    milestones: Object.fromEntries(Array.from({ length: milestones }, (_, i) => [`m${i}`, '2026-01-01T10:01:00.000Z'])),
    finished:
      minutes === null
        ? null
        : { when: new Date(Date.parse('2026-01-01T10:00:00Z') + minutes * 60_000).toISOString(), completed: true },
  };
  return { name, state, you };
}

describe('#rankings', () => {
  it('ranks by the currency, then milestones reached, then time to complete; equal players share a rank', () => {
    const entries = rankPlayers(spec, [
      player('slow', 5, 2, 30),
      player('rich', 9, 0, null),
      player('unfinished', 5, 2, null),
      player('fast', 5, 2, 10, true),
      player('explorer', 5, 3, null),
      player('twin-b', 1, 0, null),
      player('twin-a', 1, 0, null),
    ]);
    expect(entries.map((entry) => [entry.rank, entry.name])).toEqual([
      [1, 'rich'],
      [2, 'explorer'],
      [3, 'fast'],
      [4, 'slow'],
      [5, 'unfinished'],
      [6, 'twin-a'],
      [6, 'twin-b'],
    ]);
    expect(entries[2]).toEqual({
      rank: 3,
      name: 'fast',
      currency: 5,
      milestones: 2,
      completedInMs: 600_000,
      you: true,
    });
  });

  it('lists a player who played the version twice once, with their best game, marked as the caller when either is', () => {
    const entries = rankPlayers(spec, [
      { ...player('Petros', 20, 1, null), key: 'u-petros' },
      { ...player('Petros', 15, 1, null, true), key: 'u-petros' },
      { ...player('Eleni', 18, 0, null), key: 'u-eleni' },
    ]);
    expect(entries.map((entry) => [entry.rank, entry.name, entry.currency, entry.you])).toEqual([
      [1, 'Petros', 20, true],
      [2, 'Eleni', 18, false],
    ]);
  });

  it('counts no currency without one', () => {
    const plain = gameBuilder().item('pebble').build();
    expect(rankPlayers(plain, [player('a', 3, 1, null)])[0]).toMatchObject({ currency: 0, milestones: 1 });
  });
});
