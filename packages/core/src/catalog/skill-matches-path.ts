import { resolve, sep } from 'node:path';
import { compileGlob, type GlobMatcher } from '../format/compile-glob.js';
import { relativePathInside } from '../format/is-path-inside.js';
import type { Skill } from '../format/types.js';

// One compiled matcher per `paths` list: skills are frozen, so the list never changes.
const matchers = new WeakMap<readonly string[], GlobMatcher>();

const NEVER: GlobMatcher = () => false;

/** True when the skill has `paths:` globs and so stays hidden from the model until a file matches (SPEC D3). */
export function isPathGated(skill: Pick<Skill, 'fields'>): boolean {
  return (skill.fields.paths?.length ?? 0) > 0;
}

/**
 * True when a path-gated skill's `paths:` globs match a file (SPEC D3). Globs are picomatch-dialect
 * patterns over the file's path relative to the project root, with `/` separators, dot files
 * included, matched by core's linear-time engine (`compileGlob`): a skill's globs come from
 * whoever wrote it and must not stall the server (SPEC SEC7). A file outside the root never
 * matches; a skill without `paths`, or with a glob the engine refuses (validation reports those),
 * never matches.
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
  const relativePath = relativePathInside(root, resolve(root, filePath));
  if (relativePath === undefined) return false;
  let matcher = matchers.get(patterns);
  if (matcher === undefined) {
    const compiled = compileGlob(patterns);
    matcher = compiled.ok ? compiled.matches : NEVER;
    matchers.set(patterns, matcher);
  }
  return matcher(sep === '/' ? relativePath : relativePath.split(sep).join('/'));
}
