/**
 * What the chat shows of a turn, whether it comes from the stored messages (history) or from a
 * run's live events: the user's prompt, the assistant's text, tool calls with their results and
 * approvals, skill activations, sub-agents with their own items, and notices.
 */

/** How a tool call stands: running, waiting for the user, or how it ended. */
export type ToolStatus = 'running' | 'waiting' | 'done' | 'failed' | 'refused' | 'denied' | 'cancelled';

/** Why an answer is partial: its run failed, or was stopped. */
export type PartialReason = 'failed' | 'cancelled';

/**
 * The items with the last text item marked partial for `reason` (none when there is no text), or
 * every mark cleared when `reason` is undefined (the run goes on).
 */
export function markPartial(items: readonly ChatItem[], reason: PartialReason | undefined): ChatItem[] {
  const last = reason === undefined ? -1 : items.findLastIndex((item) => item.kind === 'text');
  return items.map((item, index) => {
    if (item.kind !== 'text') return item;
    if (index === last) return { ...item, partial: reason };
    if (item.partial === undefined) return item;
    const { partial: _partial, ...unmarked } = item;
    return unmarked;
  });
}

/** Who answered a tool call's approval, and how. */
export interface ApprovalOutcome {
  readonly decision: 'allow' | 'deny';
  /** `user` (once), `rule` ("always allow" of the conversation), `policy` (the modes alone). */
  readonly decidedBy: string;
  readonly always: boolean;
  readonly reason?: string;
}

/** A sub-agent that a delegation tool call ran, with what it did. */
export interface SubagentView {
  readonly agentId: string;
  readonly name: string;
  /** `running` until `subagent-end` says `completed`, `cancelled` or `failed`. */
  readonly status: string;
  readonly finalText?: string;
  readonly error?: { readonly code: string; readonly message: string };
  readonly items: readonly ChatItem[];
}

/** One thing shown in a turn. `key` is stable while the turn grows. */
export type ChatItem =
  | { readonly kind: 'user'; readonly key: string; readonly text: string }
  | {
      readonly kind: 'text';
      readonly key: string;
      readonly text: string;
      readonly streaming: boolean;
      /** The answer stopped here: the run failed or was stopped (issue 25). */
      readonly partial?: PartialReason;
    }
  | {
      readonly kind: 'tool';
      readonly key: string;
      readonly toolCallId: string;
      readonly name: string;
      /** The arguments as the model wrote them (JSON text), or the parsed input of an approval. */
      readonly input: string;
      readonly status: ToolStatus;
      readonly result?: string;
      readonly approval?: ApprovalOutcome;
      readonly subagent?: SubagentView;
    }
  | { readonly kind: 'skill'; readonly key: string; readonly skillId: string }
  | { readonly kind: 'notice'; readonly key: string; readonly text: string };

/** The tool the model calls to activate a skill: shown as a skill activation, not a tool call. */
export const ACTIVATE_SKILL_TOOL = 'activate_skill';

/** The skill an `activate_skill` call names, from its JSON arguments (undefined when unreadable). */
export function skillOfActivation(argumentsText: string): string | undefined {
  try {
    const parsed = JSON.parse(argumentsText) as { name?: unknown };
    return typeof parsed.name === 'string' ? parsed.name : undefined;
  } catch {
    return undefined;
  }
}

/** An approval's input as text for a tool item (the same form as a call's arguments). */
export function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  try {
    return JSON.stringify(input) ?? '';
  } catch {
    return String(input);
  }
}
