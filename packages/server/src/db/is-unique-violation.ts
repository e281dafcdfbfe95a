/** True when a query failed on a unique constraint (SQLSTATE 23505), from either driver, wrapped or not. */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current: unknown = error, depth = 0;
    current !== undefined && current !== null && depth < 5;
    depth++
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
