/** The `code` of a Skilldock error (any error with a string `code`), else `internal_error`. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : 'internal_error';
}
