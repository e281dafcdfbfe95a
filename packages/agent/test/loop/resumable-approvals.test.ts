import { approveToolCall, denyToolCall, parseRunState } from '@skilldock/agent/loop';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { startResumableLoop, useResumableProject } from './resumable-approvals-harness.js';

useResumableProject();

describe.each(PROTOCOL_CASES)('resumable approvals over $protocol', (protocolCase) => {
  const start = (interruptForApproval: boolean, askApproval?: () => Promise<'allow' | 'deny'>) =>
    startResumableLoop(protocolCase, interruptForApproval, askApproval);

  it('G3 a denial carries its reason to the model; an unanswered call interrupts again', async () => {
    const { setup, ran } = await start(true);
    const first = await setup.run({ prompt: 'Go' });
    const [write, shell] = first.result.interruptions!;
    let state = parseRunState(JSON.parse(JSON.stringify(first.result.state)));
    state = denyToolCall(state, write!.toolCallId, 'not that file');
    const second = await setup.run({ state });
    expect(second.result.status).toBe('interrupted');
    expect(second.result.interruptions?.map((request) => request.toolName)).toEqual(['shell']);
    expect(ran).toEqual(['look', 'look']);
    state = approveToolCall(second.result.state!, shell!.toolCallId);
    const third = await setup.run({ state });
    expect(third.result.status).toBe('completed');
    expect(ran).toEqual(['look', 'look', 'shell']);
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body).map((entry) => entry.content)).toEqual([
      'look ok',
      'The user did not approve running write: not that file',
      'look ok',
      'shell ok',
    ]);
  });
});

describe('RunState', () => {
  it('G3 refuses an answer for a call that is not pending, and malformed stored state, naming the field', () => {
    // Stored before $schemaVersion (v1): parseRunState migrates it.
    const stored = {
      version: 1,
      messages: [],
      stats: { turns: 1, inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, toolCalls: 1, wallTimeMs: 3 },
      interruptions: [
        { toolCallId: 'call-1', toolName: 'write', kind: 'edit', input: {}, modes: ['default'] },
      ],
      answers: [],
    };
    const state = parseRunState(stored);
    expect(() => approveToolCall(state, 'call-2')).toThrow(/no tool call call-2 is waiting/);
    expect(approveToolCall(state, 'call-1').answers).toEqual([{ toolCallId: 'call-1', decision: 'allow' }]);
    expect(() => parseRunState(null)).toThrow(/run state is not an object/);
    expect(() => parseRunState({ ...stored, version: 2 })).toThrow(/version must be 1/);
    expect(() => parseRunState({ ...state, $schemaVersion: 1 })).toThrow(/\$schemaVersion/);
    expect(() => parseRunState({ ...state, messages: [{ role: 'system' }] })).toThrow(/messages\[0\]\.role/);
    expect(() => parseRunState({ ...state, stats: { ...state.stats, turns: 'x' } })).toThrow(/stats\.turns/);
    expect(() => parseRunState({ ...state, answers: [{ toolCallId: 'call-1', decision: 'maybe' }] })).toThrow(
      /answers\[0\]/,
    );
  });
});
