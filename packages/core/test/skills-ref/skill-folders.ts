import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

const roots: string[] = [];

afterEach(async () => {
  await Promise.all(roots.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

/** A fresh temporary folder, removed after the test. */
export async function temporaryRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'skilldock-skills-ref-'));
  roots.push(root);
  return root;
}

/** Writes `<root>/<folder>/<fileName>` and returns the folder's absolute path. */
export async function writeSkill(
  root: string,
  folder: string,
  content: string | Uint8Array,
  fileName = 'SKILL.md',
): Promise<string> {
  const directory = join(root, folder);
  await mkdir(directory, { recursive: true });
  await writeFile(join(directory, fileName), content);
  return directory;
}
