/**
 * The SKILL.md of a new skill (issue 24 item 3): the name and description in the frontmatter —
 * as YAML double-quoted scalars (JSON strings are valid ones), so a colon, quote or `#` typed into
 * the form stays text — and a body to fill in.
 * @example newSkillMarkdown('文档整理', 'Tidies documents. Use it for reports.')
 */
export function newSkillMarkdown(name: string, description: string): string {
  const title = name.trim().replace(/\s+/g, ' ');
  const summary = description.trim().replace(/\s+/g, ' ');
  return [
    '---',
    `name: ${JSON.stringify(title)}`,
    `description: ${JSON.stringify(summary)}`,
    '---',
    '',
    `# ${title}`,
    '',
    '## When to use',
    '',
    summary,
    '',
    '## Steps',
    '',
    '1. Describe the first step.',
    '',
  ].join('\n');
}
