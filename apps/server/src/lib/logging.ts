import type { DestinationStream, LoggerOptions } from 'pino';

/**
 * Fields whose values never reach the log, at the top of a log line or one level down (`{ user: { passwordHash } }`).
 * Request headers are listed for any serializer that logs them; Fastify's default one does not.
 */
const SECRET_KEYS = ['password', 'password2', 'passwordHash', 'hash', 'token', 'jwtToken', 'passcode', 'secret'];
const REDACTED_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
];

/**
 * Properties of database errors that hold the statement's values: Drizzle's `params` (every bound value: a
 * password hash, an email) and PostgreSQL's `detail` ("Failing row contains (…)", "Key (email)=(…)").
 */
const ERROR_VALUE_KEYS = new Set(['params', 'detail']);
const MAX_CAUSES = 5;

/** An error as a plain object for the log, with its causes, without the values its SQL statement was given. */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  // Drizzle's message repeats the bound values after the statement ("params: …"); keep the statement only.
  const message = 'query' in error && 'params' in error ? `Failed query: ${String(error.query)}` : error.message;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: Record<string, unknown> = {
    type: error.constructor.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const [key, value] of Object.entries(error)) {
    if (ERROR_VALUE_KEYS.has(key) || key === 'cause' || key in serialized) continue;
    serialized[key] = value instanceof Error ? serializeError(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

/** The server's pino options: level, secrets redacted, errors without their SQL values; `stream` for tests. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    ...(stream ? { stream } : {}),
  };
}
