import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@loci/domain';
import type { AppContext } from '../context.js';
import { scrapeMetrics } from '../lib/metrics.js';
import { groupedStatementSizes } from '../modules/runtime/player-event.js';

/** The error code an error answer's body names, else the vocabulary's code of its status. */
function errorCodeOf(status: number, payload: unknown): string {
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      const code = (JSON.parse(payload) as { errorCode?: unknown }).errorCode;
      if (typeof code === 'string') return code;
    } catch {
      // not JSON after all: the status says it
    }
  }
  return (Object.keys(ERROR_CODES) as ErrorCode[]).find((code) => ERROR_CODES[code] === status) ?? String(status);
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts every answer (route template, method, status, time) and every error answer by its code into the app's
 * metrics (lib/metrics.ts), and with LOCI_METRICS_TOKEN serves them at GET /metrics to a caller with that
 * bearer token (Prometheus's `authorization` setting) — in a cluster, every worker's summed.
 */
export function registerMetrics(app: FastifyInstance, ctx: AppContext): void {
  const { metrics } = ctx;
  metrics.readers.pool = () => ctx.database.poolStats?.() ?? null;
  metrics.readers.batches = () => groupedStatementSizes(ctx.database);
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && request.routeOptions.url !== '/metrics')
      metrics.errors.inc({ code: errorCodeOf(reply.statusCode, payload) });
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's template, never the URL itself (its ids would make a series per instance); none: unknown paths.
    const route = request.routeOptions.url ?? 'none';
    if (route === '/metrics') return;
    metrics.requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const token = ctx.config.metricsToken;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = request.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
    if (!sameToken(given, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').type('application/json; charset=utf-8').send({
        message: 'Send the metrics token (LOCI_METRICS_TOKEN) as a bearer token',
        errorCode: 'UNAUTHENTICATED',
      });
    }
    const scraped = await scrapeMetrics(metrics);
    return reply.type(scraped.contentType).send(scraped.text);
  });
}
