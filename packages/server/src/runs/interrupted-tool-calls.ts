import { type ApprovalRequest, callsWithoutResult, type RunState } from '@skilldock/agent/loop';
import type { AgentTool } from '@skilldock/agent/tools';

/**
 * The tool calls a resumed run must not simply run again (SPEC O1): the calls of the checkpoint's
 * last turn that have no result and may have been in flight when the worker was lost, whose tool
 * changes something (not `read`). Each becomes an approval request marked `resumeInterrupted`,
 * so the user decides whether to run it again ("interrupted — run again?"). A read-only call, a
 * call a user already denied (its result is the refusal) and a call to a tool the host does not
 * declare (the skill session's own, or a name the model made up, which fails again the same way)
 * run again without asking. Every call without a result is counted as possibly in flight: the
 * checkpoint cannot tell a call that started from one that was about to.
 */
export function interruptedToolCalls(state: RunState, tools: readonly AgentTool[]): ApprovalRequest[] {
  const kinds = new Map(tools.map((tool) => [tool.name, tool.kind]));
  const denied = new Set(
    state.answers.filter((answer) => answer.decision === 'deny').map((answer) => answer.toolCallId),
  );
  const requests: ApprovalRequest[] = [];
  for (const call of callsWithoutResult(state.messages)) {
    const kind = kinds.get(call.name);
    if (kind === undefined || kind === 'read' || denied.has(call.id)) continue;
    requests.push({
      toolCallId: call.id,
      toolName: call.name,
      kind,
      input: parsedArguments(call.arguments),
      modes: [],
      resumeInterrupted: true,
    });
  }
  return requests;
}

/** The call's arguments as JSON when they parse, else the text as the model sent it. */
function parsedArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
