/// <reference types="@skilldock/build/client" />

import {
  createHarness,
  type Harness,
  type HarnessOptions,
  useInstruction,
  useModel,
  useSkill,
  useState,
  useTool,
} from '@skilldock/agent/harness';
import { defineAgentTool, textResult } from '@skilldock/agent/tools';
import { z } from 'zod';
import { escalation } from './skills/escalation.js';
import refunds from './skills/refunds/SKILL.md';

const POLICY = 'Never promise a refund before the refunds skill says the order is eligible.';

/** Orders refunded by this process, for the demo (a real app calls its payment provider). */
export const refundedOrders: string[] = [];

/** Cases handed to a human by this process, for the demo. */
export const escalatedCases: { summary: string; reason: string }[] = [];

/**
 * A support agent: the `refunds` skill is imported from its folder (bundled by `@skilldock/build`),
 * and the `escalation` skill is unlocked mid-conversation once the model flags the case.
 */
export function SupportAgent(): string {
  useModel('anthropic:claude-haiku-4-5');
  const [escalated, setEscalated] = useState('escalated', false);
  useSkill(refunds);
  if (escalated) useSkill(escalation);
  useInstruction(POLICY);
  useTool(
    defineAgentTool({
      name: 'issue_refund',
      description: 'Refund an order. Use only after the refunds skill confirmed it is eligible.',
      // A command with an effect: it asks for approval before it runs (SPEC G3).
      kind: 'execute',
      schema: z.object({ order: z.string().regex(/^[0-9]{1,12}$/) }),
      execute: async ({ order }) => {
        refundedOrders.push(order);
        return textResult(`Refunded order ${order}.`);
      },
    }),
  );
  useTool(
    defineAgentTool({
      name: 'flag_for_human',
      description: 'Flag the conversation for a human specialist; unlocks the escalation skill.',
      kind: 'read',
      schema: z.object({ reason: z.string().max(500) }),
      execute: async ({ reason }) => {
        setEscalated(true);
        return textResult(
          `Flagged for a human (${reason}). The escalation skill is available from the next turn.`,
        );
      },
    }),
  );
  // Declared on every turn, so the cached prefix never changes; it runs only after the escalation
  // skill is activated (its tool_dependencies gate it).
  useTool(
    defineAgentTool({
      name: 'escalate_case',
      description: 'Hand the case over to a human specialist with a summary.',
      kind: 'read',
      schema: z.object({ summary: z.string().max(2000), reason: z.string().max(200) }),
      execute: async ({ summary, reason }) => {
        escalatedCases.push({ summary, reason });
        return textResult(`Case handed over (${reason}).`);
      },
    }),
  );
  return 'Answer customer support questions clearly and accurately.';
}

/** The support agent in a workspace folder (default: the current one). */
export function createSupportHarness(options: Partial<HarnessOptions> = {}): Harness {
  return createHarness(SupportAgent, { workspace: process.cwd(), ...options });
}
