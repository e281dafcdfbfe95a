import { UserInputError } from '@skilldock/core/errors';
import './error-codes.js';

const REVISION_PATTERN = /^sha256:([0-9a-f]{64})$/;

/**
 * The folder name of a package: the 64 hex digits of its revision (a `:` is not a safe segment).
 * @throws UserInputError `invalid_revision` for anything but `sha256:` and 64 lowercase hex digits.
 * @example revisionFolderName('sha256:3a7b…') // '3a7b…'
 */
export function revisionFolderName(revision: string): string {
  const match = typeof revision === 'string' ? REVISION_PATTERN.exec(revision) : null;
  if (match?.[1] !== undefined) return match[1];
  throw new UserInputError(
    'invalid_revision',
    `${JSON.stringify(revision)} is not a revision: expected 'sha256:' and 64 lowercase hex digits.`,
    { details: { field: 'revision' } },
  );
}

/** The revision a package folder name stands for, or `undefined` when the name is not one. */
export function revisionOfFolderName(name: string): string | undefined {
  return /^[0-9a-f]{64}$/.test(name) ? `sha256:${name}` : undefined;
}
