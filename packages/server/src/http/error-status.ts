import {
  ConflictError,
  type ErrorCode,
  SecurityError,
  SkilldockError,
  UserInputError,
} from '@skilldock/core/errors';
import { type ErrorStatus, HttpError } from './http-error.js';

/** A row of {@link STATUS_BY_CODE}. */
export interface CodeStatus {
  readonly status: ErrorStatus;
  /**
   * The code is about the request itself (its size, a draft it names), not what it holds: an
   * upload route that answers every refusal of its content with one status keeps this one.
   */
  readonly ofRequest?: true;
}

/**
 * The one status table: every error code whose answer is not its class's. Sizes are 413 (the
 * request's own, or a skill package over the P3 budget), something the request names that is not
 * there 404, a path that leaves its folder 403. Keyed by `ErrorCode`, so a code no package
 * registers does not compile.
 */
export const STATUS_BY_CODE: Readonly<Partial<Record<ErrorCode, CodeStatus>>> = {
  archive_too_large: { status: 413, ofRequest: true },
  archive_too_large_expanded: { status: 413 },
  draft_expired: { status: 404, ofRequest: true },
  draft_not_found: { status: 404, ofRequest: true },
  not_a_directory: { status: 404 },
  package_not_found: { status: 404 },
  path_not_found: { status: 404 },
  path_outside_folder: { status: 403 },
  skill_file_too_large: { status: 413, ofRequest: true },
  too_many_entries: { status: 413 },
};

/**
 * The status of each error class, checked in order with `isInstance` — so a subclass (build's
 * `SkillImportError extends UserInputError`) and a class from another copy of core answer like
 * the class they belong to.
 */
const STATUS_BY_CLASS: readonly (readonly [typeof SkilldockError, ErrorStatus])[] = [
  [ConflictError, 409],
  [UserInputError, 400],
  [SecurityError, 403],
];

/** How one family of routes answers refusals (`UserInputError`, `SecurityError`). */
export interface StatusPolicy {
  /**
   * Content routes (400): a refusal the table does not list answers this instead of its class's
   * status — the request asked for something the skill content refuses (a link, a secret file).
   */
  readonly refusal?: ErrorStatus;
  /**
   * Upload routes (422): every refusal of what the upload holds answers this, P3 budget codes
   * included; only the request's own size and a missing draft ({@link CodeStatus.ofRequest}) keep
   * their status.
   */
  readonly uploadRefusal?: ErrorStatus;
}

function isRefusal(error: unknown): boolean {
  return UserInputError.isInstance(error) || SecurityError.isInstance(error);
}

/**
 * The HTTP status of anything a route threw: an `HttpError` its own; a Skilldock error by its
 * code ({@link STATUS_BY_CODE}), the route family's {@link StatusPolicy}, then its class
 * (`UserInputError` 400, `SecurityError` 403, `ConflictError` 409, subclasses and other copies of
 * core included); anything else 500.
 * @example errorStatus(new UserInputError('path_not_found', '…')) // 404
 */
export function errorStatus(error: unknown, policy: StatusPolicy = {}): ErrorStatus {
  if (HttpError.isInstance(error)) return error.status;
  if (!SkilldockError.isInstance(error)) return 500;
  const row = Object.hasOwn(STATUS_BY_CODE, error.code) ? STATUS_BY_CODE[error.code] : undefined;
  if (row?.ofRequest) return row.status;
  if (policy.uploadRefusal !== undefined && isRefusal(error)) return policy.uploadRefusal;
  if (row !== undefined) return row.status;
  if (policy.refusal !== undefined && isRefusal(error)) return policy.refusal;
  return STATUS_BY_CLASS.find(([type]) => type.isInstance(error))?.[1] ?? 500;
}
