import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, workersOf } from './config.js';

describe('config limits', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loci-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string> = {}) => loadConfig({ LOCI_DATA_DIR: dataDir, JWT_SECRET: 'x', ...env });

  it('has defaults that a person playing or designing never reaches', () => {
    expect(load().limits).toEqual({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 15_000,
      socketsPerUser: 10,
      handshakesPerMinute: 120,
      playerEventsPerSecond: 10,
      tradeProposalsPerMinute: 10,
    });
  });

  it('refuses a header timeout longer than the request timeout, and a limit that is not a positive number', () => {
    expect(() => load({ LOCI_REQUEST_TIMEOUT_MS: '1000', LOCI_HEADERS_TIMEOUT_MS: '2000' })).toThrow(
      new ConfigError('LOCI_HEADERS_TIMEOUT_MS cannot be longer than LOCI_REQUEST_TIMEOUT_MS'),
    );
    expect(() => load({ LOCI_PLAYER_EVENT_RATE: '0' })).toThrow(/LOCI_PLAYER_EVENT_RATE/);
    expect(() => load({ LOCI_SOCKETS_PER_USER: 'many' })).toThrow(/LOCI_SOCKETS_PER_USER/);
  });
});

describe('LOCI_WORKERS', () => {
  const PG = 'postgres://db/loci';
  const REDIS = 'redis://cache:6379';

  it('runs one process per core on PostgreSQL with Redis by default', () => {
    expect(workersOf(undefined, PG, REDIS, 4)).toEqual({ count: 4, reason: null });
  });

  it('runs one process on PGlite, and says why when more were asked for', () => {
    expect(workersOf(undefined, undefined, REDIS, 4)).toEqual({ count: 1, reason: null });
    const asked = workersOf(3, undefined, REDIS, 4);
    expect(asked.count).toBe(1);
    expect(asked.reason).toMatch(/PGlite.*one process only/);
  });

  it('refuses several workers without Redis, and runs one by default then', () => {
    expect(() => workersOf(2, PG, undefined, 4)).toThrow(ConfigError);
    expect(() => workersOf(2, PG, undefined, 4)).toThrow(/needs REDIS_URL/);
    const byDefault = workersOf(undefined, PG, undefined, 4);
    expect(byDefault.count).toBe(1);
    expect(byDefault.reason).toMatch(/REDIS_URL/);
    expect(workersOf(1, PG, undefined, 4)).toEqual({ count: 1, reason: null });
  });

  it('refuses a worker count that is not a positive whole number', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'loci-config-'));
    try {
      expect(() => loadConfig({ LOCI_DATA_DIR: dir, LOCI_WORKERS: '0' })).toThrow(/LOCI_WORKERS/);
      expect(loadConfig({ LOCI_DATA_DIR: dir, LOCI_WORKERS: '3', DATABASE_URL: PG, REDIS_URL: REDIS }).workers).toEqual(
        { count: 3, reason: null },
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
