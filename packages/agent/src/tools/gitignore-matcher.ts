import { readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { compileGitignore, type GitignoreRules, isPathInside } from '@skilldock/core/format';

/** `.gitignore` files larger than this are not read (no real one comes close). */
const MAX_GITIGNORE_BYTES = 1024 * 1024;

/** Answers whether a path is ignored by the `.gitignore` files between the project root and it. */
export interface GitignoreMatcher {
  isIgnored(absolutePath: string, isDirectory: boolean): boolean;
}

/**
 * A matcher for the `.gitignore` files from `projectRoot` down to each path, read lazily and
 * cached per folder. As in git, a deeper file's rule (including a `!` negation) overrides a
 * shallower one, and nothing inside an ignored folder can be re-included. The rules run on core's
 * linear-time pattern engine (`compileGitignore`, SPEC SEC7): a repository's `.gitignore` is
 * untrusted, and the backtracking `ignore` package spent minutes on one nested `**` rule.
 */
export function createGitignoreMatcher(projectRoot: string): GitignoreMatcher {
  const rulesByFolder = new Map<string, GitignoreRules | undefined>();
  const rulesOf = (folder: string): GitignoreRules | undefined => {
    if (rulesByFolder.has(folder)) return rulesByFolder.get(folder);
    let rules: GitignoreRules | undefined;
    try {
      const text = readFileSync(join(folder, '.gitignore'));
      if (text.length <= MAX_GITIGNORE_BYTES) rules = compileGitignore(text.toString('utf8'));
    } catch {
      rules = undefined;
    }
    rulesByFolder.set(folder, rules);
    return rules;
  };
  // Folders' answers are cached: every file below asks about each of its folders.
  const ignoredFolders = new Map<string, boolean>();
  const ownVerdict = (absolutePath: string, isDirectory: boolean): boolean => {
    const folders: string[] = [];
    for (let folder = dirname(absolutePath); isPathInside(folder, projectRoot); folder = dirname(folder)) {
      folders.push(folder);
      if (folder === projectRoot) break;
    }
    let ignored = false;
    for (const folder of folders.reverse()) {
      const rules = rulesOf(folder);
      if (rules === undefined) continue;
      const verdict = rules.verdict(relative(folder, absolutePath).split(sep).join('/'), isDirectory);
      if (verdict === 'ignored') ignored = true;
      else if (verdict === 'unignored') ignored = false;
    }
    return ignored;
  };
  const isIgnored = (absolutePath: string, isDirectory: boolean): boolean => {
    if (!isPathInside(absolutePath, projectRoot) || absolutePath === projectRoot) return false;
    const parent = dirname(absolutePath);
    if (parent !== projectRoot && isIgnored(parent, true)) return true;
    if (!isDirectory) return ownVerdict(absolutePath, false);
    let ignored = ignoredFolders.get(absolutePath);
    if (ignored === undefined) {
      ignored = ownVerdict(absolutePath, true);
      ignoredFolders.set(absolutePath, ignored);
    }
    return ignored;
  };
  return { isIgnored };
}
