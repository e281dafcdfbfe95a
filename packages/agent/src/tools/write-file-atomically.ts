import { randomBytes } from 'node:crypto';
import { chmod, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `content` so that readers see the old file or the new one, never half of either: the
 * text goes to a temporary file in the same folder, which is renamed over the target. Missing
 * parent folders are created; an existing file keeps its permission bits.
 * @returns whether the file existed before.
 */
export async function writeFileAtomically(file: string, content: string): Promise<{ existed: boolean }> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true });
  const previous = await stat(file).catch(() => undefined);
  const temporary = join(folder, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content, { flag: 'wx' });
    if (previous !== undefined) await chmod(temporary, previous.mode & 0o7777);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { existed: previous !== undefined };
}
