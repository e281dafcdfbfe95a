import {
  type ReadRegularFileFailure,
  SecurityError,
  type SkilldockError,
  UserInputError,
} from '@skilldock/core';

/** The typed error for a file `readRegularFile` would not read, naming its relative path. */
export function readFailure(failure: ReadRegularFileFailure, relativePath: string): SkilldockError {
  const details = { path: relativePath };
  switch (failure.reason) {
    case 'missing':
      return new UserInputError('path_not_found', `${relativePath} does not exist.`, { details });
    case 'symlink-outside':
      return new SecurityError(
        'symlink_refused',
        `${relativePath} is a symbolic link; it is never followed.`,
        {
          details,
        },
      );
    case 'not-regular':
      return failure.kind === 'directory'
        ? new UserInputError('wrong_entry_type', `${relativePath} is a folder, not a file.`, { details })
        : new SecurityError('special_file', `${relativePath} is a ${failure.kind}, not a regular file.`, {
            details,
          });
    case 'too-large':
      return new UserInputError(
        'skill_file_too_large',
        `${relativePath} is too large (${failure.size} bytes).`,
        {
          details: { ...details, actual: failure.size },
        },
      );
    case 'unreadable':
      return new UserInputError(
        'path_not_found',
        `${relativePath} cannot be read: ${failure.error.message}`,
        {
          details,
          cause: failure.error,
        },
      );
  }
}
