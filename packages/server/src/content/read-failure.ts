import { SecurityError, type SkilldockError, UserInputError } from '@skilldock/core/errors';
import type { ReadRegularFileFailure } from '@skilldock/core/format';

/** The typed error for a file `readRegularFile` would not read, naming its relative path. */
export function readFailure(failure: ReadRegularFileFailure, relativePath: string): SkilldockError {
  const details = { path: relativePath };
  switch (failure.code) {
    case 'path_not_found':
      return new UserInputError('path_not_found', `${relativePath} does not exist.`, { details });
    case 'symlink_refused':
      return new SecurityError(
        'symlink_refused',
        `${relativePath} is a symbolic link; it is never followed.`,
        {
          details,
        },
      );
    case 'special_file':
      return failure.kind === 'directory'
        ? new UserInputError('wrong_entry_type', `${relativePath} is a folder, not a file.`, { details })
        : new SecurityError('special_file', `${relativePath} is a ${failure.kind}, not a regular file.`, {
            details,
          });
    case 'file_too_large':
      return new UserInputError(
        'skill_file_too_large',
        `${relativePath} is too large (${failure.size} bytes).`,
        {
          details: { ...details, actual: failure.size },
        },
      );
    case 'file_unreadable':
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
