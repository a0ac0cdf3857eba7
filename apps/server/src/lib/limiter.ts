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

/** How many calls a key made in its current fixed window, and how long until the window ends (ms). */
export interface WindowCount {
  current: number;
  ttl: number;
}

/** Counts one call of `key` in a fixed window of `windowMs` (the routes limited by @fastify/rate-limit). */
export type WindowCounter = (key: string, windowMs: number) => Promise<WindowCount>;

/** Windows forgotten once ended, looked over this often. */
const SWEEP_WINDOWS_EVERY_MS = 60_000;

/** Fixed windows in this process's memory, on the app's clock (the fallback of the Redis counter). */
export function memoryWindowCounter(now: () => number): WindowCounter {
  const windows = new Map<string, { current: number; endsAt: number }>();
  let sweptAt = now();
  return async (key, windowMs) => {
    const at = now();
    if (at - sweptAt >= SWEEP_WINDOWS_EVERY_MS) {
      sweptAt = at;
      for (const [k, window] of windows) if (window.endsAt <= at) windows.delete(k);
    }
    const open = windows.get(key);
    const window = open && open.endsAt > at ? open : { current: 0, endsAt: at + windowMs };
    window.current += 1;
    windows.set(key, window);
    return { current: window.current, ttl: window.endsAt - at };
  };
}
