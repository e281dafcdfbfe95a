import { createRequire } from 'node:module';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type picomatchType from 'picomatch';
import type { Skill } from '../format/types.js';

type Matcher = (path: string) => boolean;

// Loaded on the first match: listings and most sessions never match a path (issue 9 §7).
let picomatch: typeof picomatchType | undefined;

// One compiled matcher per `paths` list: skills are frozen, so the list never changes.
const matchers = new WeakMap<readonly string[], Matcher>();

/** True when the skill has `paths:` globs and so stays hidden from the model until a file matches (SPEC D3). */
export function isPathGated(skill: Pick<Skill, 'fields'>): boolean {
  return (skill.fields.paths?.length ?? 0) > 0;
}

/**
 * True when a path-gated skill's `paths:` globs match a file (SPEC D3). Globs are picomatch
 * patterns over the file's path relative to the project root, with `/` separators, dot files
 * included. A file outside the root never matches; a skill without `paths` never matches.
 * @example skillMatchesPath(skill, '/repo', '/repo/src/api/user.ts') // paths: ['src/api/**']
 */
export function skillMatchesPath(
  skill: Pick<Skill, 'fields'>,
  projectRoot: string,
  filePath: string,
): boolean {
  const patterns = skill.fields.paths;
  if (patterns === undefined || patterns.length === 0) return false;
  const root = resolve(projectRoot);
  const relativePath = relative(root, resolve(root, filePath));
  if (relativePath === '' || isAbsolute(relativePath)) return false;
  if (relativePath === '..' || relativePath.startsWith(`..${sep}`)) return false;
  let matcher = matchers.get(patterns);
  if (matcher === undefined) {
    picomatch ??= createRequire(import.meta.url)('picomatch') as typeof picomatchType;
    matcher = picomatch([...patterns], { dot: true });
    matchers.set(patterns, matcher);
  }
  return matcher(sep === '/' ? relativePath : relativePath.split(sep).join('/'));
}
