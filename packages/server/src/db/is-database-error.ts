import { DrizzleQueryError } from 'drizzle-orm/errors';

/**
 * True when `error` (or what it wraps) is a database failure: drizzle's `Failed query: … params: …`
 * or a driver's error with a SQLSTATE. Its text names tables, SQL and the values sent — never for
 * an answer, an event or a run's error (SPEC SEC11); log its name and code instead.
 */
export function isDatabaseError(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current !== undefined && current !== null && depth < 5;
    depth++
  ) {
    if (current instanceof DrizzleQueryError) return true;
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    if (typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
