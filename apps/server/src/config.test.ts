import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
