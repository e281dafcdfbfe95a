/**
 * SPEC O1: when a run resumes from a checkpoint, the calls of its last turn without a result may
 * have been in flight. Read-only calls run again; a call that changes something is asked again
 * ("interrupted — run again?"); a denied call and an unknown tool name are not asked.
 */

import type { RunState } from '@skilldock/agent/loop';
import { type AgentTool, defineAgentTool } from '@skilldock/agent/tools';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyAlwaysAllowed } from '../src/runs/always-allowed-tools.js';
import { interruptedToolCalls } from '../src/runs/interrupted-tool-calls.js';

const tool = (name: string, kind: AgentTool['kind']): AgentTool =>
  defineAgentTool({
    name,
    description: name,
    kind,
    schema: z.object({}),
    execute: async () => ({ content: '', isError: false }),
  });

const TOOLS = [tool('read_file', 'read'), tool('write_file', 'edit'), tool('shell', 'execute')];

function stateWith(calls: { id: string; name: string; arguments: string }[], extra: Partial<RunState> = {}) {
  return {
    $schemaVersion: 2,
    messages: [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', toolCalls: calls },
      { role: 'tool', toolCallId: 'done', toolName: 'shell', content: 'ran', isError: false },
    ],
    stats: {
      turns: 1,
      inputTokens: 0,
      outputTokens: 0,
      cachedInputTokens: 0,
      toolCalls: calls.length,
      wallTimeMs: 5,
    },
    interruptions: [],
    answers: [],
    ...extra,
  } satisfies RunState;
}

describe('O1 calls interrupted by a lost worker', () => {
  it('O1 only side-effecting calls without a result are asked again, marked resumeInterrupted', () => {
    const state = stateWith([
      { id: 'done', name: 'shell', arguments: '{"command":"ls"}' },
      { id: 'r1', name: 'read_file', arguments: '{"path":"a"}' },
      { id: 'w1', name: 'write_file', arguments: '{"path":"b","content":"x"}' },
      { id: 's1', name: 'shell', arguments: 'not json {' },
      { id: 'u1', name: 'made_up', arguments: '{}' },
    ]);
    expect(interruptedToolCalls(state, TOOLS)).toEqual([
      {
        toolCallId: 'w1',
        toolName: 'write_file',
        kind: 'edit',
        input: { path: 'b', content: 'x' },
        modes: [],
        resumeInterrupted: true,
      },
      // Arguments that are not JSON are shown as the model sent them, never thrown on.
      {
        toolCallId: 's1',
        toolName: 'shell',
        kind: 'execute',
        input: 'not json {',
        modes: [],
        resumeInterrupted: true,
      },
    ]);
  });

  it('O1 a call the user denied is not asked again; one allowed before the loss is (it may have run)', () => {
    const state = stateWith(
      [
        { id: 's1', name: 'shell', arguments: '{}' },
        { id: 's2', name: 'shell', arguments: '{}' },
      ],
      {
        answers: [
          { toolCallId: 's1', decision: 'deny', reason: 'no' },
          { toolCallId: 's2', decision: 'allow' },
        ],
      },
    );
    expect(interruptedToolCalls(state, TOOLS).map((request) => request.toolCallId)).toEqual(['s2']);
  });

  it('O1 a checkpoint after a final answer or after the prompt has nothing in flight', () => {
    const answered = stateWith([]);
    expect(interruptedToolCalls(answered, TOOLS)).toEqual([]);
    const prompt = { ...stateWith([]), messages: [{ role: 'user' as const, content: 'go' }] };
    expect(interruptedToolCalls(prompt, TOOLS)).toEqual([]);
  });

  it("O1 a conversation's always-allow rule does not answer an interrupted call: it may have run already", () => {
    const state = stateWith([{ id: 'c1', name: 'shell', arguments: '{"command":"rm -rf build"}' }]);
    const interrupted = interruptedToolCalls(state, TOOLS);
    expect(interrupted).toHaveLength(1);
    const waiting = { ...state, interruptions: interrupted };
    const applied = applyAlwaysAllowed(waiting, ['shell']);
    expect(applied.allowed).toEqual([]);
    expect(applied.state).toBe(waiting);
    // The same call asked in an ordinary stop is covered by the rule.
    const ordinary = {
      ...state,
      interruptions: interrupted.map(({ resumeInterrupted: _, ...request }) => request),
    };
    expect(applyAlwaysAllowed(ordinary, ['shell']).allowed).toHaveLength(1);
  });
});
