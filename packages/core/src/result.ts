import type { ErrorCode } from './error-codes.js';

/**
 * The one shape of an expected failure returned as data (STYLE "Results as data"): `ok: false`,
 * a `code` from the error-code registry ({@link ErrorCode}, so the compiler checks it), a
 * `message` a person or a model can read, and any structured `details` as fields beside them.
 * Parse and validate results that carry `diagnostics` keep that shape instead.
 * @example
 * type ReadFailure = Failure<'path_not_found' | 'file_too_large', { readonly size?: number }>;
 * if (!read.ok) console.error(`${read.code}: ${read.message}`);
 */
export type Failure<Code extends ErrorCode = ErrorCode, Details extends object = Record<never, never>> = {
  readonly ok: false;
  readonly code: Code;
  readonly message: string;
} & Readonly<Details>;

/**
 * Build a {@link Failure}: `details` become fields beside `code` and `message` (they cannot
 * replace them).
 * @example return failure('path_not_found', `No such file: ${file}`, { path: file });
 */
export function failure<Code extends ErrorCode, Details extends object = Record<never, never>>(
  code: Code,
  message: string,
  details?: Details,
): Failure<Code, Details> {
  return { ...details, ok: false, code, message } as Failure<Code, Details>;
}
