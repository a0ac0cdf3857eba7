import { describe, expect, it } from 'vitest';
import { jsonDigest } from './json-digest.js';

/** A view-like value: nested objects, arrays, numbers, strings, booleans and nulls. */
const view = () => ({
  playerId: 'p1',
  location: { latitude: 35.5197949, longitude: 24.0175378 },
  finished: null,
  perceived: {
    objects: [
      { id: 'a', name: 'crate 38', payload: { label: 'Crate 38' }, inRange: false, distance: 271.15 },
      { id: 'b', name: 'crate 39', payload: { label: 'Crate 39' }, inRange: true, distance: 12 },
    ],
  },
  items: { coin: 2 },
});

/** The value with every object's keys in reverse order (as JSONB may give them back). */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([key, member]) => [key, reordered(member)]),
    );
  return value;
}

describe('jsonDigest', () => {
  it('is the same for the same content, whatever the order of the keys', () => {
    expect(jsonDigest(view())).toBe(jsonDigest(view()));
    expect(jsonDigest(reordered(view()))).toBe(jsonDigest(view()));
    expect(jsonDigest(view())).toMatch(/^[0-9a-z]{14}$/);
  });

  it('skips members that are undefined, as JSON does', () => {
    expect(jsonDigest({ ...view(), gone: undefined })).toBe(jsonDigest(view()));
  });

  it('differs when any one leaf changes', () => {
    const base = jsonDigest(view());
    const changes: Array<(v: ReturnType<typeof view>) => void> = [
      (v) => (v.location.latitude += 1e-7),
      (v) => (v.perceived.objects[0]!.name = 'crate 37'),
      (v) => (v.perceived.objects[1]!.inRange = false),
      (v) => (v.perceived.objects[1]!.distance = 13),
      (v) => (v.items.coin = 3),
      (v) => ((v as { finished: unknown }).finished = false),
      (v) => v.perceived.objects.reverse(),
      (v) => v.perceived.objects.pop(),
      (v) => ((v.items as Record<string, number>).key = 1),
      (v) => ((v.perceived.objects[0]!.payload as Record<string, unknown>).label = null),
    ];
    const seen = new Set([base]);
    for (const change of changes) {
      const changed = view();
      change(changed);
      const digest = jsonDigest(changed);
      expect(seen.has(digest)).toBe(false);
      seen.add(digest);
    }
  });

  it('tells the kinds apart: a string from a number, an array from an object, a key from its value', () => {
    const digests = [
      1,
      '1',
      true,
      'true',
      null,
      'null',
      [],
      {},
      [1],
      { 0: 1 },
      { a: 'b' },
      { b: 'a' },
      ['a', 'b'],
      ['b', 'a'],
    ].map(jsonDigest);
    expect(new Set(digests).size).toBe(digests.length);
  });

  it('does not collide among many nearly equal values', () => {
    const digests = new Set<string>();
    for (let index = 0; index < 100_000; index += 1)
      digests.add(jsonDigest({ distance: index / 10, name: `crate ${index % 50}` }));
    expect(digests.size).toBe(100_000);
  });
});
