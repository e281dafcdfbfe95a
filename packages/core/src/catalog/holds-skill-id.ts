import { isLegalSkillName } from '../format/skill-id.js';
import type { Skill } from '../format/types.js';

/**
 * Whether a skill holds its id against others with the same id (SPEC D1, S4). It does when the
 * id is its own: declared in the session, an explicit `slug`, or derived from a legal name. A skill
 * loaded leniently under an illegal name (`PDF Tools` → `pdf-tools`) holds its derived id only when
 * no skill that holds it competes: an invalid skill never takes the id from a valid one, whatever
 * their sources.
 * @example holdsSkillId(pdfToolsWithASpace) // false
 */
export function holdsSkillId(skill: Skill): boolean {
  return (
    skill.origin.sourceType === 'session' || skill.fields.slug !== undefined || isLegalSkillName(skill.name)
  );
}
