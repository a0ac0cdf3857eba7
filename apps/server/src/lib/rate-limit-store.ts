import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { WindowCounter } from './limiter.js';

/** What @fastify/rate-limit hands `child`: the route's merged limit, with the route itself under `routeInfo`. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  method?: string | string[];
  url?: string;
}

/** Counts each call of a route through the counter, under the route's own prefix. */
class CounterStore implements FastifyRateLimitStore {
  private readonly counter: WindowCounter;
  private readonly prefix: string;

  constructor(counter: WindowCounter, prefix: string) {
    this.counter = counter;
    this.prefix = prefix;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    this.counter(`${this.prefix}${key}`, timeWindow).then(
      (count) => callback(null, count),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    const options = routeOptions as unknown as ChildOptions;
    const route = options.routeInfo ?? options;
    const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
    return new CounterStore(this.counter, `${this.prefix}${method}${route.url ?? ''}:`);
  }
}

/**
 * A store for @fastify/rate-limit that counts through the app's `counter`: in
 * Redis when REDIS_URL is set, so that sign-in, sign-up and the other routes
 * limited per address count one budget for every process and node
 * (docs/deployment.md "Limits shared through Redis"). Each route keeps a
 * budget of its own, as with the plugin's own stores.
 */
export function rateLimitStoreOf(counter: WindowCounter): FastifyRateLimitStoreCtor {
  return class extends CounterStore {
    constructor() {
      super(counter, 'route:');
    }
  };
}
