import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { Mail, Mailer } from '../lib/mailer.js';
import { startRealtime } from '../modules/realtime/server.js';
import { createTestDatabase } from './database.js';
import { createConformanceCheck, type Mismatch } from './openapi-conformance.js';

/** A mailer that keeps what it was asked to send, for tests that do not need a real SMTP server. */
export function createMemoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = [];
  return { sent, send: async (mail) => void sent.push(mail), close: () => {} };
}

/** The first link of the last mail sent to `to`, with its `msg` and `mac` (confirmation and reset links). */
export function lastLink(mailer: { sent: Mail[] }, to: string): { url: URL; msg: string; mac: string } {
  const mail = mailer.sent.filter((m) => m.to === to).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const href = mail.text.match(/https?:\/\/\S+/)?.[0];
  if (!href) throw new Error('no link in mail');
  const url = new URL(href);
  return { url, msg: url.searchParams.get('msg') ?? '', mac: url.searchParams.get('mac') ?? '' };
}

export interface TestApp {
  app: App;
  config: Config;
  database: DatabaseHandle;
  /** The PostgreSQL database's URL (undefined on PGlite), for server processes started beside the app. */
  databaseUrl: string | undefined;
  /** Moves the app's clock. */
  clock: { now: Date; advance(ms: number): void };
  /** The answers so far that the OpenAPI document does not describe (closing fails when there are any). */
  conformance: { mismatches: Mismatch[] };
  close(): Promise<void>;
}

/**
 * Builds the real application on a fresh database and a temporary data
 * folder. `env` overrides environment variables (e.g. SMTP_URL, GOOGLE_*).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mailer?: Mailer;
    /**
     * Listen on a real 127.0.0.1 port (for browser-like flows); PUBLIC_URL then
     * points at it, and Socket.IO runs on it as `ctx.realtime` (Redis-backed when
     * `env.REDIS_URL` is given).
     */
    listen?: boolean;
    /** Log lines (JSON, one a line) go here; without it the test app does not log. */
    logStream?: DestinationStream;
    /** Told of every route the app registers. */
    onRoute?: BuildAppOptions['onRoute'];
    /** The database to use (closed with the app) instead of a fresh one. */
    database?: DatabaseHandle & { url?: string };
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'loci-test-'));
  const config = loadConfig({
    LOCI_DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret',
    PUBLIC_URL: 'http://loci.test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    LOCI_RATE_LIMIT: '1000',
    // Tests run on a frozen clock, where no bucket refills: the limits' own tests set theirs.
    LOCI_PLAYER_EVENT_RATE: '1000',
    // The game clock's scheduler is off in test apps: a test of the clock turns it on or calls `app.clock.runOnce()`.
    LOCI_CLOCK_POLL_MS: '0',
    LOCI_TRADE_PROPOSAL_RATE: '100000',
    LOCI_HANDSHAKE_RATE: '10000',
    LOCI_SOCKETS_PER_USER: '1000',
    LOCI_WEB_DIST: path.join(dataDir, 'no-console'),
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  // Every answer is checked against the app's own OpenAPI document (./openapi-conformance.ts).
  const conformance = createConformanceCheck(() => app.swagger() as never);
  const app: App = await buildApp({
    config,
    database,
    mailer: options.mailer,
    now: () => clock.now,
    logger: Boolean(options.logStream),
    logStream: options.logStream,
    onRoute: options.onRoute,
    onSend: conformance.onSend,
  });
  await app.ready();
  if (options.listen) {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // The port is only known once listening; the config object is shared with the app's context.
    config.publicUrl = address;
    app.ctx.realtime = await startRealtime(app.ctx, app.server);
  }
  return {
    app,
    config,
    database,
    databaseUrl: database.url,
    clock,
    conformance,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      conformance.assertConforms();
    },
  };
}
