import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Options of {@link writeFileAtomic}. */
export interface WriteFileAtomicOptions {
  /**
   * Permission bits of a new file (the umask applies). Default `0o666`, as a plain write; pass
   * `0o600` for private state (trust store, caches). A file that is replaced keeps its own bits.
   */
  readonly mode?: number;
  /**
   * Checks the written temporary file before it replaces the target (a size budget, say); what it
   * throws leaves the target as it was and the temporary file removed.
   */
  readonly beforeReplace?: (temporary: string) => Promise<void>;
}

/**
 * The one way Skilldock rewrites a file: readers see the old bytes or the new ones, never a torn
 * file. The bytes go to a uniquely named temporary file in the same folder (same file system),
 * which is then renamed over the target; a failure removes the temporary file. Missing parent
 * folders are created. A link at `file` is replaced, never followed. `content` may be a stream (an
 * archive being packed): it is written to the temporary file as it comes.
 * @returns whether a file was there before.
 * @example await writeFileAtomic(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
 */
export async function writeFileAtomic(
  file: string,
  content: string | Uint8Array | AsyncIterable<Uint8Array>,
  { mode = 0o666, beforeReplace }: WriteFileAtomicOptions = {},
): Promise<{ existed: boolean }> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true });
  const previous = await lstat(file).catch(() => undefined);
  const temporary = join(folder, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content, { flag: 'wx', mode });
    if (previous?.isFile()) await chmod(temporary, previous.mode & 0o7777);
    await beforeReplace?.(temporary);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { existed: previous !== undefined };
}
