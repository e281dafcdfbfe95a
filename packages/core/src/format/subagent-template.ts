import { stringify } from 'yaml';
import type { APPROVAL_MODES } from './subagent-schema.js';

/** What {@link createSubagentTemplate} writes; only `name` is required. */
export interface SubagentTemplateInput {
  readonly name: string;
  readonly description?: string;
  /** Tool names, or `'*'`; omitted: the default tool set. */
  readonly tools?: readonly string[] | '*';
  /** A model selector; omitted or `inherit`: the field is left out. */
  readonly model?: string;
  readonly approvalMode?: (typeof APPROVAL_MODES)[number];
  /** The system prompt (the body); a starting prompt when omitted. */
  readonly prompt?: string;
}

/**
 * The agent file written by `skilldock agents new` and `/agents create` (SPEC S6, A8): YAML written
 * by a real serializer (so a description with `:` or `#` stays one string), valid under
 * `parseSubagent` whenever the name and description are.
 * @example createSubagentTemplate({ name: 'reviewer', tools: ['read_file', 'grep'] })
 */
export function createSubagentTemplate({
  name,
  description,
  tools,
  model,
  approvalMode,
  prompt,
}: SubagentTemplateInput): string {
  const frontmatter = stringify(
    {
      name,
      description:
        description ??
        `Describe what ${name} is for and when to delegate to it (e.g. "Use after code changes").`,
      ...(model === undefined || model === 'inherit' ? {} : { model }),
      ...(approvalMode === undefined ? {} : { approvalMode }),
      ...(tools === undefined ? {} : { tools: tools === '*' ? '*' : [...tools] }),
    },
    { lineWidth: 0 },
  );
  const body =
    prompt?.trim() ||
    `You are ${name}. Describe the role, the steps to follow, and what the final answer must contain.`;
  return `---\n${frontmatter}---\n\n${body}\n`;
}
