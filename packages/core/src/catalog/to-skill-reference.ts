import type { Skill } from '../format/types.js';
import type { SkillReference } from './types.js';

/** A small, frozen pointer to a skill, as recorded in `overrides` and `shadowedBy`. */
export function toSkillReference(skill: Skill): SkillReference {
  const { sourceType, sourceScope, sourceDir } = skill.origin;
  return Object.freeze({
    id: skill.id,
    name: skill.name,
    sourceType,
    ...(sourceScope === undefined ? {} : { sourceScope }),
    ...(sourceDir === undefined ? {} : { sourceDir }),
    ...(skill.directory === undefined ? {} : { directory: skill.directory }),
  });
}
