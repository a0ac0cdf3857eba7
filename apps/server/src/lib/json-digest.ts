/**
 * A digest of a JSON value that does not depend on the order of its objects' keys: the revision of a player's
 * view (runtime/views.ts), computed on every step of every player, so it must be cheap.
 *
 * Why not a cryptographic hash of a canonical JSON text (what it was until 2026-12-02): building the sorted-key
 * text of a 43 KB city view took ~300 µs and its SHA-1 ~90 µs more, and the text was garbage at once; this walk
 * takes ~100–130 µs and allocates nothing (bench/README.md "city"). The same view built from a state fresh from a
 * step and from that state read back from the database (JSONB orders an object's keys its own way) has the
 * same digest, because an object's members are combined by a sum, which is commutative, of each member's own
 * mixed hash (its key's and its value's); an array's items are chained in order.
 *
 * It is no defence against someone choosing values to collide: a revision only tells the server which view an
 * app holds, and an app is answered a delta of its own view only. Two 32-bit lanes with murmur3's mixing give
 * 64 bits: two different views of one player meeting by chance is out of reach (~2^-64 per pair). Values
 * compare as JSON does except that -0 and 0 differ (a view with one and then the other is sent whole once);
 * members that are `undefined` are absent, as in JSON.
 */

const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);

/** One round of murmur3's 32-bit mixing of `k` into `h`. */
function mix(h: number, k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

/** murmur3's finaliser: every bit of the input moves about half of the output's. */
function finish(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** What kind of JSON value was walked, mixed in first so that "1" and 1, [] and {} differ. */
const Tag = { Null: 1, String: 2, Number: 3, True: 4, False: 5, Array: 6, Object: 7 } as const;

/** The two lanes of the last value walked (module state: the walk allocates nothing). */
let laneA = 0;
let laneB = 0;

function walkString(text: string, a: number, b: number): void {
  a = mix(a, text.length);
  b = mix(b, ~text.length);
  let index = 0;
  for (; index + 1 < text.length; index += 2) {
    const pair = text.charCodeAt(index) | (text.charCodeAt(index + 1) << 16);
    a = mix(a, pair);
    b = mix(b, pair ^ 0x5bd1e995);
  }
  if (index < text.length) {
    const last = text.charCodeAt(index);
    a = mix(a, last);
    b = mix(b, last ^ 0x5bd1e995);
  }
  laneA = a;
  laneB = b;
}

function walk(value: unknown, a: number, b: number): void {
  if (value === null || value === undefined) {
    laneA = mix(a, Tag.Null);
    laneB = mix(b, Tag.Null);
    return;
  }
  switch (typeof value) {
    case 'string':
      walkString(value, mix(a, Tag.String), mix(b, Tag.String));
      return;
    case 'number':
      float[0] = value;
      laneA = mix(mix(mix(a, Tag.Number), words[0]!), words[1]!);
      laneB = mix(mix(mix(b, Tag.Number), words[1]!), words[0]!);
      return;
    case 'boolean': {
      const tag = value ? Tag.True : Tag.False;
      laneA = mix(a, tag);
      laneB = mix(b, tag);
      return;
    }
    default:
      break;
  }
  if (Array.isArray(value)) {
    a = mix(a, Tag.Array);
    b = mix(b, Tag.Array);
    for (const item of value) {
      walk(item, a, b);
      a = laneA;
      b = laneB;
    }
    laneA = mix(a, value.length);
    laneB = mix(b, value.length);
    return;
  }
  // An object: the sum of its members' finished hashes, whatever their order.
  let sumA = 0;
  let sumB = 0;
  let members = 0;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const member = record[key];
    if (member === undefined) continue;
    walkString(key, 0x9747b28c, 0x1b873593);
    walk(member, laneA, laneB);
    sumA = (sumA + finish(laneA)) | 0;
    sumB = (sumB + finish(laneB ^ 0x27d4eb2f)) | 0;
    members += 1;
  }
  laneA = mix(mix(mix(a, Tag.Object), sumA), members);
  laneB = mix(mix(mix(b, Tag.Object), sumB), members);
}

/** The digest of `value`: 14 characters (two 32-bit lanes in base 36), the same for the same JSON content. */
export function jsonDigest(value: unknown): string {
  walk(value, 0x2f0b3c1d, 0x6a09e667);
  const a = (finish(laneA) >>> 0).toString(36).padStart(7, '0');
  const b = (finish(laneB) >>> 0).toString(36).padStart(7, '0');
  return a + b;
}
