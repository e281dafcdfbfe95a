import { escapeXml } from '../catalog/escape-xml.js';
import type { Skill } from '../format/types.js';
import { skillVirtualPath } from './skill-virtual-path.js';

/** The files a skill offers to read, with the exact virtual path of each (SPEC R2, R4). */
export function skillResourcePaths(skill: Skill): string[] {
  const files = skill.inlineFiles
    ? Object.keys(skill.inlineFiles).sort()
    : skill.files.map((file) => file.path);
  return files.map((file) => skillVirtualPath(skill.id, file));
}

/** Where a skill lives: its real folder, or its virtual folder for inline skills. */
export function skillBaseDirectory(skill: Skill): string {
  return skill.directory ?? skillVirtualPath(skill.id);
}

/**
 * What the model receives when a skill activates (SPEC R2): the instructions, the base directory,
 * and every supporting file with the exact path that reads it. `resourceTool` says whether the
 * session declares `read_skill_resource` (R1 decides that once, at session start).
 */
export function formatActivationBrief(skill: Skill, { resourceTool }: { resourceTool: boolean }): string {
  const lines = [
    `<skill_instructions id="${escapeXml(skill.id)}" name="${escapeXml(skill.name)}">`,
    `Base directory: ${skillBaseDirectory(skill)}`,
    '',
    skill.body.trim(),
  ];
  const resources = skillResourcePaths(skill);
  if (resources.length > 0) {
    lines.push(
      '',
      resourceTool
        ? 'Supporting files (read-only; read one with read_skill_resource, or your file-read tool, at exactly this path):'
        : 'Supporting files (read-only; read one with your file-read tool at exactly this path):',
      ...resources.map((resource) => `- ${resource}`),
    );
  }
  lines.push('</skill_instructions>');
  return lines.join('\n');
}

/** The reply to an unknown skill name (SPEC R2): not an error, it lists what the model can use. */
export function formatUnknownSkill(
  name: string,
  available: readonly { id: string; description: string }[],
): string {
  if (available.length === 0) return `There is no skill named "${name}", and no skills are available.`;
  return [
    `There is no skill named "${name}". Available skills:`,
    ...available.map((skill) => `- ${skill.id}: ${skill.description}`),
  ].join('\n');
}

/**
 * The UI notice of an unknown skill name (SPEC R2): the name JSON-quoted (control characters
 * escaped) and cut to 64 characters, since it is whatever the model sent.
 */
export function unknownSkillNotice(name: string): string {
  const shown = name.length > 64 ? `${name.slice(0, 64)}…` : name;
  return `There is no skill named ${JSON.stringify(shown)}; the answer lists the available skills.`;
}
