import { SkilldockError } from '@skilldock/core/errors';
import { errorStatus } from '../http/error-status.js';
import { HttpError } from '../http/http-error.js';

function hide(text: string, roots: readonly string[]): string {
  return roots.reduce((shown, root) => shown.split(root).join('<data>'), text);
}

/**
 * The HTTP error of a content-layer failure (content/README.md), with the status
 * {@link errorStatus} gives content routes: `path_not_found` and `package_not_found` 404; the P3
 * budget 413; a `ConflictError` (`revision_conflict`, `file_changed`, `entry_exists`) 409;
 * `path_outside_folder` 403; any other refusal 400 (the content refuses what was asked). Server
 * folders named in the message or details (`roots`) are shown as `<data>`, so an answer never
 * reveals where the data lives. Anything else is returned as it is (a 500 later).
 */
export function contentHttpError(error: unknown, roots: readonly string[]): unknown {
  if (HttpError.isInstance(error) || !SkilldockError.isInstance(error)) return error;
  const status = errorStatus(error, { refusal: 400 });
  if (status === 500) return error;
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
