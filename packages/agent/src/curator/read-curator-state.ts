import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { SecurityError, SkilldockError } from '@skilldock/core/errors';
import { proveInside } from '@skilldock/core/fs';
import type { CuratorPaths } from './curator-paths.js';
import {
  type CuratorState,
  curatorStateSchema,
  emptyCuratorState,
  MAX_CURATOR_STATE_BYTES,
  sortedRecords,
} from './curator-state.js';

/**
 * Reads `.skilldock/skill-curator.json` (SPEC L3): no file is an empty state; the file is opened
 * without following a link (a link, or a `.skilldock` leading out of the project, is refused with
 * `SecurityError`), read up to {@link MAX_CURATOR_STATE_BYTES} and checked with zod. A state that is
 * too large, not JSON, of another version or of another shape throws `SkilldockError`
 * `curator_state_too_large` / `curator_state_corrupt` naming the file: it is never reset silently,
 * so the user can repair or remove it.
 * @example const state = await readCuratorState(curatorPaths(projectRoot, settings));
 */
export async function readCuratorState(paths: CuratorPaths): Promise<CuratorState> {
  const file = await proveInside(paths.stateFile, paths.projectRoot);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return emptyCuratorState();
    if (code === 'ELOOP' || code === 'EMLINK') {
      throw new SecurityError(
        'symlink_refused',
        `${paths.stateFile} is a link; the curator reads its state only from a regular file. Remove the link.`,
        { details: { path: paths.stateFile }, cause: error },
      );
    }
    throw error;
  }
  let text: string;
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw corrupt(paths.stateFile, 'it is not a regular file');
    if (stats.size > MAX_CURATOR_STATE_BYTES) throw tooLarge(paths.stateFile, stats.size);
    // Read one byte past the limit: a file that grew after the stat is still caught.
    const buffer = Buffer.alloc(MAX_CURATOR_STATE_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_CURATOR_STATE_BYTES) throw tooLarge(paths.stateFile, length);
    }
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer.subarray(0, length));
  } catch (error) {
    if (SkilldockError.isInstance(error)) throw error;
    throw corrupt(paths.stateFile, (error as Error).message, error);
  } finally {
    await handle.close();
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw corrupt(paths.stateFile, `it is not JSON (${(error as Error).message})`, error);
  }
  const parsed = curatorStateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? '' : ` at ${issue.path.join('.')}`;
    throw corrupt(paths.stateFile, `${issue?.message ?? 'unexpected shape'}${where}`, parsed.error);
  }
  // zod leaves an own `__proto__` key out of the record it builds: a dropped key is corruption too.
  const rawKeys = Object.keys((json as { skills: object }).skills);
  const dropped = rawKeys.find((key) => !Object.hasOwn(parsed.data.skills, key));
  if (dropped !== undefined)
    throw corrupt(paths.stateFile, `the key ${JSON.stringify(dropped)} is not a skill folder name at skills`);
  return { ...parsed.data, skills: sortedRecords(parsed.data.skills) };
}

function corrupt(file: string, reason: string, cause?: unknown): SkilldockError {
  return new SkilldockError(
    'curator_state_corrupt',
    `The curator state ${file} is unusable: ${reason}. Nothing was changed; repair the file, or move it away to start the curator afresh.`,
    { details: { path: file, reason }, ...(cause === undefined ? {} : { cause }) },
  );
}

function tooLarge(file: string, size: number): SkilldockError {
  return new SkilldockError(
    'curator_state_too_large',
    `The curator state ${file} is ${size} bytes, over the ${MAX_CURATOR_STATE_BYTES}-byte limit; nothing was changed. Move it away to start the curator afresh.`,
    { details: { path: file, limit: MAX_CURATOR_STATE_BYTES, actual: size } },
  );
}
