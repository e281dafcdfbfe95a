import { parseSkill, SKILL_FILE_NAME } from '@skilldock/core/format';
import type { CheckedSkillWrite } from '../generated-skill-guard.js';

/**
 * The problems of a `SKILL.md` an auto-skill review wants to write (SPEC L2): it must parse and
 * validate, name its own folder, say `source: auto-skill` and carry `extracted_at`. Other files of
 * the skill pass. The review reads the problems and may try again; nothing invalid is written.
 */
export function checkAutoSkillContent(write: CheckedSkillWrite, content: string): string[] {
  if (write.file !== SKILL_FILE_NAME) return [];
  const parsed = parseSkill(content, {
    file: `${write.folderName}/${SKILL_FILE_NAME}`,
    folderName: write.folderName,
  });
  const problems = parsed.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => `${diagnostic.code}: ${diagnostic.message}`);
  if (!parsed.ok) return problems.length > 0 ? problems : ['the file does not parse as a SKILL.md'];
  if (parsed.skill.fields.name !== write.folderName)
    problems.push(`name must be ${write.folderName}, the folder's name`);
  if (parsed.skill.fields.source !== 'auto-skill')
    problems.push('the frontmatter must say source: auto-skill');
  if (parsed.skill.fields.extractedAt === undefined)
    problems.push('the frontmatter must have extracted_at (an ISO time)');
  return problems;
}
