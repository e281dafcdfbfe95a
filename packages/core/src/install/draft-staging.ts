import { lstat, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SecurityError } from '../errors.js';

/** How long a draft can be confirmed after it was prepared (SPEC P6): one hour. */
export const DRAFT_LIFETIME_MILLISECONDS = 60 * 60 * 1000;

/** The file inside a draft's staging folder that holds the draft itself, so another process can load it. */
export const DRAFT_FILE_NAME = 'draft.json';

/**
 * Where draft folders go when no `stagingParent` is given: `<tmp>/skilldock-drafts-<uid>`, one per
 * user so that users of a shared machine never meet in the same folder. `temporaryDirectory` is the
 * `<tmp>` (default `os.tmpdir()`), for callers that run with another environment's `TMPDIR`.
 */
export function defaultStagingParent(temporaryDirectory: string = tmpdir()): string {
  return path.join(temporaryDirectory, `skilldock-drafts-${process.getuid?.() ?? 'user'}`);
}

/**
 * Creates the folder that holds draft folders (private, mode 0700) and checks that it is a real
 * folder owned by this user: in a shared temp folder, someone else could have planted a link there.
 * @throws SecurityError `unsafe_staging_folder`.
 */
export async function ensureStagingParent(stagingParent: string = defaultStagingParent()): Promise<string> {
  const absolute = path.resolve(stagingParent);
  await mkdir(absolute, { recursive: true, mode: 0o700 });
  const stats = await lstat(absolute);
  const owner = process.getuid?.();
  if (!stats.isDirectory() || (owner !== undefined && stats.uid !== owner))
    throw new SecurityError(
      'unsafe_staging_folder',
      `${absolute} is not a folder owned by you; remove it or choose another staging folder.`,
      { details: { path: absolute } },
    );
  return absolute;
}
