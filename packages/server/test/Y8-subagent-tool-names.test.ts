/**
 * SPEC Y8: the names of a run's delegation tools, derived from agents' names (user text), are
 * always valid, unique tool names; and the event writer's merge of a sub-agent's queued text
 * deltas joins only deltas of the same call and turn.
 */
import { describe, expect, it } from 'vitest';
import { type StoredRunEvent, toStoredEvent } from '../src/runs/stored-run-event.js';
import {
  mergeNestedTextDeltas,
  subagentNestedEvent,
  subagentStartEvent,
} from '../src/runs/subagent-events.js';
import { SUBAGENT_TOOL_PREFIX, subagentToolNames } from '../src/runs/subagent-tool-name.js';

const VALID_TOOL_NAME = /^[a-z0-9_]{1,64}$/;

describe('Y8 delegation tool names', () => {
  it('Y8 are the agent name in safe characters, unique, valid and at most 64 characters', () => {
    const agents = [
      { id: '0b5c1a2e-1111-4000-8000-000000000001', name: 'Market Research' },
      { id: '0b5c1a2e-2222-4000-8000-000000000002', name: 'market-research' },
      { id: '0b5c1a2e-3333-4000-8000-000000000003', name: 'Market research!!' },
      { id: 'a1b2c3d4-4444-4000-8000-000000000004', name: '研究员' },
      { id: 'a1b2c3d4-5555-4000-8000-000000000005', name: '研究员' },
      { id: '0b5c1a2e-6666-4000-8000-000000000006', name: '../../etc/passwd; rm -rf /' },
      { id: '0b5c1a2e-7777-4000-8000-000000000007', name: `${'x'.repeat(500)}\u0000\n<script>` },
      { id: '0b5c1a2e-8888-4000-8000-000000000008', name: '__proto__' },
    ];
    const names = subagentToolNames(agents);
    expect(names).toEqual([
      'subagent__market_research',
      'subagent__market_research_2',
      'subagent__market_research_3',
      'subagent__a1b2c3d4',
      'subagent__a1b2c3d4_2',
      'subagent__etc_passwd_rm_rf',
      `subagent__${'x'.repeat(40)}`,
      'subagent__proto',
    ]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(VALID_TOOL_NAME);
      expect(name.startsWith(SUBAGENT_TOOL_PREFIX)).toBe(true);
    }
    // Many agents of one name: still unique and short enough.
    const many = subagentToolNames(
      Array.from({ length: 50 }, (_, index) => ({ id: `id-${index}`, name: 'y'.repeat(80) })),
    );
    expect(new Set(many).size).toBe(50);
    for (const name of many) expect(name).toMatch(VALID_TOOL_NAME);
  });
});

describe('Y8 merging a sub-agent’s text deltas', () => {
  const delta = (toolCallId: string, turn: number, text: string): StoredRunEvent =>
    subagentNestedEvent(toolCallId, toStoredEvent({ type: 'text-delta', turn, text }));

  it('Y8 joins deltas of one call and turn, and nothing else', () => {
    expect(mergeNestedTextDeltas(delta('c1', 1, 'The '), delta('c1', 1, 'fact'))).toEqual(
      delta('c1', 1, 'The fact'),
    );
    expect(mergeNestedTextDeltas(delta('c1', 1, 'a'), delta('c2', 1, 'b'))).toBeUndefined();
    expect(mergeNestedTextDeltas(delta('c1', 1, 'a'), delta('c1', 2, 'b'))).toBeUndefined();
    expect(
      mergeNestedTextDeltas(delta('c1', 1, 'a'), subagentStartEvent('c1', 'agent', 'name')),
    ).toBeUndefined();
    // The parent's own deltas stay as they came.
    const top = toStoredEvent({ type: 'text-delta', turn: 1, text: 'a' });
    expect(mergeNestedTextDeltas(top, top)).toBeUndefined();
    const usage = subagentNestedEvent('c1', { type: 'usage', data: { turn: 1 } });
    expect(mergeNestedTextDeltas(delta('c1', 1, 'a'), usage)).toBeUndefined();
  });
});
