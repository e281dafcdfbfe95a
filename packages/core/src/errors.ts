/**
 * `@skilldock/core/errors` — typed errors for exceptional failures. Expected failures (an invalid
 * SKILL.md, a missing skill) are returned as data with diagnostics instead; these are thrown when a
 * caller cannot go on. Every stage throws them; this module depends on nothing, so importing it
 * alone is free.
 */

import type { ErrorCode } from './error-codes.js';

export type { ErrorCode, SkilldockErrorCodes } from './error-codes.js';

/** The registry-wide symbol that marks instances of the error class called `name`. */
function markerFor(name: string): symbol {
  return Symbol.for(`skilldock.error.${name}`);
}

/** Fields that describe a failure in a structured way (`{ path, limit, actual }`). */
export interface ErrorDetails {
  readonly path?: string;
  readonly field?: string;
  readonly limit?: number;
  readonly actual?: number;
  readonly [key: string]: unknown;
}

/**
 * Base class of every error Skilldock throws. `code` is stable snake_case; match on it.
 *
 * Each class in the chain leaves its own marker on the instance (a `Symbol.for` keyed by the class
 * name), so `isInstance` works across copies of a package and tells siblings apart:
 * `ModelError.isInstance(new SecurityError(…))` is false, `SkilldockError.isInstance` of either is
 * true. A subclass needs nothing for this but a unique class name.
 */
export class SkilldockError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message: string, options: { cause?: unknown; details?: ErrorDetails } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details ?? {};
    for (
      let type: unknown = new.target;
      typeof type === 'function' && type !== Error;
      type = Object.getPrototypeOf(type)
    ) {
      Object.defineProperty(this, markerFor((type as { name: string }).name), { value: true });
    }
  }

  /**
   * True when `value` is an instance of this class or a subclass, even one thrown by another
   * copy of the package.
   * @example ModelError.isInstance(error) // false for a SecurityError
   */
  // `this` is any class of errors, whatever its constructor takes (`HttpError` takes a status first).
  static isInstance<T extends abstract new (...args: never[]) => SkilldockError>(
    this: T,
    value: unknown,
  ): value is InstanceType<T> {
    return (
      typeof value === 'object' &&
      value !== null &&
      // biome-ignore lint/complexity/noThisInStatic: `this` is the class isInstance was called on.
      (value as Record<symbol, unknown>)[markerFor(this.name)] === true
    );
  }
}

/** The caller passed something invalid (bad arguments, an invalid skill, a missing file). */
export class UserInputError extends SkilldockError {}

/** Something tried to leave its folder, follow a link, or smuggle a secret. */
export class SecurityError extends SkilldockError {}

/** Two things claim the same name or the state changed underneath. */
export class ConflictError extends SkilldockError {}

export { type Failure, failure } from './result.js';
