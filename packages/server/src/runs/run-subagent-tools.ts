import { type AgentEvent, type CallGate, type RunResult, runAgent } from '@skilldock/agent/loop';
import type { ConversationMessage } from '@skilldock/agent/model';
import { type ApprovalMode, decideCombinedApproval } from '@skilldock/agent/policy';
import { cutAnswerFront, DEFAULT_ANSWER_BUDGET } from '@skilldock/agent/subagents';
import {
  type AgentTool,
  defineRunAwareTool,
  errorResult,
  outsideRunResult,
  textResult,
} from '@skilldock/agent/tools';
import type { ToolResult } from '@skilldock/core/runtime';
import { z } from 'zod';
import { type AgentRecord, loadAgentRecord } from '../agents/agent-records.js';
import type { Viewer } from '../auth/principal.js';
import type { agents } from '../db/schema.js';
import { canOnAgent } from '../policy/agent-access.js';
import { type AgentRunServices, agentRunSetup } from './agent-run-setup.js';
import { MAX_PROMPT_LENGTH } from './max-prompt-length.js';
import { resolveRunSkills } from './resolve-run-skills.js';
import { errorFacts, type StoredRunEvent, toStoredEvent } from './stored-run-event.js';
import {
  type SubagentCall,
  subagentEndEvent,
  subagentNestedEvent,
  subagentStartEvent,
} from './subagent-events.js';
import { subagentToolNames } from './subagent-tool-name.js';

type AgentRow = typeof agents.$inferSelect;

/** The approval modes of platform runs (the loop's default): what a sub-agent would have to ask. */
const PLATFORM_APPROVAL_MODES: readonly ApprovalMode[] = ['default'];

/** Characters of a sub-agent's description shown in its tool's description. */
const DESCRIPTION_CHARACTERS = 500;

/** What a run's delegation tools need: the server, the user, the parent agent, the run and its events. */
export interface RunSubagentToolsInput {
  readonly services: AgentRunServices;
  readonly viewer: Viewer;
  readonly parent: AgentRow;
  /** The parent run: sub-agents work in its work folder. */
  readonly runId: string;
  /** The parent run's event stream (the run's `RunEventWriter`). */
  readonly events: { push(event: StoredRunEvent): void };
}

/** The delegation tools of a run, and how many listed sub-agents were left out. */
export interface RunSubagentTools {
  readonly tools: readonly AgentTool[];
  /** Listed sub-agents that do not exist or that the run's user may not read (never named). */
  readonly skipped: number;
}

/**
 * The parent's delegation tools (SPEC Y8, A3), one per sub-agent the agent lists that the run's
 * user may read now (`canOnAgent(viewer, 'read')`); a missing or unreadable one is only counted.
 * Depth 1: the tools are made for top-level runs only, so a sub-agent's own `subagents` are never
 * offered (a sub-agent is set up without delegation tools).
 */
export async function runSubagentTools(input: RunSubagentToolsInput): Promise<RunSubagentTools> {
  const readable: AgentRecord[] = [];
  let skipped = 0;
  for (const id of input.parent.subagents) {
    const record = await loadAgentRecord(input.services.db, id);
    if (record === null || !canOnAgent(input.viewer, 'read', record.access)) skipped++;
    else readable.push(record);
  }
  const names = subagentToolNames(readable.map((record) => record.row));
  return {
    tools: readable.map((record, index) => delegationTool(input, record.row, names[index]!)),
    skipped,
  };
}

const schema = z.object({
  task: z
    .string()
    .min(1)
    .max(MAX_PROMPT_LENGTH)
    .describe(
      'The whole task, with everything the agent needs: it does not see this conversation. Files it should read or write are in the work folder you share.',
    ),
});

/**
 * Approvals in a sub-agent (SPEC G3): a platform run's approvals are stored interruptions of the
 * top-level run, which a call inside a tool call cannot be. So the simplest safe rule: a call the
 * platform's modes would ask about (edits, commands) is refused before it runs, with a result
 * saying the sub-agent cannot ask and the calling agent can do it itself (where the user is asked).
 * Anything else that would still ask (a write to a file that configures an agent) is denied by the
 * loop's headless rule, as no approval callback is given.
 */
function refuseWhatNeedsApproval(agentName: string): CallGate {
  return async ({ tool }) =>
    decideCombinedApproval(PLATFORM_APPROVAL_MODES, tool.kind) === 'allow'
      ? { allowed: true }
      : {
          allowed: false,
          reason: `The tool ${tool.name} was not run: it needs the user's approval, and ${JSON.stringify(agentName)} runs as a sub-agent, which cannot ask for one. Finish without it and say in your answer what is left to do: the calling agent can run it itself, asking the user.`,
          skillIds: [],
        };
}

function describe(agent: AgentRow): string {
  const about = agent.description.trim().slice(0, DESCRIPTION_CHARACTERS);
  return [
    `Delegate a task to the agent ${JSON.stringify(agent.name)}${about === '' ? '' : `: ${about}`}`,
    'It works in its own context with its own instructions, model, skills and tools, in this run’s work folder, and returns only its final answer.',
    'It cannot ask the user for approval, so it does not edit files or run commands: do those yourself.',
  ].join('\n');
}

