import type { Dirent } from 'node:fs';
import { join } from 'node:path';
import { MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from '../format/limits.js';
import { type LoadSkillOptions, loadSkillSync } from '../format/load-skill.js';
import { readRegularFile } from '../format/read-regular-file.js';
import type { LoadSkillResult, Skill, SkillOrigin } from '../format/types.js';
import { frontmatterPrefix } from './frontmatter-prefix.js';
import type { LocatedSkillRoot } from './locate-skill-roots.js';

/** Options of {@link loadSkillFolder}. */
export interface LoadSkillFolderOptions {
  readonly profile?: 'spec' | 'lenient';
  /** List the supporting files (default true). */
  readonly listFiles?: boolean;
  /**
   * Keep the instructions (default true). False parses the frontmatter alone (see
   * {@link frontmatterPrefix}): the skill's `body` is `''` and the rest of the file is checked,
   * never decoded nor kept.
   */
  readonly readBody?: boolean;
}

/** What the walk already read of a skill folder, so it is not read again. */
export interface FolderAlreadyRead {
  /** The folder's entries. */
  readonly entries?: readonly Dirent[];
  /** `SKILL.md`, read safely. */
  readonly skillFile?: LoadSkillOptions['skillFile'];
}

const NOTHING_READ: FolderAlreadyRead = Object.freeze({});

/**
 * Loads one discovered skill folder with its origin and link policy, given what the walk already
 * read of it (`found`), registering extension skills as `<owner>:<id>` (SPEC S4) while keeping the
 * authored name. Never throws: an unexpected failure is a diagnostic.
 */
export function loadSkillFolder(
  directory: string,
  located: LocatedSkillRoot,
  { profile = 'lenient', listFiles, readBody = true }: LoadSkillFolderOptions = {},
  found: FolderAlreadyRead = NOTHING_READ,
): LoadSkillResult {
  const { entries } = found;
  let { skillFile } = found;
  const { root } = located;
  const origin = originOf(located);
  let result: LoadSkillResult;
  try {
    if (!readBody) skillFile = withoutBody(skillFile ?? readSkillFile(directory, located));
    result = loadSkillSync(directory, {
      profile,
      origin,
      allowedRoots: located.allowedRoots,
      ...(entries === undefined ? {} : { entries }),
      ...(listFiles === undefined ? {} : { listFiles }),
      ...(skillFile === undefined ? {} : { skillFile }),
    });
  } catch (error) {
    return {
      ok: false,
      diagnostics: [
        {
          code: 'skill_load_failed',
          severity: 'error',
          message: `could not load the skill: ${(error as Error).message}`,
          file: directory,
        },
      ],
    };
  }
  if (!result.ok || root.sourceType !== 'extension' || root.sourceScope === undefined) return result;
  return { ...result, skill: withOwnerPrefix(result.skill, root.sourceScope) };
}

// One frozen origin per root, shared by its skills: 10,000 skills need not make 10,000 copies.
const origins = new WeakMap<LocatedSkillRoot, SkillOrigin>();

function originOf(located: LocatedSkillRoot): SkillOrigin {
  let origin = origins.get(located);
  if (origin === undefined) {
    const { root } = located;
    origin = Object.freeze({
      sourceType: root.sourceType,
      ...(root.sourceScope === undefined ? {} : { sourceScope: root.sourceScope }),
      sourceDir: root.directory,
    });
    origins.set(located, origin);
  }
  return origin;
}

type SkillFileRead = NonNullable<LoadSkillOptions['skillFile']>;

/** `SKILL.md` read the way `loadSkillSync` reads it; `undefined` leaves the failure to it. */
function readSkillFile(directory: string, located: LocatedSkillRoot): SkillFileRead | undefined {
  const read = readRegularFile(join(directory, SKILL_FILE_NAME), {
    maxBytes: MAX_SKILL_FILE_BYTES,
    allowedRoots: located.allowedRoots,
  });
  return read.ok ? read : undefined;
}

/** The read cut to its frontmatter, when it can be cut safely. */
function withoutBody(read: SkillFileRead | undefined): SkillFileRead | undefined {
  if (read === undefined) return undefined;
  const prefix = frontmatterPrefix(read.bytes);
  return prefix === undefined ? read : { ...read, bytes: prefix };
}

function withOwnerPrefix(skill: Skill, owner: string): Skill {
  const prefix = `${owner}:`;
  if (skill.id.startsWith(prefix)) return skill;
  return Object.freeze({ ...skill, id: prefix + skill.id });
}
