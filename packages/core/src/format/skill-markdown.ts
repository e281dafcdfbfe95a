import { stringify } from 'yaml';
import type { ParsedSkill } from './types.js';

// Serialised once per skill value, when first asked for: defining a skill costs no YAML.
const serialised = new WeakMap<ParsedSkill, string>();

/**
 * The SKILL.md text of a skill held in memory (`defineSkill`, a bundled import): spec-valid
 * frontmatter written from the skill's own fields in their authored order, then the instructions.
 * Computed when first needed (a model reading `/.skills/<id>/SKILL.md`, a packager) and cached for
 * that value; `parseSkill` of the result gives the same name, description and body.
 * @example skillMarkdown(defineSkill({ name: 'refunds', description: '…', instructions: '1. …' }));
 */
export function skillMarkdown(skill: ParsedSkill): string {
  const known = serialised.get(skill);
  if (known !== undefined) return known;
  const frontmatter = { name: skill.name, description: skill.description, ...skill.frontmatter };
  frontmatter.name = skill.name;
  frontmatter.description = skill.description;
  // Plain block YAML, strings quoted where needed; no anchors, no line folding.
  const yaml = stringify(frontmatter, { lineWidth: 0, aliasDuplicateObjects: false });
  const text = `---\n${yaml}---\n${skill.body}`;
  serialised.set(skill, text);
  return text;
}
