import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh folder under the temp folder, and `remove()` to delete it after the tests. */
export async function temporaryFolder(
  label: string,
): Promise<{ readonly path: string; remove(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), `skilldock-${label}-`));
  return { path: folder, remove: () => rm(folder, { recursive: true, force: true }) };
}
