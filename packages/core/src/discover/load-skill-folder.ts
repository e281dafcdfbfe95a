import type { Dirent } from 'node:fs';
import { type LoadSkillOptions, loadSkillSync } from '../format/load-skill.js';
import type { LoadSkillResult, Skill, SkillOrigin } from '../format/types.js';
import type { LocatedSkillRoot } from './locate-skill-roots.js';

/** Options of {@link loadSkillFolder}. */
export interface LoadSkillFolderOptions {
  readonly profile?: 'spec' | 'lenient';
  /** The folder's entries when the walk already read them. */
  readonly entries?: readonly Dirent[];
  /** List the supporting files (default true). */
  readonly listFiles?: boolean;
  /** `SKILL.md` when the walk already read it. */
  readonly skillFile?: LoadSkillOptions['skillFile'];
}

/**
 * Loads one discovered skill folder with its origin and link policy, registering extension skills
 * as `<owner>:<id>` (SPEC S4) while keeping the authored name. Never throws: an unexpected failure
 * is a diagnostic.
 */
export function loadSkillFolder(
  directory: string,
  located: LocatedSkillRoot,
  { profile = 'lenient', entries, listFiles, skillFile }: LoadSkillFolderOptions = {},
): LoadSkillResult {
  const { root } = located;
  const origin: SkillOrigin = {
    sourceType: root.sourceType,
    ...(root.sourceScope === undefined ? {} : { sourceScope: root.sourceScope }),
    sourceDir: root.directory,
  };
  let result: LoadSkillResult;
  try {
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

function withOwnerPrefix(skill: Skill, owner: string): Skill {
  const prefix = `${owner}:`;
  if (skill.id.startsWith(prefix)) return skill;
  return Object.freeze({ ...skill, id: prefix + skill.id });
}
