import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type onSendHookHandler, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { trustProxyOf } from './lib/client-address.js';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ERROR_MESSAGES, FORM_ERROR_MESSAGE, isConsoleRoute, USER_MESSAGES, type FieldErrors } from '@loci/domain';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { ClockScheduler } from './modules/runtime/clock.js';
import type { DatabaseHandle } from './db/client.js';
import { registerAnswerLanguage } from './lib/answer-language.js';
import {
  answerUnavailableWhileClosing,
  createOutageWatch,
  isDatabaseOutage,
  sendUnavailable,
} from './lib/database-outage.js';
import { AppError } from './lib/errors.js';
import { answerClientError, answerFrameworkError, clientErrorBody } from './lib/error-answers.js';
import { documentCommonErrors, openApiTransform } from './lib/openapi.js';
import { loggerOptions } from './lib/logging.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { createMetrics } from './lib/metrics.js';
import { createOidcProviders } from './lib/oidc.js';
import { memoryLimiters, memoryWindowCounter } from './lib/limiter.js';
import { rateLimitStoreOf } from './lib/rate-limit-store.js';
import { createNullRealtime } from './lib/realtime.js';
import { redisLimiters } from './lib/redis-limiter.js';
import { createSecretLimits } from './lib/secret-limits.js';
import { richTextValidatorCompiler } from './lib/rich-text.js';
import { createLinkSigner, createTokenService } from './lib/tokens.js';
import { authPlugin } from './plugins/auth.js';
import { registerMetrics } from './plugins/metrics.js';
import { requestGuardPlugin } from './plugins/request-guard.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { registerModules } from './modules/index.js';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  now?: () => Date;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: DestinationStream;
  /** Told of every route as it is added (the authorization matrix test reads the router with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Sees every answer before it is sent (the tests check each against the OpenAPI document with it). */
  onSend?: onSendHookHandler;
}

export type App = FastifyInstance & {
  ctx: AppContext;
  /** The game clock's scheduler of this process (issue 28; runtime/clock.ts), started when the app is ready. */
  clock: ClockScheduler;
};

