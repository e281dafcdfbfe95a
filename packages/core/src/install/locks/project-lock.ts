import path from 'node:path';
import type { DraftSkill, ResolvedSource } from '../install-draft.js';
import { dictionary, readLockFile } from './read-lock-file.js';
import { wellKnownSourceUrl } from './well-known-source-url.js';

/** File name of the project lock, at the project root (the `skills` CLI's `skills-lock.json`). */
export const PROJECT_LOCK_FILE = 'skills-lock.json';

/** One skill in `skills-lock.json`; unknown fields are kept as read. */
export interface ProjectLockEntry {
  readonly source: string;
  /** Git URL, for `git` (and `gitlab`) sources. */
  readonly sourceUrl?: string;
  readonly ref?: string;
  readonly sourceType: string;
  /** `path/to/skill/SKILL.md` inside a cloned repository. */
  readonly skillPath?: string;
  /** The `skills` CLI folder hash (SPEC P1). */
  readonly computedHash: string;
  /** The environment variable a well-known source's token came from (never the token). */
  readonly tokenEnv?: string;
  readonly [field: string]: unknown;
}

/** `skills-lock.json`, version 1, compatible with the `skills` CLI (SPEC P7). */
export interface ProjectLock {
  readonly file: string;
  readonly version: 1;
  readonly skills: Readonly<Record<string, ProjectLockEntry>>;
  /** Unknown top-level fields, kept on rewrite. */
  readonly extra: Readonly<Record<string, unknown>>;
}

/**
 * Reads `<projectRoot>/skills-lock.json`: empty when missing, a `lock_corrupt` error naming the
 * file when unreadable.
 * @example const lock = await readProjectLock(process.cwd()); Object.keys(lock.skills)
 */
export async function readProjectLock(projectRoot: string): Promise<ProjectLock> {
  const read = await readLockFile(path.join(projectRoot, PROJECT_LOCK_FILE));
  return {
    file: read.file,
    version: 1,
    skills: read.skills as Record<string, ProjectLockEntry>,
    extra: read.extra,
  };
}

const PROJECT_FIELDS = ['source', 'sourceUrl', 'ref', 'sourceType', 'skillPath', 'computedHash', 'tokenEnv'];

/**
 * The entry the `skills` CLI would write for this skill: same fields in the same order
 * (`source`, `sourceUrl` for git, `ref`, `sourceType`, `skillPath` for cloned sources,
 * `computedHash`); a well-known source adds `sourceUrl` when `https://<source>` would not reach it
 * again, and `tokenEnv` when it was read with a token. Unknown fields of `previous` are kept.
 */
export function projectLockEntry(
  source: ResolvedSource,
  skill: DraftSkill,
  previous?: Readonly<Record<string, unknown>>,
): ProjectLockEntry {
  const cloned = source.type === 'git' || source.type === 'github';
  const entry = dictionary<unknown>({
    source: source.lockSource,
    ...((source.lockSourceType === 'git' || source.lockSourceType === 'gitlab') && source.url !== undefined
      ? { sourceUrl: source.url }
      : wellKnownSourceUrl(source)),
    ...(source.ref === undefined ? {} : { ref: source.ref }),
    sourceType: source.lockSourceType,
    ...(cloned ? { skillPath: skill.sourcePath === '' ? 'SKILL.md' : `${skill.sourcePath}/SKILL.md` } : {}),
    computedHash: skill.computedHash,
    ...(source.tokenEnv === undefined ? {} : { tokenEnv: source.tokenEnv }),
  });
  for (const [field, value] of Object.entries(previous ?? {})) {
    if (!PROJECT_FIELDS.includes(field)) entry[field] = value;
  }
  return entry as ProjectLockEntry;
}
