import { mkdir, mkdtemp, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway project folder with the given files (POSIX paths → content), for builds to run in.
 * Returns its real path (builds compare real paths).
 */
export async function makeProject(files: Readonly<Record<string, string | Uint8Array>>): Promise<string> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-build-')));
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(root, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  return root;
}

/** A valid refunds skill with a policy and a binary logo. */
export const REFUNDS_SKILL = {
  'skills/refunds/SKILL.md':
    '---\nname: refunds\ndescription: Handle refund requests. Use when a customer asks for money back.\n---\n1. Read POLICY.md.\n2. Decide.\n',
  'skills/refunds/POLICY.md': 'Refunds within 30 days.\nNo refunds on gift cards.\n',
  'skills/refunds/assets/logo.png': Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2,
  ]),
} as const;

/** Import a bundle's code as an ES module (a data URL: nothing is written). */
export async function importBundle<T = Record<string, unknown>>(code: string): Promise<T> {
  return (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as T;
}
