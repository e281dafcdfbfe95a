import { stringify } from 'yaml';

/**
 * The SKILL.md written by `skilldock skills new <name>` (SPEC S5): valid under the `spec` profile,
 * with the sections a good skill has.
 */
export function createSkillTemplate(name: string, description?: string): string {
  const frontmatter = stringify(
    {
      name,
      description:
        description ?? `Describe what ${name} does and when to use it (e.g. "Use when the user asks to …").`,
    },
    { lineWidth: 0 },
  );
  return `---
${frontmatter}---

# ${name}

## When to use

Describe the situations and requests this skill is for.

## Procedure

1. First step.
2. Second step.

## Pitfalls

- What to avoid, and what to check before finishing.
`;
}