/** One sub-agent as a tool of the parent run; see {@link runSubagent} for what a call does. */
function delegationTool(input: RunSubagentToolsInput, agent: AgentRow, name: string): AgentTool {
  return defineRunAwareTool({
    name,
    description: describe(agent),
    // Starting it needs no approval: what it may do without one is what the parent may (reads).
    kind: 'read',
    schema,
    execute: async ({ task }, context, run) => {
      if (run === undefined) return outsideRunResult(name);
      return runSubagent(input, agent, run.toolCallId, task, context.signal);
    },
  });
}

/**
 * Runs one sub-agent call in this process (SPEC Y8): checks the user may still read the agent,
 * resolves its skills for the same user (`resolveRunSkills`) and sets up its own configuration
 * (`agentRunSetup`: its system prompt, model route, progressive skill session with its preloads
 * and bound skill, its listed sandboxed tools in the parent run's work folder), without
 * delegation tools (depth 1) and with {@link refuseWhatNeedsApproval}. The task is its prompt;
 * `signal` is the parent's tool call's, so cancelling the parent run (or stopping the worker)
 * cancels it; the parent's turn limit applies to it. Its events go to the parent's stream between
 * `subagent-start` and `subagent-end` (which carries its transcript, for the conversation's
 * history); its final text (cut from the front to the agent package's answer budget) is the
 * tool's result.
 */
async function runSubagent(
  input: RunSubagentToolsInput,
  listed: AgentRow,
  toolCallId: string,
  task: string,
  signal: AbortSignal,
): Promise<ToolResult> {
  const { services, viewer, events } = input;
  // Readable at the run's start, maybe not now: then nothing about it goes to the stream.
  const record = await loadAgentRecord(services.db, listed.id);
  if (record === null || !canOnAgent(viewer, 'read', record.access))
    return errorResult(
      'This sub-agent is no longer readable by the account that started the run; do the task yourself.',
    );
  const label = JSON.stringify(record.row.name);
  const call: SubagentCall = { toolCallId, agentId: record.row.id, name: record.row.name };
  events.push(subagentStartEvent(toolCallId, record.row.id, record.row.name));
  // Its transcript as it grows, so a failed or cancelled call keeps what it did.
  const messages: ConversationMessage[] = [];
  const fail = (error: unknown): ToolResult => {
    const facts = errorFacts(error);
    events.push(subagentEndEvent(call, { status: 'failed', finalText: '', messages, error: facts }));
    return errorResult(`The agent ${label} failed: ${facts.message}`);
  };
  let result: RunResult | undefined;
  let runError: Error | undefined;
  try {
    const projection = { db: services.db, content: services.content, logger: services.logger };
    const setup = await agentRunSetup(services, {
      viewer,
      agent: record.row,
      runId: input.runId,
      resolved: await resolveRunSkills(projection, viewer, record.row),
      interruptForApproval: false,
      callGate: refuseWhatNeedsApproval(record.row.name),
    });
    for (const message of setup.notices)
      events.push(subagentNestedEvent(toolCallId, { type: 'run-notice', data: { message } }));
    const loop = runAgent(
      setup.runContext,
      { prompt: task },
      { signal, onMessage: (message) => void messages.push(message) },
    );
    for (;;) {
      const next = await loop.next();
      if (next.done === true) {
        result = next.value;
        break;
      }
      const event: AgentEvent = next.value;
      // The end is `subagent-end`: its status, final text, stats and error are not repeated.
      if (event.type === 'run-error') runError = event.error;
      if (event.type === 'run-end' || event.type === 'run-error') continue;
      events.push(subagentNestedEvent(toolCallId, toStoredEvent(event)));
    }
  } catch (error) {
    if (signal.aborted) return cancelled(input, call, messages, result);
    return fail(runError ?? error);
  }
  if (result.status === 'cancelled' || signal.aborted) return cancelled(input, call, messages, result);
  if (result.status !== 'completed')
    return fail(runError ?? new Error(`The sub-agent stopped: ${result.status}`));
  events.push(
    subagentEndEvent(call, {
      status: 'completed',
      finalText: result.finalText,
      messages,
      stats: result.stats,
    }),
  );
  return result.finalText === ''
    ? textResult(`The agent ${label} finished without an answer.`)
    : textResult(cutAnswerFront(result.finalText, DEFAULT_ANSWER_BUDGET));
}

function cancelled(
  input: RunSubagentToolsInput,
  call: SubagentCall,
  messages: readonly ConversationMessage[],
  result: RunResult | undefined,
): ToolResult {
  input.events.push(
    subagentEndEvent(call, {
      status: 'cancelled',
      finalText: result?.finalText ?? '',
      messages,
      ...(result === undefined ? {} : { stats: result.stats }),
    }),
  );
  return errorResult(`The agent ${JSON.stringify(call.name)} was cancelled.`);
}
