import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PACKAGES = path.resolve(import.meta.dirname, '../../..');

/**
 * Every error code registered in `SkilldockErrorCodes` by any package's sources (core's
 * `error-codes.ts` and every module augmentation of it), read from the files themselves: the
 * interface is a type, so a test that checks a table's keys against real codes needs them as data.
 * `packages` (folder names under `packages/`) keeps only the codes those packages register.
 */
export function registeredErrorCodes(packages?: readonly string[]): ReadonlySet<string> {
  const codes = new Set<string>();
  for (const name of packages ?? readdirSync(PACKAGES)) {
    const folder = path.join(PACKAGES, name, 'src');
    let files: string[];
    try {
      files = readdirSync(folder, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const file of files.filter((entry) => entry.endsWith('error-codes.ts'))) {
      const text = readFileSync(path.join(folder, file), 'utf8');
      const body = /interface SkilldockErrorCodes\s*\{([\s\S]*?)\n\s*\}/.exec(text)?.[1] ?? '';
      for (const match of body.matchAll(/^\s*readonly ([a-z][a-z0-9_]*): true;/gm)) codes.add(match[1]!);
    }
  }
  return codes;
}
