import {
  ACTIVATE_SKILL_TOOL,
  type ApprovalOutcome,
  type ChatItem,
  markPartial,
  type PartialReason,
  type SubagentView,
  skillOfActivation,
  type ToolStatus,
} from './chat-items';

/** A stored conversation message as the server answers it (the agent package's shape). */
export type StoredMessage =
  | { readonly role: 'user'; readonly content: string; readonly origin?: 'prompt' | 'signal' }
  | {
      readonly role: 'assistant';
      readonly content: string;
      readonly toolCalls?: readonly {
        readonly id: string;
        readonly name: string;
        readonly arguments: string;
      }[];
    }
  | {
      readonly role: 'tool';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly content: string;
      readonly isError: boolean;
    };

/** The run facts a turn shows (a subset of the API's `Run`). */
export interface TurnRun {
  readonly id: string;
  readonly prompt: string;
  readonly status: string;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly pendingApprovals: readonly { toolCallId: string; toolName: string; input?: unknown }[];
  /** Set when the run failed or was stopped; `text` is what it streamed but did not store. */
  readonly partial?: { readonly reason: PartialReason; readonly text: string | null } | null;
}

/** How one of a run's approvals was answered (the conversation answer's `approvalDecisions`). */
export interface StoredDecision {
  readonly runId: string;
  readonly toolCallId: string;
  readonly decision: 'allow' | 'deny';
  readonly decidedBy: string;
  readonly always: boolean;
  readonly reason?: string;
}

/**
 * A delegation's sub-agent as the conversation answer lists it (`subagentCalls`): how it ended and
 * its transcript, the task first.
 */
export interface StoredSubagentCall {
  readonly runId: string;
  readonly toolCallId: string;
  readonly agentId: string;
  readonly name: string;
  readonly status: string;
  readonly finalText: string;
  readonly messages: readonly unknown[];
  readonly error?: { readonly code: string; readonly message: string };
}

/** What {@link conversationTurns} draws from: the conversation answer's lists. */
export interface StoredConversation<Run extends TurnRun = TurnRun> {
  readonly messages: readonly unknown[];
  /** The run that stored `messages[i]` (null when that run was deleted). */
  readonly messageRunIds: readonly (string | null)[];
  readonly runs: readonly Run[];
  readonly approvalDecisions?: readonly StoredDecision[];
  readonly subagentCalls?: readonly StoredSubagentCall[];
}

/** One prompt and what answered it: from a run (most turns) or from messages whose run is gone. */
export interface ChatTurn<Run extends TurnRun = TurnRun> {
  readonly key: string;
  readonly run: Run | undefined;
  readonly items: readonly ChatItem[];
}

/** How a stored tool result ended: the loop's words for a denial, else by its error flag. */
function statusOfResult(message: Extract<StoredMessage, { role: 'tool' }>): ToolStatus {
  if (message.isError && /^The user did not approve running /.test(message.content)) return 'denied';
  if (message.isError && /was cancelled|^Cancelled/i.test(message.content)) return 'cancelled';
  return message.isError ? 'failed' : 'done';
}

/** The chat items of stored messages, in order (signal messages the host appended are left out). */
export function itemsOfMessages(messages: readonly StoredMessage[], keyPrefix: string): ChatItem[] {
  const items: ChatItem[] = [];
  messages.forEach((message, index) => {
    const key = `${keyPrefix}-${index}`;
    if (message.role === 'user') {
      if (message.origin !== 'signal') items.push({ kind: 'user', key, text: message.content });
      return;
    }
    if (message.role === 'assistant') {
      if (message.content !== '') items.push({ kind: 'text', key, text: message.content, streaming: false });
      for (const call of message.toolCalls ?? []) {
        if (call.name === ACTIVATE_SKILL_TOOL) {
          const skillId = skillOfActivation(call.arguments);
          if (skillId !== undefined) items.push({ kind: 'skill', key: `skill-${call.id}`, skillId });
          continue;
        }
        items.push({
          kind: 'tool',
          key: `tool-${call.id}`,
          toolCallId: call.id,
          name: call.name,
          input: call.arguments,
          status: 'running',
        });
      }
      return;
    }
    const at = items.findIndex((item) => item.kind === 'tool' && item.toolCallId === message.toolCallId);
    if (at < 0) return;
    const tool = items[at] as Extract<ChatItem, { kind: 'tool' }>;
    items[at] = { ...tool, status: statusOfResult(message), result: message.content };
  });
  return items;
}

