/**
 * Typed errors for exceptional failures. Expected failures (an invalid SKILL.md, a missing skill)
 * are returned as data with diagnostics instead; these are thrown when a caller cannot go on.
 */

const MARKER = Symbol.for('skilldock.error');

/** Fields that describe a failure in a structured way (`{ path, limit, actual }`). */
export interface ErrorDetails {
  readonly path?: string;
  readonly field?: string;
  readonly limit?: number;
  readonly actual?: number;
  readonly [key: string]: unknown;
}

/** Base class of every error Skilldock throws. `code` is stable snake_case; match on it. */
export class SkilldockError extends Error {
  readonly [MARKER] = true;
  readonly code: string;
  readonly details: ErrorDetails;

  constructor(code: string, message: string, options: { cause?: unknown; details?: ErrorDetails } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details ?? {};
  }

  /** True for any Skilldock error, even one thrown by another copy of this package. */
  static isInstance(value: unknown): value is SkilldockError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** The caller passed something invalid (bad arguments, an invalid skill, a missing file). */
export class UserInputError extends SkilldockError {}

/** Something tried to leave its folder, follow a link, or smuggle a secret. */
export class SecurityError extends SkilldockError {}

/** Two things claim the same name or the state changed underneath. */
export class ConflictError extends SkilldockError {}
