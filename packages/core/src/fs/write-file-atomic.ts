import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file so readers see either the old or the new content, never half of it: the bytes go
 * to a temporary file in the same folder, which is then renamed over the target.
 */
export async function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  const folder = dirname(file);
  await mkdir(folder, { recursive: true });
  const temporary = join(folder, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, content, { flag: 'wx', mode: 0o600 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
