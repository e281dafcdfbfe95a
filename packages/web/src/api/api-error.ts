/** The body of every API error answer: `{ error: { code, message, details } }`. */
interface ErrorBody {
  readonly error?: { readonly code?: unknown; readonly message?: unknown; readonly details?: unknown };
}

/** A refused API call, with the server's typed code (`invalid_credentials`, `csrf_failed`, …). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
  }

  /** The error of a failed answer: its body's code and message, or the HTTP status when it has none. */
  static from(response: Response, body: unknown): ApiError {
    const error = (body as ErrorBody | undefined)?.error;
    const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
    const message =
      typeof error?.message === 'string' ? error.message : `${response.status} ${response.statusText}`.trim();
    const details =
      typeof error?.details === 'object' && error.details !== null
        ? (error.details as Record<string, unknown>)
        : {};
    return new ApiError(response.status, code, message, details);
  }
}

/**
 * The data of an openapi-fetch answer, or its error thrown as an {@link ApiError} — what TanStack
 * Query's `queryFn` and `mutationFn` want.
 * @example queryFn: () => unwrap(api.GET('/api/skills'))
 */
export async function unwrap<Data>(
  call: Promise<{ data?: Data; error?: unknown; response: Response }>,
): Promise<Data> {
  const { data, error, response } = await call;
  if (!response.ok) throw ApiError.from(response, error);
  return data as Data;
}
