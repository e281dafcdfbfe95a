import { createSkillSession, type ToolPermission } from '@skilldock/core/runtime';
import { createRunContext, type RunContext } from '../loop/run-context.js';
import type { ToolRunView } from '../loop/tool-run-view.js';
import { AGENT_CONTROL_TOOLS, ASK_USER_TOOL_NAME } from './subagent-tool-names.js';
import { matchesAnyToolPattern, type ToolPattern } from './tool-patterns.js';

/** Refusal a fork reads when it tries to start or steer an agent (SPEC A4). */
export const FORK_AGENT_REFUSAL =
  'A fork cannot start or steer other agents: do this work yourself, directly, with your other tools.';

/** Refusal a fork reads when it tries to ask the user (SPEC A4). */
export const FORK_QUESTION_REFUSAL =
  'A fork never asks the user. If you cannot go on without a decision, stop and report the blocker in your answer.';

/**
 * What a fork may execute (SPEC A4): never the agent tools or `ask_user_question`; with a
 * restriction (`fork_tools` or a profile), only what it covers (`[]`: nothing). The declarations
 * stay the parent's; this decides at execution.
 */
export function forkToolGate(
  restriction: { readonly patterns: readonly ToolPattern[]; readonly source: string } | undefined,
): (toolName: string) => ToolPermission {
  return (toolName) => {
    if (AGENT_CONTROL_TOOLS.has(toolName))
      return { allowed: false, reason: FORK_AGENT_REFUSAL, skillIds: [] };
    if (toolName === ASK_USER_TOOL_NAME)
      return { allowed: false, reason: FORK_QUESTION_REFUSAL, skillIds: [] };
    if (restriction === undefined || matchesAnyToolPattern(toolName, restriction.patterns))
      return { allowed: true };
    return {
      allowed: false,
      reason: `This fork may not run ${toolName}: ${restriction.source} allows ${restriction.patterns.length === 0 ? 'no tool calls at all' : 'only the tools it lists'}. Work with those, or report what you could not do.`,
      skillIds: [],
    };
  };
}

/**
 * A fork's own immutable context (SPEC A4): the parent's tools, model, modes, limits and folder,
 * sending the parent's exact system prompt and declarations (`requestPrefix`) so the provider's
 * prompt cache is shared; execution gated by {@link forkToolGate}; nobody to ask (a call that
 * needs approval is denied, a question refused). A skill session of its own over the parent's
 * catalog runs `activate_skill` for it.
 */
export async function forkContext(
  parent: ToolRunView,
  toolGate: (toolName: string) => ToolPermission,
  drainInbox: () => readonly string[],
): Promise<RunContext> {
  const context = parent.context;
  const parentSession = context.skillSession;
  const skillSession =
    parentSession === undefined
      ? undefined
      : await createSkillSession({
          catalog: parentSession.catalog,
          mode: parentSession.mode,
          baseTools: parentSession.baseTools,
        });
  return createRunContext({
    cwd: context.cwd,
    model: context.model,
    tools: context.tools,
    ...(skillSession === undefined ? {} : { skillSession }),
    skillReadTools: context.skillReadTools,
    systemPrompt: context.systemPrompt,
    requestPrefix: { system: parent.system, tools: parent.tools },
    toolGate,
    drainInbox,
    approvalModes: context.approvalModes,
    limits: { maxTurns: context.limits.maxTurns },
    readOnlyRoots: context.readOnlyRoots,
    secrets: context.secrets,
    ...(context.maxOutputTokens === undefined ? {} : { maxOutputTokens: context.maxOutputTokens }),
  });
}
