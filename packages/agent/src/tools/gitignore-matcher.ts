import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isPathInside } from '@skilldock/core/format';
import ignore, { type Ignore } from 'ignore';

/** `.gitignore` files larger than this are not read (no real one comes close). */
const MAX_GITIGNORE_BYTES = 1024 * 1024;

/** Answers whether a path is ignored by the `.gitignore` files between the project root and it. */
export interface GitignoreMatcher {
  isIgnored(absolutePath: string, isDirectory: boolean): boolean;
}

/**
 * A matcher for the `.gitignore` files from `projectRoot` down to each path, read lazily and
 * cached per folder. As in git, a deeper file's rule (including a `!` negation) overrides a
 * shallower one. Written on the `ignore` package, which implements git's pattern rules; only the
 * walk of nested files is ours.
 */
export function createGitignoreMatcher(projectRoot: string): GitignoreMatcher {
  const rulesByFolder = new Map<string, Ignore | undefined>();
  const rulesOf = (folder: string): Ignore | undefined => {
    if (rulesByFolder.has(folder)) return rulesByFolder.get(folder);
    let rules: Ignore | undefined;
    try {
      const text = readFileSync(join(folder, '.gitignore'));
      if (text.length <= MAX_GITIGNORE_BYTES) rules = ignore().add(text.toString('utf8'));
    } catch {
      rules = undefined;
    }
    rulesByFolder.set(folder, rules);
    return rules;
  };
  return {
    isIgnored(absolutePath, isDirectory) {
      if (!isPathInside(absolutePath, projectRoot) || absolutePath === projectRoot) return false;
      const folders: string[] = [];
      for (let folder = dirname(absolutePath); isPathInside(folder, projectRoot); folder = dirname(folder)) {
        folders.push(folder);
        if (folder === projectRoot) break;
      }
      let ignored = false;
      for (const folder of folders.reverse()) {
        const rules = rulesOf(folder);
        if (rules === undefined) continue;
        const path = relative(folder, absolutePath).split(sep).join('/');
        const verdict = rules.test(isDirectory ? `${path}/` : path);
        if (verdict.ignored) ignored = true;
        else if (verdict.unignored) ignored = false;
      }
      return ignored;
    },
  };
}
