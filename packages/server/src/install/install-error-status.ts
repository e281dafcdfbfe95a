import { SkilldockError } from '@skilldock/core/errors';
import { errorStatus } from '../http/error-status.js';
import { type ErrorStatus, HttpError } from '../http/http-error.js';

/**
 * Runs `work`, answering the content layer's failures with their HTTP status ({@link errorStatus}:
 * sizes 413, a missing or expired draft 404) — and, when `refusedStatus` is given, every refusal
 * of what an upload holds (P3 archive checks, an upload that is no skill) that status instead.
 */
export async function withInstallErrorStatus<T>(
  work: () => Promise<T>,
  refusedStatus?: ErrorStatus,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (HttpError.isInstance(error) || !SkilldockError.isInstance(error)) throw error;
    const status = errorStatus(error, { uploadRefusal: refusedStatus });
    if (status === 500) throw error;
    throw new HttpError(status, error.code, error.message, { details: { ...error.details }, cause: error });
  }
}
