/**
 * The SKILL.md of a new agent-bound skill (issue 13 §2 "create a minimal guide"): named by its
 * id, with a fixed description, and a body the agent's editors fill in. The agent's name appears
 * only in the Markdown body (never in the YAML frontmatter, so no name can inject a field), with
 * line breaks and Markdown heading marks flattened.
 */
export function minimalGuideMarkdown(skillId: string, agentName: string): string {
  const shown = agentName.replace(/[\r\n\u2028\u2029]+/g, ' ').trim() || 'this agent';
  return [
    '---',
    `name: ${skillId}`,
    'description: How this agent works — its own conventions, checklists and examples. Preloaded on every run of the agent.',
    '---',
    `# Working guide for ${shown}`,
    '',
    'Write here what this agent should always know and follow: the conventions of its work,',
    'the steps it takes, and examples of good results. Put longer material in files next to',
    'this one (for example `references/checklist.md`) and say here when to read them.',
    '',
  ].join('\n');
}
