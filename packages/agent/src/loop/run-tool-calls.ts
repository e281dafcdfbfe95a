import type { ModelToolCall, ToolResultMessage } from '../model/conversation.js';
import type { AgentEvent } from './agent-event.js';
import {
  pendingApproval,
  prepareToolCall,
  type RunnableCall,
  settled,
  type ToolCallExecution,
} from './prepare-tool-call.js';
import { redactSecrets } from './redact-secrets.js';
import type { ApprovalRequest } from './run-context.js';
import type { ToolCallEnvironment } from './tool-call-environment.js';

/** The results of the calls that ran (each already handed to `appendResult`), and the approvals that stopped the rest (if any). */
export interface ToolCallsOutcome {
  readonly results: ToolResultMessage[];
  /**
   * Every call from the first one that waits for an approval on, that needs one too; the calls
   * from that first one on have no result yet (a resumed run runs them).
   */
  readonly interruptions: readonly ApprovalRequest[];
}

/**
 * Run one turn's tool calls (SPEC G2): consecutive read-only calls run together, every other call
 * alone and in order; results come back in the order of the calls. After a cancellation each
 * remaining call still gets a result, so the conversation stays valid for the next turn. In an
 * interrupting run, the first call that waits for an approval stops the turn there.
 */
export async function* runToolCalls(
  calls: readonly ModelToolCall[],
  environment: ToolCallEnvironment,
): AsyncGenerator<AgentEvent, ToolCallsOutcome> {
  const results: ToolResultMessage[] = [];
  const { turn, signal } = environment;
  // Two reads of one SKILL.md side by side both see it become active; it is reported once.
  const activated = new Set<string>();
  let index = 0;
  while (index < calls.length) {
    let end = index + 1;
    if (isReadOnly(calls[index]!, environment)) {
      while (end < calls.length && isReadOnly(calls[end]!, environment)) end++;
    }
    const group = calls.slice(index, end);
    const first = index;
    index = end;
    const prepared: (RunnableCall | ToolCallExecution)[] = [];
    for (const call of group) {
      if (!environment.announced.has(call.id)) {
        environment.announced.add(call.id);
        yield { type: 'tool-call-start', turn, toolCall: call };
      }
      const entry = signal.aborted
        ? settled('cancelled', environment.cancelMessage('before it ran'))
        : yield* prepareToolCall(call, environment);
      if (entry.kind === 'interrupt') {
        // Calls asked for approval wait alone, never beside others: the group is this call.
        const later: ApprovalRequest[] = [];
        for (const next of calls.slice(first + 1)) {
          const request = await pendingApproval(next, environment);
          if (request !== undefined) later.push(request);
        }
        return { results, interruptions: [entry.request, ...later] };
      }
      prepared.push(entry);
    }
    const executions = await Promise.all(
      prepared.map((entry) =>
        entry.kind === 'done'
          ? entry
          : signal.aborted
            ? settled('cancelled', environment.cancelMessage('before it ran'))
            : entry.execute(),
      ),
    );
    // A run-aware tool that stopped at an approval (a bubbled subagent's) gets no result yet.
    const stopped: ApprovalRequest[] = [];
    for (const [position, unscrubbed] of executions.entries()) {
      const call = group[position]!;
      if (unscrubbed.kind === 'interrupt') {
        yield { type: 'approval-request', request: unscrubbed.request };
        stopped.push(unscrubbed.request);
        continue;
      }
      // The one place results leave the tools: the model, events and transcripts all get this text.
      const execution = scrubbed(unscrubbed, environment.context.secrets);
      for (const event of execution.events) {
        if (event.type === 'skill-activate') {
          if (activated.has(event.skillId)) continue;
          activated.add(event.skillId);
        }
        yield event;
      }
      yield {
        type: 'tool-call-end',
        turn,
        toolCall: call,
        outcome: execution.outcome,
        result: execution.result,
      };
      const message: ToolResultMessage = {
        role: 'tool',
        toolCallId: call.id,
        toolName: call.name,
        content: execution.result.content,
        isError: execution.result.isError,
      };
      results.push(message);
      await environment.appendResult(message);
    }
    if (stopped.length > 0) {
      for (const next of calls.slice(end)) {
        const request = await pendingApproval(next, environment);
        if (request !== undefined) stopped.push(request);
      }
      return { results, interruptions: stopped };
    }
  }
  return { results, interruptions: [] };
}

function scrubbed(execution: ToolCallExecution, secrets: ReadonlyMap<string, string>): ToolCallExecution {
  const { result } = execution;
  const content = redactSecrets(result.content, secrets);
  // The notice (SPEC R2) may quote what the model sent, so it is scrubbed like the content.
  const notice = result.notice === undefined ? undefined : redactSecrets(result.notice, secrets);
  return content === result.content && notice === result.notice
    ? execution
    : { ...execution, result: { ...result, content, ...(notice === undefined ? {} : { notice }) } };
}

function isReadOnly(call: ModelToolCall, environment: ToolCallEnvironment): boolean {
  return (
    !environment.sessionToolNames.has(call.name) && environment.toolsByName.get(call.name)?.kind === 'read'
  );
}
