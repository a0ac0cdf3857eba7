import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { ERROR_MESSAGES } from '@loci/domain';
import { AppError } from './errors.js';

/**
 * PostgreSQL's SQLSTATEs for a server that cannot serve at the moment: stopping or terminating the connection
 * (57P01), crashed (57P02), starting or recovering (57P03), out of connections (53300), a connection lost
 * (class 08).
 */
const OUTAGE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);
/** The network's words for a database that is not there (Node's error codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What node-postgres says, in words only, of a connection lost or never made. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
];

/** Seconds a refused client is told to wait before trying again (Retry-After). */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
/** An outage is taken to be over once no request met it for this long (then the next one is logged again). */
export const OUTAGE_QUIET_MS = 10_000;

/**
 * Whether `error` (or one it wraps: Drizzle puts the driver's error in `cause`; a connection tried on several
 * addresses fails with an AggregateError) says the database cannot be reached or cannot serve now — not that
 * a statement was wrong.
 */
export function isDatabaseOutage(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending = [error];
  while (pending.length > 0 && seen.size < 10) {
    const e = pending.pop();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (OUTAGE_SQLSTATES.has(code) || NETWORK_CODES.has(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    pending.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}

/** What a process remembers of the database's outages: logs the first refusal of each, and the end of it. */
export interface OutageWatch {
  /** Notes one request (or socket handshake) refused because of `error`; only an outage's first is logged. */
  met(error: unknown): void;
}

/**
 * An outage begins with the first request that meets one and is over once none has for OUTAGE_QUIET_MS: its
 * first error is logged with its stack, then one line when it is over, with how many were refused — not a
 * stack trace for each request meanwhile.
 */
export function createOutageWatch(log: FastifyBaseLogger, now: () => number = Date.now): OutageWatch {
  let since: number | null = null;
  let last = 0;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  const over = () => {
    log.warn(
      { outageMs: last - (since ?? last), refused },
      'database outage over: no request has met it for %d s',
      OUTAGE_QUIET_MS / 1000,
    );
    since = null;
  };
  return {
    met(error) {
      last = now();
      if (since === null) {
        since = last;
        refused = 0;
        log.error({ err: error }, 'database unavailable: answering 503 until it is back (logged once per outage)');
      }
      refused += 1;
      clearTimeout(timer);
      timer = setTimeout(over, OUTAGE_QUIET_MS).unref();
    },
  };
}

/** 503 SERVICE_UNAVAILABLE in the API's error shape, with Retry-After. */
export function sendUnavailable(reply: FastifyReply): FastifyReply {
  const error = new AppError('SERVICE_UNAVAILABLE', ERROR_MESSAGES.unavailable);
  return reply
    .status(error.status)
    .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S))
    .type('application/json; charset=utf-8')
    .send(error.toBody());
}

/**
 * Requests that arrive while the server shuts down (on connections kept alive) get the same 503 in the API's
 * shape, and their connection closes (Fastify's own 503 is a body of another shape; `return503OnClosing` is
 * off for this).
 */
export function answerUnavailableWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    return sendUnavailable(reply);
  });
}