/** Builds the whole HTTP application around an open database; `main.ts` and the tests both use it. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    trustProxy: trustProxyOf(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    // Refusals made before a route is found (bad URL encoding, a path parameter too long) and by Node's
    // HTTP parser (headers too large) answer in the API's error shape, without the URL they refused.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Requests met while shutting down answer 503 in the API's shape (answerUnavailableWhileClosing).
    return503OnClosing: false,
    // A client that opens a connection and sends slowly (or never finishes) must not hold it for ever: 408.
    requestTimeout: config.limits.requestTimeoutMs,
    http: {
      headersTimeout: config.limits.headersTimeoutMs,
      // Node checks both timeouts on this interval (30 s by default, which would stretch a short timeout).
      connectionsCheckingInterval: Math.min(5_000, config.limits.headersTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(richTextValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const now = options.now ?? (() => new Date());
  // With Redis, the limits that guard secrets are counted once for every process and node (docs/deployment.md).
  const inMemory = memoryLimiters(() => now().getTime());
  const windowsInMemory = memoryWindowCounter(() => now().getTime());
  const limiters = config.redisUrl
    ? redisLimiters({
        url: config.redisUrl,
        prefix: 'loci:limits:',
        now: () => now().getTime(),
        fallback: inMemory,
        fallbackCounter: windowsInMemory,
        onError: (error) => app.log.warn({ err: error }, 'limits: Redis unreachable, counting in this process'),
      })
    : { limiter: inMemory, counter: windowsInMemory, close: async () => undefined };
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    tokens: createTokenService(config.jwtSecret, config.jwtExpiresIn),
    links: createLinkSigner(config.jwtSecret),
    oidc: createOidcProviders(config.oauth),
    realtime: createNullRealtime(),
    limits: createSecretLimits(limiters.limiter, config.limits),
    now,
    log: app.log,
    outages: createOutageWatch(app.log),
    metrics: createMetrics({ processMetrics: Boolean(config.metricsToken) }),
  };
  app.decorate('ctx', ctx);
  // The game clock (issue 28): fires due timers from when the app is ready until it closes.
  const clock = new ClockScheduler(ctx, {
    pollMs: config.clockPollMs,
    onFired: ({ dueAt, firedAt }) =>
      ctx.metrics.clockLateness.observe(Math.max(0, firedAt.getTime() - dueAt.getTime()) / 1000),
  });
  app.decorate('clock', clock);
  app.addHook('onReady', async () => clock.start());
  app.addHook('preClose', async () => clock.stop());
  // Before swagger's own onRoute hook reads the schemas.
  app.addHook('onRoute', documentCommonErrors);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (options.onSend) app.addHook('onSend', options.onSend);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An error answer is ours, not the route's: a route's schema for that status (e.g. an upload's 415 with
    // its rejected files) must not turn a refusal made before the handler ran into a serialization 500.
    // A serializer of our own leaves the content type unset, so it is said here.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof AppError) return reply.status(error.status).send(error.toBody());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'generalError';
        errors[key] ??= issue.message ?? ERROR_MESSAGES.invalidValue;
      }
      return reply.status(400).send({ message: FORM_ERROR_MESSAGE, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(new AppError('RATE_LIMITED').toBody());
    if (status >= 400 && status < 500) return reply.status(status).send(clientErrorBody(status, error));
    if (isDatabaseOutage(error)) {
      ctx.outages.met(error);
      return sendUnavailable(reply);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ ...new AppError('INTERNAL').toBody(), errorCode: 'INTERNAL' });
  });
  registerAnswerLanguage(app);
  answerUnavailableWhileClosing(app);
  registerMetrics(app, ctx);
  await app.register(requestGuardPlugin);
  await app.register(securityHeadersPlugin, { config });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Loci API', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: openApiTransform,
  });
  await app.register(cookie, { secret: config.jwtSecret });
  await app.register(rateLimit, {
    global: false,
    // Sign-in, sign-up and the password routes: counted in Redis when configured, like the other secret limits.
    store: rateLimitStoreOf(limiters.counter),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: USER_MESSAGES.tooManyRequests,
      retryAfter: context.after,
    }),
  });
  await app.register(authPlugin, { ctx });

  await app.register(
    async (api) => {
      // Only answers: request bodies are never inflated (a small compressed upload could expand without bound).
      // Already-compressed media (images, audio, zip bundles) are left as they are by their content type.
      await api.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false });
      await registerModules(api, ctx);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  registerConsole(app, config);
  // Before the HTTP server closes: open sockets would keep it from closing, and Redis connections the process alive.
  app.addHook('preClose', async () => ctx.realtime.close());
  app.addHook('onClose', async () => ctx.mailer.close());
  app.addHook('onClose', async () => limiters.close());
  // The instance typed with the zod provider (and its decorated ctx) is handed out as the plain App type.
  return app as unknown as App;
}

/**
 * Serves the built console under /fe with deep links falling back to its index.html — except the web player's
 * links (/fe/play/…, /fe/gameplay/…), which get the player's own page, play.html (a lighter first load).
 */
function registerConsole(app: FastifyInstance, config: Config): void {
  const hasConsole = existsSync(path.join(config.webDist, 'index.html'));
  const hasPlayer = existsSync(path.join(config.webDist, 'play.html'));
  if (hasConsole) {
    const assets = path.join(config.webDist, 'assets') + path.sep;
    app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/fe/',
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz siblings; the client's Accept-Encoding picks one (and Vary says so).
      preCompressed: true,
      cacheControl: false,
      // The source maps hold the whole source: only where configured (LOCI_SOURCE_MAPS), else a 404 like any missing file.
      allowedPath: (pathName) => config.sourceMaps || !/\.map(\.(br|gz))?$/.test(pathName),
      setHeaders: (reply, filePath) => {
        // Vite names every file under assets/ by its content hash, so a name never changes meaning; the rest
        // (index.html above all, which names the current hashes) must be revalidated by its ETag on each visit.
        reply.header('cache-control', filePath.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/fe/'));
  app.get('/fe', { schema: { hide: true } }, (_request, reply) => reply.redirect('/fe/'));
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/fe/') && request.method === 'GET') {
      if (!hasConsole) {
        return reply.status(503).type('text/plain').send('The console is not built yet: run `npm run build`.');
      }
      // An asset that is missing is a real 404; any other path gets the console, which shows the page — or,
      // for a path that is none of its routes (the list the browser's router reads too), its 'No Route match' page
      // with the status 404.
      if (/\.[a-z0-9]+$/i.test(url) && !url.endsWith('.html')) return reply.status(404).send({ message: 'Not found' });
      if (!isConsoleRoute(url)) reply.status(404);
      const page = hasPlayer && /^\/fe\/(play|gameplay)\//.test(url) ? 'play.html' : 'index.html';
      return reply.type('text/html').sendFile(page);
    }
    return reply.status(404).send(clientErrorBody(404, { code: 'FST_ERR_NOT_FOUND' }));
  });
}
