import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '@loci/domain';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/**
 * LOCI_TRUST_PROXY as Fastify's `trustProxy` takes it: a hop count, or a comma-separated list of
 * addresses, CIDR ranges and proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`).
 */
function trustedProxies() {
  const entry = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(['loopback', 'linklocal', 'uniquelocal'])]);
  return z.union(
    [
      z.string().regex(/^\d+$/).transform(Number),
      z
        .string()
        .transform((list) => list.split(',').map((item) => item.trim()))
        .pipe(z.array(entry).min(1)),
    ],
    { error: 'a hop count, or addresses and CIDR ranges separated by commas' },
  );
}

/** A Leaflet tile URL template (http or https, with {z}, {x} and {y}). */
const tileUrlTemplate = z
  .url({ protocol: /^https?$/ })
  .refine((url) => url.includes('{z}') && url.includes('{x}') && url.includes('{y}'), {
    message: 'a tile URL template with {z}, {x} and {y}',
  });

/** Every environment variable Loci reads; README.md documents each one. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString,
  LOCI_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  LOCI_WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  JWT_SECRET: optionalString,
  JWT_EXPIRES_IN: z.string().default('7d'),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Loci <no-reply@loci.local>'),
  REDIS_URL: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  FACEBOOK_AUTH_URL: z.url({ protocol: /^https?$/ }).default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_PROFILE_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://graph.facebook.com/v21.0/me?fields=id,name,email'),
  LOCI_ADMIN_EMAIL: optionalString,
  LOCI_ADMIN_PASSWORD: optionalString,
  LOCI_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOCI_WEB_DIST: optionalString,
  LOCI_SOURCE_MAPS: z.enum(['true', 'false', '1', '0']).optional(),
  // Limits against exhaustion (docs/deployment.md "Limits").
  LOCI_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  LOCI_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  LOCI_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(10),
  LOCI_HANDSHAKE_RATE: z.coerce.number().int().min(1).default(120),
  LOCI_PLAYER_EVENT_RATE: z.coerce.number().int().min(1).default(10),
  LOCI_TRADE_PROPOSAL_RATE: z.coerce.number().int().min(1).default(10),
  // How often a server process tells the others (Redis) which players its operators watch (watch-interest.ts).
  LOCI_WATCH_ANNOUNCE_MS: z.coerce.number().int().min(100).default(10_000),
  // The clock (issue 28): how often the scheduler looks for due timers; 0 turns it off in this process.
  LOCI_CLOCK_POLL_MS: z.coerce.number().int().min(0).default(500),
  /** Bearer token that GET /metrics (Prometheus) asks for; absent: no metrics served. */
  LOCI_METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'at least 16 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // HTTP hardening (security headers, proxies) — kept together.
  LOCI_TRUST_PROXY: optionalString.pipe(trustedProxies().optional()),
  LOCI_TILE_URL: tileUrlTemplate.default(DEFAULT_TILE_URL),
  LOCI_TILE_ATTRIBUTION: z.string().min(1).default(DEFAULT_TILE_ATTRIBUTION),
  LOCI_TILE_URL_SATELLITE: optionalString.pipe(tileUrlTemplate.optional()),
  LOCI_TILE_ATTRIBUTION_SATELLITE: z.string().default(''),
});

/** An OpenID Connect provider, found by discovery from its issuer (Google). */
export interface OAuthProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Facebook's web login: plain OAuth 2.0 (no usable OpenID discovery) and the Graph API for the profile. */
export interface FacebookOAuthConfig {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Graph API `/me` with the fields to read; answers `{ id, name, email }`. */
  profileUrl: string;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each server process keeps to PostgreSQL (each event holds one for its transaction). */
  databasePoolSize: number;
  /** Server processes sharing the port (node:cluster), and why when it is not what was asked for. */
  workers: { count: number; reason: string | null };
  jwtSecret: string;
  jwtExpiresIn: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  oauth: { google?: OAuthProviderConfig; facebook?: FacebookOAuthConfig };
  admin: { email: string; password: string } | undefined;
  /** Requests per minute per client on login, register, forgot and resend. */
  rateLimit: number;
  /** Folder of the built console; absent folder means the API runs alone. */
  webDist: string;
  /** Whether the console's source maps (/fe/assets/*.js.map) are served: off unless LOCI_SOURCE_MAPS says so. */
  sourceMaps: boolean;
  /** Limits against exhaustion; each counter is per server process. */
  limits: {
    /** Time a client has to send a whole request, body included (ms); then 408 and the connection closes. */
    requestTimeoutMs: number;
    /** Time a client has to send a request's headers (ms). */
    headersTimeoutMs: number;
    /** Open sockets per user; one more is refused. */
    socketsPerUser: number;
    /** Socket handshakes per client address per minute. */
    handshakesPerMinute: number;
    /** Player events per player and instance per second (bursts of twice that). */
    playerEventsPerSecond: number;
    /** Trade proposals per player and instance per minute (bursts of half that, at least 1). */
    tradeProposalsPerMinute: number;
  };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The bearer token of GET /metrics (Prometheus); undefined: metrics are not served. */
  metricsToken: string | undefined;
  /** How often a process announces its "See as the player" rooms to the others (ms); they keep each 3 periods. */
  watchAnnounceMs: number;
  /** The clock's scheduler: how often it looks for due timers (ms); 0 = not in this process (issue 28). */
  clockPollMs: number;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's `trustProxy`): none by default, since anyone
   * can send the header and would then choose the address the rate limit counts.
   */
  trustProxy: number | string[] | false;
  /** Map tile URL template the browser loads tiles from; the Content-Security-Policy allows its origin. */
  tileUrl: string;
  tileAttribution: string;
  /** Satellite tiles for "hybrid" games, or null for none; the Content-Security-Policy allows its origin too. */
  satelliteTileUrl: string | null;
  satelliteTileAttribution: string;
}

