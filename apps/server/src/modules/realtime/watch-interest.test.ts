import { describe, expect, it } from 'vitest';
import { createWatchInterest } from './watch-interest.js';

const TTL = 30_000;

function interest(local: string[] = []) {
  let clock = 1_000_000;
  const rooms = new Set(local);
  const watch = createWatchInterest({ now: () => clock, ttlMs: TTL, hasLocal: (room) => rooms.has(room) });
  return {
    watch,
    rooms,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('watch interest across processes', () => {
  it('treats every room as watched while the process is too new to have heard the others', () => {
    const { watch, advance } = interest();
    expect(watch.watched('player:i1:p1')).toBe(true);
    advance(TTL - 1);
    expect(watch.watched('player:i1:p1')).toBe(true);
    advance(1);
    expect(watch.watched('player:i1:p1')).toBe(false);
  });

  it('knows a room a socket of this process is in, at any time', () => {
    const { watch, rooms, advance } = interest();
    advance(TTL * 10);
    expect(watch.watched('player:i1:p1')).toBe(false);
    rooms.add('player:i1:p1');
    expect(watch.watched('player:i1:p1')).toBe(true);
  });

  it('knows a room another process announced until the announcement is too old, and again when it is renewed', () => {
    const { watch, advance } = interest();
    advance(TTL);
    watch.heard(['player:i1:p1']);
    expect(watch.watched('player:i1:p1')).toBe(true);
    expect(watch.watched('player:i1:p2')).toBe(false);
    advance(TTL - 1);
    watch.heard(['player:i1:p1']);
    advance(TTL - 1);
    expect(watch.watched('player:i1:p1')).toBe(true);
    advance(1);
    watch.prune();
    expect(watch.watched('player:i1:p1')).toBe(false);
  });
});
