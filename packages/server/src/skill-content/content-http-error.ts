import { SkilldockError } from '@skilldock/core/errors';
import { HttpError } from '../http/http-error.js';

const NOT_FOUND = new Set<string>(['path_not_found', 'package_not_found', 'not_a_directory']);
/** The P3 budget refusals a save or a write can run into (the content is too big, not the request). */
const TOO_LARGE = new Set<string>([
  'archive_too_large',
  'archive_too_large_expanded',
  'too_many_entries',
  'skill_file_too_large',
]);

function statusOf(error: SkilldockError): HttpError['status'] | undefined {
  if (NOT_FOUND.has(error.code)) return 404;
  if (TOO_LARGE.has(error.code)) return 413;
  if (error.name === 'ConflictError') return 409;
  if (error.code === 'path_outside_folder') return 403;
  if (error.name === 'UserInputError' || error.name === 'SecurityError') return 400;
  return undefined;
}

function hide(text: string, roots: readonly string[]): string {
  return roots.reduce((shown, root) => shown.split(root).join('<data>'), text);
}

/**
 * The HTTP error of a content-layer failure (content/README.md): `path_not_found` and
 * `package_not_found` 404; the P3 budget 413; a `ConflictError` (`revision_conflict`,
 * `file_changed`, `entry_exists`) 409; `path_outside_folder` 403; any other refusal 400. Server
 * folders named in the message or details (`roots`) are shown as `<data>`, so an answer never
 * reveals where the data lives. Anything else is returned as it is (a 500 later).
 */
export function contentHttpError(error: unknown, roots: readonly string[]): unknown {
  if (error instanceof HttpError || !SkilldockError.isInstance(error)) return error;
  const status = statusOf(error);
  if (status === undefined) return error;
  const details = JSON.parse(
    hide(
      JSON.stringify(error.details),
      roots.map((root) => JSON.stringify(root).slice(1, -1)),
    ),
  );
  return new HttpError(status, error.code, hide(error.message, roots), { details, cause: error });
}

/** Runs content-layer work, turning its failures into HTTP errors with {@link contentHttpError}. */
export async function withContentErrors<T>(roots: readonly string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw contentHttpError(error, roots);
  }
}
