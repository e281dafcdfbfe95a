import { type ErrorCode, SkilldockError } from '@skilldock/core/errors';
import { type ErrorStatus, HttpError } from '../http/http-error.js';

/** Statuses of content-layer codes whose default (400/403/409 by error class) is not the right answer. */
const STATUS_BY_CODE: Partial<Record<ErrorCode, ErrorStatus>> = {
  archive_too_large: 413,
  skill_file_too_large: 413,
  draft_not_found: 404,
  draft_expired: 404,
};

/**
 * Runs `work`, answering the content layer's failures with their HTTP status: sizes are 413, a
 * missing or expired draft 404, and — when `refusedStatus` is given — every other refusal (P3
 * archive checks, an upload that is no skill) that status instead of its class's default.
 */
export async function withInstallErrorStatus<T>(
  work: () => Promise<T>,
  refusedStatus?: ErrorStatus,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError || !SkilldockError.isInstance(error)) throw error;
    const status =
      STATUS_BY_CODE[error.code] ??
      (refusedStatus !== undefined && (error.name === 'SecurityError' || error.name === 'UserInputError')
        ? refusedStatus
        : undefined);
    if (status === undefined) throw error;
    throw new HttpError(status, error.code, error.message, { details: { ...error.details }, cause: error });
  }
}
