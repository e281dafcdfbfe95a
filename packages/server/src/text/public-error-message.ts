/**
 * True when `error` (or what it wraps) is a database failure: drizzle's `Failed query: … params: …`
 * (a `query` and its `params`) or a driver's error with a SQLSTATE. Its text names tables, SQL and
 * the values sent. Told by shape, so layers that keep away from the database can ask too.
 */
export function isDatabaseError(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current !== undefined && current !== null && depth < 5;
    depth++
  ) {
    const { code, severity, query, params } = current as Record<string, unknown>;
    if (typeof query === 'string' && params !== undefined) return true;
    if (typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a caught error may say to a user (in an answer's warning or a run's error, SPEC SEC11): its
 * message, unless it is a database failure ({@link isDatabaseError}) — that is only logged.
 */
export function publicErrorMessage(error: unknown): string {
  if (isDatabaseError(error)) return 'a database error (see the server log)';
  return error instanceof Error ? error.message : String(error);
}
