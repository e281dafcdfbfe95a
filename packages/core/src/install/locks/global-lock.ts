import path from 'node:path';
import type { DraftSkill, ResolvedSource } from '../install-draft.js';
import { dictionary, readLockFile } from './read-lock-file.js';
import { wellKnownSourceUrl } from './well-known-source-url.js';

/** The personal lock, relative to the home folder. */
export const GLOBAL_LOCK_RELATIVE_PATH = path.join('.skilldock', 'skills-lock.json');

/** One personally installed skill; unknown fields are kept as read. */
export interface GlobalLockEntry {
  readonly source: string;
  readonly sourceType: string;
  readonly sourceUrl?: string;
  readonly ref?: string;
  readonly skillPath?: string;
  /** Directory revision (SPEC P1) of what was installed. */
  readonly revision: string;
  readonly computedHash?: string;
  /** ISO 8601: first install. */
  readonly installedAt: string;
  /** ISO 8601: last install or update. */
  readonly updatedAt: string;
  /** Agents it was installed for. */
  readonly agents?: readonly string[];
  /** The environment variable a well-known source's token came from (never the token). */
  readonly tokenEnv?: string;
  readonly [field: string]: unknown;
}

/** `~/.skilldock/skills-lock.json`, version 1: source, revision and dates per skill (SPEC P7). */
export interface GlobalLock {
  readonly file: string;
  readonly version: 1;
  readonly skills: Readonly<Record<string, GlobalLockEntry>>;
  readonly extra: Readonly<Record<string, unknown>>;
}

/** Reads `<home>/.skilldock/skills-lock.json`: empty when missing, `lock_corrupt` when unreadable. */
export async function readGlobalLock(home: string): Promise<GlobalLock> {
  const read = await readLockFile(path.join(home, GLOBAL_LOCK_RELATIVE_PATH));
  return {
    file: read.file,
    version: 1,
    skills: read.skills as Record<string, GlobalLockEntry>,
    extra: read.extra,
  };
}

const GLOBAL_FIELDS = [
  'source',
  'sourceType',
  'sourceUrl',
  'ref',
  'skillPath',
  'revision',
  'computedHash',
  'installedAt',
  'updatedAt',
  'agents',
  'tokenEnv',
];

/** The personal lock entry for an install at `now`; `installedAt` and unknown fields survive from `previous`. */
export function globalLockEntry(
  source: ResolvedSource,
  skill: DraftSkill,
  {
    now,
    agents,
    previous,
  }: { now: Date; agents: readonly string[]; previous?: Readonly<Record<string, unknown>> },
): GlobalLockEntry {
  const cloned = source.type === 'git' || source.type === 'github';
  const entry = dictionary<unknown>({
    source: source.lockSource,
    sourceType: source.lockSourceType,
    ...(source.url !== undefined && source.lockSourceType === 'git'
      ? { sourceUrl: source.url }
      : wellKnownSourceUrl(source)),
    ...(source.ref === undefined ? {} : { ref: source.ref }),
    ...(cloned ? { skillPath: skill.sourcePath === '' ? 'SKILL.md' : `${skill.sourcePath}/SKILL.md` } : {}),
    revision: skill.revision,
    computedHash: skill.computedHash,
    installedAt: typeof previous?.installedAt === 'string' ? previous.installedAt : now.toISOString(),
    updatedAt: now.toISOString(),
    agents: [...agents],
    ...(source.tokenEnv === undefined ? {} : { tokenEnv: source.tokenEnv }),
  });
  for (const [field, value] of Object.entries(previous ?? {})) {
    if (!GLOBAL_FIELDS.includes(field)) entry[field] = value;
  }
  return entry as GlobalLockEntry;
}
