import { formatDiagnostic, parseSkill, SKILL_FILE_NAME } from '@skilldock/core/format';

/** The sections every learned skill has, in this order (SPEC L1). */
export const LEARNED_SKILL_SECTIONS = ['When to use', 'Procedure', 'Pitfalls'] as const;

/**
 * What keeps a learned `SKILL.md` text from being kept (SPEC L1), empty when nothing does: the
 * `spec` profile's errors (the name equals the folder name, a description, …), `source: learned`,
 * a description that says when to use the skill, and the sections "When to use", "Procedure" and
 * "Pitfalls" as Markdown headings. Each problem is one line a person or the model can act on.
 * @example checkLearnedSkill(text, 'learned-skill-deploy') // [] when it may be kept
 */
export function checkLearnedSkill(
  text: string,
  folderName: string,
  { takenNames = [] }: { takenNames?: readonly string[] } = {},
): string[] {
  const parsed = parseSkill(text, { profile: 'spec', folderName, file: `${folderName}/${SKILL_FILE_NAME}` });
  const problems = parsed.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => formatDiagnostic(diagnostic));
  if (!parsed.ok) return problems;
  const { skill } = parsed;
  if (skill.fields.source !== 'learned') problems.push('the frontmatter must say "source: learned"');
  if (takenNames.includes(skill.name)) problems.push(`the name ${skill.name} is taken by another skill`);
  if (!/\bwhen\b/i.test(skill.description)) {
    problems.push('the description must say when to use the skill ("… Use when …")');
  }
  const headings = [...skill.body.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)].map((match) =>
    match[1]!.trim().toLowerCase(),
  );
  for (const section of LEARNED_SKILL_SECTIONS) {
    if (!headings.includes(section.toLowerCase())) problems.push(`the body needs a "## ${section}" section`);
  }
  return problems;
}
