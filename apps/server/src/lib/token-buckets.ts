/** The answer of a bucket: taken, or how long until one more would be. */
export type Take = { ok: true } | { ok: false; retryAfterMs: number };

/** Token buckets keyed by a string (a player, a client address). */
export interface TokenBuckets {
  /** Takes one token from the key's bucket. */
  take(key: string): Take;
  /** Whether the key's bucket holds a token, without taking it. */
  check(key: string): Take;
}

/** Full buckets are forgotten this often: a full bucket is the same as a new one. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Token buckets in this process's memory: each key holds up to `burst` tokens,
 * refilled continuously at `perSecond`; a take from an empty bucket is refused.
 * With several server processes each counts its own (docs/deployment.md).
 * `now` is the app's clock, so that tests can move time.
 */
export function createTokenBuckets({
  perSecond,
  burst,
  now,
}: {
  perSecond: number;
  burst: number;
  now: () => number;
}): TokenBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  let sweptAt = now();
  const level = (bucket: { tokens: number; at: number }, at: number) =>
    Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);

  const refused = (tokens: number): Take => ({
    ok: false,
    retryAfterMs: Math.ceil(((1 - tokens) / perSecond) * 1000),
  });

  return {
    check(key) {
      const bucket = buckets.get(key);
      const tokens = bucket ? level(bucket, now()) : burst;
      return tokens < 1 ? refused(tokens) : { ok: true };
    },
    take(key) {
      const at = now();
      if (at - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = at;
        for (const [k, bucket] of buckets) if (level(bucket, at) >= burst) buckets.delete(k);
      }
      const bucket = buckets.get(key) ?? { tokens: burst, at };
      const tokens = level(bucket, at);
      if (tokens < 1) {
        buckets.set(key, { tokens, at });
        return refused(tokens);
      }
      buckets.set(key, { tokens: tokens - 1, at });
      return { ok: true };
    },
  };
}
