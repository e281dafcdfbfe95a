import type { AgentSettings } from '@skilldock/core/discover';
import { resolveSubagentModel } from './resolve-subagent-model.js';
import type { ResolvedSubagent } from './subagent-types.js';

/** The subagent type used when a call names none (SPEC A2). */
export const DEFAULT_SUBAGENT_TYPE = 'general-purpose';

/** The read-only tools the built-in `Explore` agent gets. */
export const EXPLORE_TOOLS: readonly string[] = ['read_file', 'ls', 'glob', 'grep'];

/**
 * The built-in subagents (SPEC A2, A9): `general-purpose` (the default type: the session's tools
 * and model), `Explore` (read-only tools, plan mode; model `agents.builtin.exploreModel`, default
 * `inherit`), and the executor-backed `claude-code` (`claude-agent-acp` over ACP) and `codex`
 * (`codex app-server --stdio`), both in the foreground by default. Frozen, in listing order.
 * @example builtinSubagents({ builtin: { exploreModel: 'fast' } }).find((agent) => agent.name === 'Explore')?.model // { kind: 'fast' }
 */
export function builtinSubagents(settings: AgentSettings = {}): readonly ResolvedSubagent[] {
  const base = { level: 'builtin', disallowedTools: [], diagnostics: [] } as const;
  return Object.freeze(
    [
      {
        ...base,
        name: DEFAULT_SUBAGENT_TYPE,
        description:
          'General-purpose agent for researching complex questions, searching code and doing multi-step tasks. Use it when a task needs several searches or steps you would rather not do in the main conversation.',
        systemPrompt:
          'You are a general-purpose agent working on one task for another agent. Do the task completely with the tools you have, then answer with what you found or did: concrete file paths, findings and results, no preamble. You cannot ask the user questions; if something blocks you, say what and why.',
        model: { kind: 'inherit' },
        background: true,
      },
      {
        ...base,
        name: 'Explore',
        description:
          'Fast, read-only agent for exploring a codebase: finding files by pattern, searching code for keywords, and answering questions about how the code works. Say how thorough to be.',
        systemPrompt:
          'You are a read-only exploration agent. Find files with glob and ls, search contents with grep, read what matters with read_file. Never try to change anything. Answer with the relevant file paths (and line numbers), what they contain, and a short explanation.',
        model: resolveSubagentModel(settings.builtin?.exploreModel),
        approvalMode: 'plan',
        tools: EXPLORE_TOOLS,
        background: true,
      },
      {
        ...base,
        name: 'claude-code',
        description:
          'Delegates the task to Claude Code (its own model and sign-in, through the claude-agent-acp adapter). Accepts further messages while its session lives.',
        systemPrompt: '',
        model: { kind: 'inherit' },
        background: false,
        executor: { kind: 'acp', command: 'claude-agent-acp' },
      },
      {
        ...base,
        name: 'codex',
        description:
          'Delegates one task to the Codex CLI (its own model and sign-in) and returns its final answer. Read-only unless the session allows edits.',
        systemPrompt: '',
        model: { kind: 'inherit' },
        background: false,
        executor: { kind: 'codex', command: 'codex' },
      },
    ].map((agent) => Object.freeze(agent as ResolvedSubagent)),
  );
}
