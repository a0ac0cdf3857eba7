import { createTokenBuckets, type Take } from './token-buckets.js';

/** How many tries a key may make at once, and how fast its budget comes back. */
export interface LimitRate {
  burst: number;
  perMinute: number;
}

/**
 * A limit on tries keyed by a string (an account, an address): token buckets
 * in this process's memory, or shared by every process through Redis
 * (`redis-limiter.ts`, docs/deployment.md "Limits shared through Redis").
 */
export interface Limiter {
  /** Takes one try from the key's budget; refused (with the wait) when none is left. */
  take(key: string): Promise<Take>;
  /** Whether the key has a try left, without taking one. */
  check(key: string): Promise<Take>;
}

/** Makes the limiters of one app: each `name` is a budget of its own. */
export type LimiterFactory = (name: string, rate: LimitRate) => Limiter;

/** Limiters in this process's memory, on the app's clock (so that tests can move time). */
export function memoryLimiters(now: () => number): LimiterFactory {
  return (_name, { burst, perMinute }) => {
    const buckets = createTokenBuckets({ perSecond: perMinute / 60, burst, now });
    return {
      take: async (key) => buckets.take(key),
      check: async (key) => buckets.check(key),
    };
  };
}