/** One tool call of one run as a map key (call ids are only unique within their run). */
const callKey = (runId: string, toolCallId: string) => `${runId}\u0000${toolCallId}`;

/**
 * What a stored sub-agent shows inside its delegation call: its transcript's answers and tool
 * calls (the task is the call's input, so it is not repeated), calls it left without a result
 * marked cancelled (it has ended).
 */
function subagentView(call: StoredSubagentCall, keyPrefix: string): SubagentView {
  const items = itemsOfMessages(call.messages as StoredMessage[], keyPrefix)
    .filter((item) => item.kind !== 'user')
    .map((item) =>
      item.kind === 'tool' && item.status === 'running' ? { ...item, status: 'cancelled' as const } : item,
    );
  return {
    agentId: call.agentId,
    name: call.name,
    status: call.status,
    finalText: call.finalText,
    ...(call.error === undefined ? {} : { error: call.error }),
    items,
  };
}

/**
 * The turns of a stored conversation: each run (oldest first) with the messages it stored, its
 * prompt shown even when it stored none (a run that failed before it began); messages of runs no
 * longer listed come first, one turn per prompt. Calls without a result are `running` here; the
 * page marks them from the run's state (waiting for approval, or ended without a result). A
 * delegation call carries its sub-agent with what it did, and an answered approval its answer.
 */
export function conversationTurns<Run extends TurnRun>({
  messages: storedMessages,
  messageRunIds,
  runs,
  approvalDecisions = [],
  subagentCalls = [],
}: StoredConversation<Run>): ChatTurn<Run>[] {
  const messages = storedMessages as readonly StoredMessage[];
  const subagents = new Map(subagentCalls.map((call) => [callKey(call.runId, call.toolCallId), call]));
  const answers = new Map<string, ApprovalOutcome>();
  for (const decision of approvalDecisions) {
    const key = callKey(decision.runId, decision.toolCallId);
    // The first answer stands (an older server repeated it when the run resumed).
    if (answers.has(key)) continue;
    answers.set(key, {
      decision: decision.decision,
      decidedBy: decision.decidedBy,
      always: decision.always || decision.decidedBy === 'rule',
      ...(decision.reason === undefined ? {} : { reason: decision.reason }),
    });
  }
  const byRun = new Map<string, StoredMessage[]>();
  const orphans: StoredMessage[][] = [];
  const listed = new Set(runs.map((run) => run.id));
  messages.forEach((message, index) => {
    const runId = messageRunIds[index] ?? null;
    if (runId !== null && listed.has(runId)) {
      const list = byRun.get(runId) ?? [];
      list.push(message);
      byRun.set(runId, list);
      return;
    }
    if (message.role === 'user' && message.origin !== 'signal') orphans.push([]);
    if (orphans.length === 0) orphans.push([]);
    orphans.at(-1)!.push(message);
  });
  const turns: ChatTurn<Run>[] = orphans.map((group, index) => ({
    key: `earlier-${index}`,
    run: undefined,
    items: itemsOfMessages(group, `earlier-${index}`),
  }));
  for (const run of runs) {
    const items = itemsOfMessages(byRun.get(run.id) ?? [], run.id);
    const settled = items.map((stored) => {
      if (stored.kind !== 'tool') return stored;
      const key = callKey(run.id, stored.toolCallId);
      const approval = answers.get(key);
      const subagent = subagents.get(key);
      const item = {
        ...stored,
        ...(approval === undefined ? {} : { approval }),
        ...(subagent === undefined ? {} : { subagent: subagentView(subagent, `${stored.key}-subagent`) }),
      };
      if (item.status !== 'running') return item;
      if (run.pendingApprovals.some((pending) => pending.toolCallId === item.toolCallId))
        return { ...item, status: 'waiting' as const };
      return run.status === 'running' || run.status === 'queued'
        ? item
        : { ...item, status: 'cancelled' as const };
    });
    if (!settled.some((item) => item.kind === 'user'))
      settled.unshift({ kind: 'user', key: `${run.id}-prompt`, text: run.prompt });
    const partial = run.partial ?? null;
    if (partial?.text != null && partial.text !== '')
      settled.push({ kind: 'text', key: `${run.id}-partial`, text: partial.text, streaming: false });
    turns.push({
      key: run.id,
      run,
      items: partial === null ? settled : markPartial(settled, partial.reason),
    });
  }
  return turns;
}
