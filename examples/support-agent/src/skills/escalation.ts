import { defineSkill } from '@skilldock/agent/harness';

/**
 * Declared in code: short, and only mounted once the conversation is escalated (see
 * `support-agent.ts`). `defineSkill` validates it now; a SKILL.md is written only if something
 * reads `/.skills/escalation/SKILL.md`.
 */
export const escalation = defineSkill({
  name: 'escalation',
  description:
    'Escalate unresolved cases to a human specialist. Use when the customer asks for a human or the issue is out of scope.',
  instructions:
    'Summarise the case so far in three lines, tag it with the reason for escalation, and hand it over with the `escalate_case` tool. Tell the customer a specialist will reply by email.',
  // The tool is declared from the first turn (the prefix never changes) but runs only once this
  // skill is active (SPEC R6, stable gating).
  fields: { tool_dependencies: ['escalate_case'] },
});
