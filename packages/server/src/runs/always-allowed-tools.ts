import { type ApprovalRequest, approveToolCall, type RunState } from '@skilldock/agent/loop';
import { AlwaysAllowRules } from '@skilldock/agent/policy';
import { eq, sql } from 'drizzle-orm';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { conversations } from '../db/schema.js';

type Writer = SkilldockDatabase | SkilldockTransaction;

/** Adds `toolName` to the conversation's "always allow" rules, in one statement (no lost update). */
export async function rememberAlwaysAllowed(
  db: Writer,
  conversationId: string,
  toolName: string,
): Promise<void> {
  await db
    .update(conversations)
    .set({
      alwaysAllowedTools: sql`case when ${conversations.alwaysAllowedTools} @> jsonb_build_array(${toolName}::text)
        then ${conversations.alwaysAllowedTools}
        else ${conversations.alwaysAllowedTools} || jsonb_build_array(${toolName}::text) end`,
    })
    .where(eq(conversations.id, conversationId));
}

/** The conversation's "always allow" rules (none when it is gone). */
export async function alwaysAllowedTools(db: Writer, conversationId: string): Promise<readonly string[]> {
  const [row] = await db
    .select({ tools: conversations.alwaysAllowedTools })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return row?.tools ?? [];
}

/**
 * Answers every still-pending call of `state` that a rule covers with `allow`, and says which
 * (for the `approval-decision` events, `decidedBy: 'rule'`).
 */
export function applyAlwaysAllowed(
  state: RunState,
  tools: readonly string[],
): { readonly state: RunState; readonly allowed: readonly ApprovalRequest[] } {
  const answered = new Set(state.answers.map((answer) => answer.toolCallId));
  const rules = new AlwaysAllowRules(tools);
  const allowed = state.interruptions.filter(
    (request) => !answered.has(request.toolCallId) && rules.covers(request),
  );
  let next = state;
  for (const request of allowed) next = approveToolCall(next, request.toolCallId);
  return { state: next, allowed };
}

/** Whether every interruption of `state` has an answer. */
export function allAnswered(state: RunState): boolean {
  const answered = new Set(state.answers.map((answer) => answer.toolCallId));
  return state.interruptions.every((request) => answered.has(request.toolCallId));
}
