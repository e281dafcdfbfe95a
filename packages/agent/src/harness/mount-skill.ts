import { UserInputError } from '@skilldock/core/errors';
import {
  type BundledSkill,
  type DefineSkillInput,
  defineSkill,
  isBundledSkill,
  isSkillId,
  type Skill,
} from '@skilldock/core/format';

/**
 * What `useSkill` mounts: a skill imported from a SKILL.md through `@skilldock/build`, a
 * `defineSkill(...)` value, or a definition object written in the call.
 */
export type SkillMount = BundledSkill | Skill | DefineSkillInput;

/**
 * The session skill a mount stands for (SPEC I6). A definition object goes through core's
 * `defineSkill`; a skill value that is not a build plugin's is validated again the same way, so a
 * hand-made object cannot skip the name rules or smuggle in a folder on disk. Throws
 * `UserInputError` `invalid_skill_mount` (or `defineSkill`'s own errors).
 */
export function mountSkill(value: SkillMount): Skill {
  if (typeof value !== 'object' || value === null) throw invalidMount('a skill or a skill definition object');
  if (isBundledSkill(value)) return checkedInMemory(value);
  // A frozen value cannot change: validated once, it mounts as the same skill on every render, so
  // an unchanged agent hands the catalog the same objects and nothing is rebuilt.
  const known = validated.get(value);
  if (known !== undefined) return known;
  const skill = validate(value);
  if (Object.isFrozen(value)) validated.set(value, skill);
  return skill;
}

const validated = new WeakMap<object, Skill>();

function validate(value: Skill | DefineSkillInput): Skill {
  if ('instructions' in value) return defineSkill(value);
  if (typeof (value as Skill).body !== 'string' || typeof (value as Skill).name !== 'string') {
    throw invalidMount('an object with name, description and instructions');
  }
  const skill = checkedInMemory(value as Skill);
  const { name: _name, description: _description, ...fields } = skill.frontmatter;
  const files: Record<string, string> = {};
  for (const [path, content] of Object.entries(skill.inlineFiles ?? {})) {
    if (typeof content !== 'string') throw invalidMount(`text files (the file ${path} is not text)`);
    files[path] = content;
  }
  return defineSkill({
    name: skill.name,
    description: skill.description,
    instructions: skill.body,
    files,
    fields,
  });
}

// Mounted skills live in memory: one with a folder on disk did not come from code.
function checkedInMemory<T extends Skill>(skill: T): T {
  if (skill.directory !== undefined || skill.skillFile !== undefined) {
    throw invalidMount(
      'a skill held in memory (this one names a folder on disk; put it in .agents/skills instead)',
    );
  }
  if (typeof skill.id !== 'string' || !isSkillId(skill.id)) {
    throw invalidMount(
      `a skill whose id is a valid skill name (got ${JSON.stringify(String(skill.id)).slice(0, 80)})`,
    );
  }
  return skill;
}

function invalidMount(expected: string): UserInputError {
  return new UserInputError('invalid_skill_mount', `useSkill takes ${expected}.`, {
    details: { field: 'skill' },
  });
}
