import { SKILL_FILE_NAME } from '../format/limits.js';
import type { Failure } from '../result.js';

/** Where the skill sits inside an extracted archive, or why no single skill was found. */
export type SkillRootLocation =
  | { readonly ok: true; readonly prefix: string }
  | Failure<'no_skill_file' | 'multiple_root_skills'>;

/**
 * Finds the one skill of an archive from its entry paths: a `SKILL.md` at the root (prefix `''`),
 * or the single top-level entry being a folder with its own `SKILL.md` (prefix `<folder>`, as in
 * GitHub archives). Two or more root skills — several top folders each holding a `SKILL.md`, or a
 * root `SKILL.md` beside folders with their own — are refused, as is an archive with none.
 */
export function locateSkillRoot(
  files: ReadonlySet<string>,
  topLevelNames: ReadonlySet<string>,
): SkillRootLocation {
  const foldersWithSkills = [...topLevelNames]
    .filter((name) => files.has(`${name}/${SKILL_FILE_NAME}`))
    .sort();
  if (files.has(SKILL_FILE_NAME)) {
    if (foldersWithSkills.length > 0) {
      return {
        ok: false,
        code: 'multiple_root_skills',
        message: `the archive has a root ${SKILL_FILE_NAME} and folders with their own: ${foldersWithSkills.join(', ')}; import one skill at a time`,
      };
    }
    return { ok: true, prefix: '' };
  }
  if (foldersWithSkills.length > 1) {
    return {
      ok: false,
      code: 'multiple_root_skills',
      message: `the archive holds several skills (${foldersWithSkills.join(', ')}); import one skill at a time`,
    };
  }
  const [only] = foldersWithSkills;
  if (only !== undefined && topLevelNames.size === 1) return { ok: true, prefix: only };
  return {
    ok: false,
    code: 'no_skill_file',
    message:
      only === undefined
        ? `the archive has no ${SKILL_FILE_NAME} at its root or in a single top folder`
        : `the archive's skill folder '${only}' sits beside other top-level entries; put ${SKILL_FILE_NAME} at the root or in the only top folder`,
  };
}
