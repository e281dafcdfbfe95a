import { type Failure, failure } from '@skilldock/core/errors';
import { createSkillSession } from '@skilldock/core/runtime';
import { createRunContext, type RunContext } from '../loop/run-context.js';
import type { ToolRunView } from '../loop/tool-run-view.js';
import type { ModelRoute } from '../model/model-provider.js';
import type { ApprovalMode } from '../policy/approval-mode.js';
import type { AgentTool } from '../tools/agent-tool.js';
import { fillPromptVariables } from './fill-prompt-variables.js';
import { AGENT_CONTROL_TOOLS, ASK_USER_TOOL_NAME } from './subagent-tool-names.js';
import type { ResolvedSubagent } from './subagent-types.js';
import { matchesAnyToolPattern, parseToolPatterns } from './tool-patterns.js';

/** Picks the model of a selector other than `inherit` (SPEC G1); the host's settings decide. */
export type SubagentModelResolver = (definition: ResolvedSubagent) => ModelRoute | Promise<ModelRoute>;

/** What a named run is built from. */
export interface NamedSubagentRun {
  readonly definition: ResolvedSubagent;
  readonly parent: ToolRunView;
  /** The folder it works in: the parent's, or a validated worktree (SPEC A6). */
  readonly cwd: string;
  readonly background: boolean;
  readonly resolveModel?: SubagentModelResolver;
  /**
   * Stop at a call that needs approval (`interruptForApproval`) instead of asking: a foreground
   * `bubble` agent whose parent's user answers through resumable interruptions (SPEC G3).
   */
  readonly interrupts?: boolean;
}

/** The tools a named subagent gets, or why its definition cannot run. */
export type SubagentTools =
  | { readonly ok: true; readonly tools: readonly AgentTool[] }
  | Failure<'invalid_subagent_definition'>;

/**
 * A named subagent's tools (SPEC A3, S6): the parent's tools, narrowed to `tools` when it lists
 * them (`*` or absent: all), then without `disallowedTools` (MCP patterns allowed in both). Tools
 * that start agents are never included, and `ask_user_question` only when listed by name.
 */
export function selectSubagentTools(
  definition: ResolvedSubagent,
  available: readonly AgentTool[],
): SubagentTools {
  const allow =
    definition.tools === undefined || definition.tools === '*'
      ? undefined
      : parseToolPatterns(definition.tools);
  if (allow !== undefined && !allow.ok)
    return failure('invalid_subagent_definition', `Its tools list is invalid: ${allow.message}`);
  const deny = parseToolPatterns(definition.disallowedTools);
  if (!deny.ok)
    return failure('invalid_subagent_definition', `Its disallowedTools list is invalid: ${deny.message}`);
  const listsAskUser = Array.isArray(definition.tools) && definition.tools.includes(ASK_USER_TOOL_NAME);
  const tools = available.filter(
    (tool) =>
      !AGENT_CONTROL_TOOLS.has(tool.name) &&
      (tool.name !== ASK_USER_TOOL_NAME || listsAskUser) &&
      (allow === undefined || matchesAnyToolPattern(tool.name, allow.patterns)) &&
      !matchesAnyToolPattern(tool.name, deny.patterns),
  );
  return { ok: true, tools };
}

/**
 * The approval modes of a subagent (SPEC G3): its own mode added to the parent's, so the stricter
 * decision always wins; `bubble` takes the parent's modes as they are (the parent's policy and
 * user decide every approval).
 */
export function subagentApprovalModes(
  parentModes: readonly ApprovalMode[],
  own: ApprovalMode | undefined,
): readonly ApprovalMode[] {
  if (own === undefined || own === 'bubble' || parentModes.includes(own)) return parentModes;
  return [...parentModes, own];
}

/**
 * A named subagent's own immutable context (SPEC A3): its system prompt (the body with `${cwd}`,
 * `${project_root}`, `${agent_name}`, `${model}`, `${platform}` and `${date}` filled in), its
 * tools, model, combined approval modes and limits, and a skill session of its own over the
 * parent's catalog. A foreground run asks the parent's user; a background one only with `bubble`
 * (otherwise what needs approval is denied). With `interrupts` it stops at such a call instead. `drainInbox` delivers `send_message` input.
 */
export async function namedSubagentContext(
  run: NamedSubagentRun,
  tools: readonly AgentTool[],
  drainInbox: () => readonly string[],
): Promise<RunContext> {
  const { definition, parent } = run;
  const parentContext = parent.context;
  const model =
    definition.model.kind === 'inherit' || run.resolveModel === undefined
      ? parentContext.model
      : await run.resolveModel(definition);
  const parentSession = parentContext.skillSession;
  const skillSession =
    parentSession === undefined
      ? undefined
      : await createSkillSession({
          catalog: parentSession.catalog,
          mode: parentSession.mode,
          baseTools: parentSession.baseTools,
        });
  const forwardsApprovals = definition.approvalMode === 'bubble' || !run.background;
  const listsAskUser = tools.some((tool) => tool.name === ASK_USER_TOOL_NAME);
  const systemPrompt = fillPromptVariables(definition.systemPrompt, {
    cwd: run.cwd,
    project_root: parentContext.cwd,
    agent_name: definition.name,
    model: model.model,
    platform: process.platform,
    date: new Date().toISOString().slice(0, 10),
  });
  const hasReadFile = tools.some((tool) => tool.name === 'read_file' && tool.kind === 'read');
  return createRunContext({
    cwd: run.cwd,
    model,
    tools,
    ...(skillSession === undefined ? {} : { skillSession }),
    skillReadTools: hasReadFile && skillSession !== undefined ? ['read_file'] : [],
    systemPrompt,
    approvalModes: subagentApprovalModes(parentContext.approvalModes, definition.approvalMode),
    limits: {
      ...(definition.maxTurns === undefined ? {} : { maxTurns: definition.maxTurns }),
      ...(definition.maxTimeMs === undefined ? {} : { maxTimeMs: definition.maxTimeMs }),
    },
    readOnlyRoots: parentContext.readOnlyRoots,
    secrets: parentContext.secrets,
    drainInbox,
    ...(run.interrupts === true ? { interruptForApproval: true } : {}),
    ...(forwardsApprovals && parentContext.askApproval !== undefined
      ? { askApproval: parentContext.askApproval }
      : {}),
    ...(listsAskUser && parentContext.askUser !== undefined ? { askUser: parentContext.askUser } : {}),
  });
}
