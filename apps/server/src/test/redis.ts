import { createClient } from 'redis';

/** The Redis the scale-out tests use: TEST_REDIS_URL, else a local server on the default port. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether the Redis tests can run: true when TEST_REDIS_URL answers a PING.
 * CI sets LOCI_REQUIRE_REDIS=1, so an unreachable Redis fails there instead of
 * skipping.
 */
export async function redisAvailable(): Promise<boolean> {
  const client = createClient({ url: TEST_REDIS_URL, socket: { connectTimeout: 1000, reconnectStrategy: false } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    await client.close();
    return true;
  } catch (error) {
    client.destroy();
    if (process.env.LOCI_REQUIRE_REDIS === '1') {
      throw new Error(`LOCI_REQUIRE_REDIS=1 but Redis at ${TEST_REDIS_URL} does not answer: ${String(error)}`);
    }
    return false;
  }
}