export class ConfigError extends Error {}

function oauthProvider(issuer: string, clientId?: string, clientSecret?: string): OAuthProviderConfig | undefined {
  return clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;
}

/** Reads, in order: JWT_SECRET, the secret kept in the data folder, or a new one written there. */
function resolveJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * How many server processes to run (LOCI_WORKERS; docs/deployment.md "Every core"):
 * - on PGlite, one: the embedded database lives inside one process;
 * - several need REDIS_URL, since a worker's push must reach the sockets the
 *   others hold (the Socket.IO Redis adapter): asked for without it, the
 *   server refuses to start; by default it then runs one;
 * - by default on PostgreSQL with Redis, one per core.
 */
export function workersOf(
  asked: number | undefined,
  databaseUrl: string | undefined,
  redisUrl: string | undefined,
  cores: number,
): { count: number; reason: string | null } {
  if (!databaseUrl) {
    return {
      count: 1,
      reason:
        asked !== undefined && asked > 1
          ? `LOCI_WORKERS=${asked} ignored: the embedded database (PGlite) is opened by one process only; set DATABASE_URL to run several`
          : null,
    };
  }
  if (asked !== undefined) {
    if (asked > 1 && !redisUrl) {
      throw new ConfigError(
        `LOCI_WORKERS=${asked} needs REDIS_URL: a push from one worker must reach the sockets the other workers hold`,
      );
    }
    return { count: asked, reason: null };
  }
  if (cores > 1 && !redisUrl) {
    return {
      count: 1,
      reason: `one worker of ${cores} cores: several need REDIS_URL (set it, or LOCI_WORKERS=1 to silence this)`,
    };
  }
  return { count: cores, reason: null };
}

/** Builds the configuration from the environment, creating the data folder when missing. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.LOCI_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  if ((e.LOCI_ADMIN_EMAIL && !e.LOCI_ADMIN_PASSWORD) || (!e.LOCI_ADMIN_EMAIL && e.LOCI_ADMIN_PASSWORD)) {
    throw new ConfigError('LOCI_ADMIN_EMAIL and LOCI_ADMIN_PASSWORD go together');
  }
  if (e.LOCI_HEADERS_TIMEOUT_MS > e.LOCI_REQUEST_TIMEOUT_MS) {
    throw new ConfigError('LOCI_HEADERS_TIMEOUT_MS cannot be longer than LOCI_REQUEST_TIMEOUT_MS');
  }
  const port = e.PORT;
  return {
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    workers: workersOf(e.LOCI_WORKERS, e.DATABASE_URL, e.REDIS_URL, availableParallelism()),
    jwtSecret: resolveJwtSecret(dataDir, e.JWT_SECRET),
    jwtExpiresIn: e.JWT_EXPIRES_IN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    oauth: {
      google: oauthProvider(e.GOOGLE_ISSUER, e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET),
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? {
              clientId: e.FACEBOOK_CLIENT_ID,
              clientSecret: e.FACEBOOK_CLIENT_SECRET,
              authorizationUrl: e.FACEBOOK_AUTH_URL,
              tokenUrl: e.FACEBOOK_TOKEN_URL,
              profileUrl: e.FACEBOOK_PROFILE_URL,
            }
          : undefined,
    },
    admin:
      e.LOCI_ADMIN_EMAIL && e.LOCI_ADMIN_PASSWORD
        ? { email: e.LOCI_ADMIN_EMAIL.toLowerCase(), password: e.LOCI_ADMIN_PASSWORD }
        : undefined,
    rateLimit: e.LOCI_RATE_LIMIT,
    webDist: path.resolve(e.LOCI_WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    sourceMaps: e.LOCI_SOURCE_MAPS === 'true' || e.LOCI_SOURCE_MAPS === '1',
    limits: {
      requestTimeoutMs: e.LOCI_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: e.LOCI_HEADERS_TIMEOUT_MS,
      socketsPerUser: e.LOCI_SOCKETS_PER_USER,
      handshakesPerMinute: e.LOCI_HANDSHAKE_RATE,
      playerEventsPerSecond: e.LOCI_PLAYER_EVENT_RATE,
      tradeProposalsPerMinute: e.LOCI_TRADE_PROPOSAL_RATE,
    },
    logLevel: e.LOG_LEVEL,
    watchAnnounceMs: e.LOCI_WATCH_ANNOUNCE_MS,
    clockPollMs: e.LOCI_CLOCK_POLL_MS,
    metricsToken: e.LOCI_METRICS_TOKEN,
    trustProxy: e.LOCI_TRUST_PROXY ?? false,
    tileUrl: e.LOCI_TILE_URL,
    tileAttribution: e.LOCI_TILE_ATTRIBUTION,
    satelliteTileUrl: e.LOCI_TILE_URL_SATELLITE ?? null,
    satelliteTileAttribution: e.LOCI_TILE_ATTRIBUTION_SATELLITE,
  };
}
