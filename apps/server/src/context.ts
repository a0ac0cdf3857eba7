import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import type { OutageWatch } from './lib/database-outage.js';
import type { Mailer } from './lib/mailer.js';
import type { Metrics } from './lib/metrics.js';
import type { OidcProviders } from './lib/oidc.js';
import type { Realtime } from './lib/realtime.js';
import type { SecretLimits } from './lib/secret-limits.js';
import type { LinkSigner, TokenService } from './lib/tokens.js';

/** What every module's routes and services are given: no globals. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
  tokens: TokenService;
  links: LinkSigner;
  /** Google and Facebook sign-in, as configured by env. */
  oidc: OidcProviders;
  /** Pushes to players' and operators' sockets (Socket.IO; a no-op until the server listens). */
  realtime: Realtime;
  /** The limits that guard secrets (wrong passcodes), kept for every route that takes one. */
  limits: SecretLimits;
  /** The clock; tests move it to expire links. */
  now: () => Date;
  log: FastifyBaseLogger;
  /** The database's outages as this process meets them (logged once each; lib/database-outage.ts). */
  outages: OutageWatch;
  /** The process's Prometheus metrics (lib/metrics.ts; served at /metrics with LOCI_METRICS_TOKEN). */
  metrics: Metrics;
}
