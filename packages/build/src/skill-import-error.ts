import { type ErrorCode, UserInputError } from '@skilldock/core/errors';
import './error-codes.js';

/** Where in a file a build problem is, 1-based (the bundlers' `loc`). */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Why a SKILL.md import fails the build, with the file, line and column to point at (SPEC I5). The
 * message starts with `file:line:column:` so every bundler's report shows the place.
 */
export class SkillImportError extends UserInputError {
  readonly location: SourceLocation | undefined;

  constructor(code: ErrorCode, message: string, location?: SourceLocation) {
    super(code, location === undefined ? message : `${formatLocation(location)}: ${message}`, {
      details: location === undefined ? {} : { path: location.file, line: location.line },
    });
    this.location = location;
  }
}

/** `file:line:column`. */
export function formatLocation(location: SourceLocation): string {
  return `${location.file}:${location.line}:${location.column}`;
}
