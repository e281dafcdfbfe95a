import path from 'node:path';
import type { CatalogSkill, CatalogSnapshot } from '../catalog/types.js';
import { SKILL_FILE_NAME } from '../format/limits.js';
import { isSkillVirtualPath, parseSkillVirtualPath } from './skill-virtual-path.js';

/**
 * The catalog skill whose `SKILL.md` is `filePath` (SPEC R5): an absolute real path equal to the
 * skill file, or the virtual `/.skills/<id>/SKILL.md`. Relative paths and other files give undefined.
 */
export function skillOfFile(
  catalog: Pick<CatalogSnapshot, 'get' | 'skills'>,
  filePath: string,
): CatalogSkill | undefined {
  if (isSkillVirtualPath(filePath)) {
    const parsed = parseSkillVirtualPath(filePath);
    if (!parsed.ok) return undefined;
    const match = parsed.candidates.find((candidate) => candidate.file === SKILL_FILE_NAME);
    return match === undefined ? undefined : catalog.get(match.skillId);
  }
  if (!path.isAbsolute(filePath)) return undefined;
  const absolute = path.resolve(filePath);
  return catalog.skills.find(
    (skill) => skill.skillFile !== undefined && path.resolve(skill.skillFile) === absolute,
  );
}
