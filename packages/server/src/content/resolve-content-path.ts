import type { Stats } from 'node:fs';
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { unsafeRelativePathReason } from '@skilldock/core/format';
import { isSafePathSegment } from '@skilldock/core/fs';

/** Longest relative path the content layer accepts, in UTF-8 bytes. */
export const MAX_CONTENT_PATH_BYTES = 1024;

/** A relative path resolved inside a content folder. */
export interface ResolvedContentPath {
  /** The relative POSIX path as given (checked). */
  readonly relativePath: string;
  /** `root` joined with the path. */
  readonly absolutePath: string;
  /** The entry's own `lstat`, or `undefined` when it does not exist. */
  readonly stats: Stats | undefined;
}

/**
 * Checks a path that must name an entry inside `root` and walks it from the root down without
 * following anything (SPEC Y15, SEC1). Refused:
 * - with `UserInputError` `unsafe_file_path`: what core's strict relative-path check refuses
 *   (empty, `..`, `.`, `//`, absolute, drive letters, backslashes, NUL and other control
 *   characters), a segment that is not a safe path segment (over 255 bytes, `:`, a trailing dot
 *   or space, a device name), a path over 1024 bytes, and percent-encoded separators, dots or NUL
 *   (`%2F`, `%5C`, `%2E`, `%00`): a path arrives decoded once, and is never decoded again;
 * - with `SecurityError` `symlink_refused`: a link at the root, on the way or at the entry itself;
 * - with `UserInputError` `not_a_directory`: a file on the way.
 * A missing entry (or missing folders on the way) is no error: `stats` is then `undefined`.
 * @example const { absolutePath, stats } = await resolveContentPath(packageFolder, 'scripts/run.sh');
 */
export async function resolveContentPath(root: string, relativePath: string): Promise<ResolvedContentPath> {
  assertContentPath(relativePath);
  const segments = relativePath.split('/');
  let current = path.resolve(root);
  let stats = await lstatIfPresent(current);
  refuseLink(stats, current, relativePath);
  if (stats === undefined || !stats.isDirectory())
    throw new UserInputError('path_not_found', `The content folder ${current} does not exist.`, {
      details: { path: relativePath },
    });
  for (const [index, segment] of segments.entries()) {
    current = path.join(current, segment);
    stats = await lstatIfPresent(current);
    if (stats === undefined) return { relativePath, absolutePath: path.join(root, ...segments), stats };
    refuseLink(stats, current, relativePath);
    if (index < segments.length - 1 && !stats.isDirectory())
      throw new UserInputError(
        'not_a_directory',
        `${segments.slice(0, index + 1).join('/')} is a file, so ${relativePath} cannot be inside it.`,
        { details: { path: relativePath } },
      );
  }
  return { relativePath, absolutePath: current, stats };
}

/**
 * The checks of {@link resolveContentPath} that need no file system: throws `UserInputError`
 * `unsafe_file_path` naming the reason.
 */
export function assertContentPath(relativePath: string): void {
  const reason =
    typeof relativePath !== 'string'
      ? 'is not a string'
      : (unsafeRelativePathReason(relativePath) ??
        (Buffer.byteLength(relativePath, 'utf8') > MAX_CONTENT_PATH_BYTES
          ? `is longer than ${MAX_CONTENT_PATH_BYTES} bytes`
          : /%(2f|5c|2e|00)/i.test(relativePath)
            ? 'holds a percent-encoded separator, dot or NUL; send the path decoded'
            : relativePath.split('/').find((segment) => !isSafePathSegment(segment)) !== undefined
              ? 'has a segment that cannot name a file (too long, a trailing dot or space, a colon, or a device name)'
              : undefined));
  if (reason === undefined) return;
  throw new UserInputError('unsafe_file_path', `The path ${JSON.stringify(relativePath)} ${reason}.`, {
    details: { path: String(relativePath) },
  });
}

function refuseLink(stats: Stats | undefined, absolute: string, relativePath: string): void {
  if (stats?.isSymbolicLink())
    throw new SecurityError(
      'symlink_refused',
      `${absolute} is a symbolic link; content paths never follow links (${relativePath}).`,
      { details: { path: relativePath } },
    );
}

async function lstatIfPresent(absolute: string): Promise<Stats | undefined> {
  try {
    return await lstat(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw error;
  }
}
