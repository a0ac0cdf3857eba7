import { createClient } from 'redis';
import type { Take } from './token-buckets.js';
import type { Limiter, LimiterFactory, WindowCounter } from './limiter.js';

/**
 * One token bucket in Redis, taken or read atomically: KEYS[1] the bucket,
 * ARGV the refill per millisecond, the burst, now (ms) and whether to take.
 * Answers { 1, 0 } when a token was there, else { 0, ms until one is }.
 */
const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local stored = redis.call('HMGET', KEYS[1], 't', 'a')
local tokens = tonumber(stored[1]) or burst
local at = tonumber(stored[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate)
if tokens < 1 then return {0, math.ceil((1 - tokens) / rate)} end
if ARGV[4] == '1' then
  tokens = tokens - 1
  redis.call('HSET', KEYS[1], 't', tostring(tokens), 'a', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate) + 1000)
end
return {1, 0}
`;

/**
 * One call counted in a fixed window: KEYS[1] the window, ARGV[1] its length (ms).
 * Answers { calls in the window, ms until it ends }.
 */
const COUNT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** The Redis client the limiters share, and how to close it. */
export interface RedisLimiters {
  limiter: LimiterFactory;
  /** Fixed windows in Redis (the routes limited by @fastify/rate-limit: sign-in, sign-up, password). */
  counter: WindowCounter;
  close(): Promise<void>;
}

/**
 * Limiters kept in Redis (REDIS_URL), so that every server process and node
 * counts the same tries (docs/deployment.md "Limits shared through Redis").
 * While Redis cannot be reached, each process falls back to its own memory
 * buckets and windows (`fallback`, `fallbackCounter`): the limits hold, per
 * process, rather than fail open.
 */
export function redisLimiters({
  url,
  prefix,
  now,
  fallback,
  fallbackCounter,
  onError,
}: {
  url: string;
  prefix: string;
  now: () => number;
  fallback: LimiterFactory;
  fallbackCounter: WindowCounter;
  onError: (error: unknown) => void;
}): RedisLimiters {
  const client = createClient({
    url,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 3000) },
    // A command while Redis is away fails at once (and the memory buckets answer) instead of waiting in a queue.
    disableOfflineQueue: true,
  });
  // Told once a minute at most: during an outage every request would say it again.
  let toldAt = -Infinity;
  const tell = (error: unknown) => {
    if (Date.now() - toldAt < 60_000) return;
    toldAt = Date.now();
    onError(error);
  };
  client.on('error', tell);
  const connecting = client.connect().catch(tell);

  const limiter: LimiterFactory = (name, rate) => {
    const local = fallback(name, rate);
    const perMs = rate.perMinute / 60_000;
    const run = async (key: string, take: boolean): Promise<Take> => {
      try {
        await connecting;
        const [ok, waitMs] = (await client.eval(TAKE, {
          keys: [`${prefix}${name}:${key}`],
          arguments: [String(perMs), String(rate.burst), String(now()), take ? '1' : '0'],
        })) as [number, number];
        return ok === 1 ? { ok: true } : { ok: false, retryAfterMs: waitMs };
      } catch (error) {
        tell(error);
        return take ? local.take(key) : local.check(key);
      }
    };
    const shared: Limiter = { take: (key) => run(key, true), check: (key) => run(key, false) };
    return shared;
  };

  const counter: WindowCounter = async (key, windowMs) => {
    try {
      await connecting;
      const [current, ttl] = (await client.eval(COUNT, {
        keys: [`${prefix}window:${key}`],
        arguments: [String(windowMs)],
      })) as [number, number];
      return { current, ttl };
    } catch (error) {
      tell(error);
      return fallbackCounter(key, windowMs);
    }
  };

  return {
    limiter,
    counter,
    close: async () => {
      await connecting;
      if (client.isOpen) await client.close();
    },
  };
}
