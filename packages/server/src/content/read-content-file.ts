import { createHash } from 'node:crypto';
import { UserInputError } from '@skilldock/core/errors';
import { MAX_SKILL_FILE_BYTES, readRegularFile } from '@skilldock/core/format';
import { readFailure } from './read-failure.js';
import { resolveContentPath } from './resolve-content-path.js';

/** A file read from a skill folder. */
export interface ContentFile {
  readonly path: string;
  readonly bytes: Buffer;
  readonly executable: boolean;
  /** `sha256:` and the hex SHA-256 of `bytes`. */
  readonly sha256: string;
}

/** Options of {@link readContentFile}. */
export interface ReadContentFileOptions {
  /** Largest file returned; default 4 MiB (the SKILL.md limit). */
  readonly maxBytes?: number;
}

/**
 * Reads one file of a skill folder for the editor or a download (SPEC Y5, Y15): the path goes
 * through {@link resolveContentPath} (no traversal, no link on the way), the file itself is opened
 * without following a link (core's `readRegularFile`), and FIFOs and devices are refused unopened.
 * @throws UserInputError `unsafe_file_path`, `path_not_found`, `wrong_entry_type`, `skill_file_too_large`;
 *   SecurityError `symlink_refused`, `special_file`.
 * @example const { bytes, sha256 } = await readContentFile(packageFolder, 'SKILL.md');
 */
export async function readContentFile(
  directory: string,
  relativePath: string,
  { maxBytes = MAX_SKILL_FILE_BYTES }: ReadContentFileOptions = {},
): Promise<ContentFile> {
  const resolved = await resolveContentPath(directory, relativePath);
  if (resolved.stats === undefined)
    throw new UserInputError('path_not_found', `${relativePath} does not exist.`, {
      details: { path: relativePath },
    });
  const read = readRegularFile(resolved.absolutePath, { maxBytes });
  if (!read.ok) throw readFailure(read, relativePath);
  return {
    path: relativePath,
    bytes: read.bytes,
    executable: (read.stats.mode & 0o100) !== 0,
    sha256: `sha256:${createHash('sha256').update(read.bytes).digest('hex')}`,
  };
}
