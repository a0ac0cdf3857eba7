/**
 * True when a database error (or one it wraps: Drizzle puts the driver's error
 * in `cause`) is a unique-constraint violation, on node-postgres and PGlite alike.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
