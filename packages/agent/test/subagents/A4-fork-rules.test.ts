import type { ConversationMessage } from '@skilldock/agent/model';
import {
  FORK_PLACEHOLDER_RESULT,
  forkToolGate,
  matchesAnyToolPattern,
  parseToolPatterns,
  selectForkHistory,
} from '@skilldock/agent/subagents';
import { describe, expect, it } from 'vitest';

const prompt = (content: string): ConversationMessage => ({ role: 'user', content, origin: 'prompt' });
const reminder = (content: string): ConversationMessage => ({ role: 'user', content, origin: 'signal' });
const answer = (content: string, calls: string[] = []): ConversationMessage => ({
  role: 'assistant',
  content,
  ...(calls.length === 0 ? {} : { toolCalls: calls.map((id) => ({ id, name: 'agent', arguments: '{}' })) }),
});
const result = (id: string): ConversationMessage => ({
  role: 'tool',
  toolCallId: id,
  toolName: 'read_file',
  content: 'x',
  isError: false,
});

const CONVERSATION: readonly ConversationMessage[] = [
  prompt('one'),
  answer('a1', ['c1']),
  result('c1'),
  answer('a1 done'),
  prompt('two'),
  answer('a2'),
  reminder('New skill available: x'),
  prompt('three'),
  answer('forking', ['f1', 'f2']),
  result('f1'),
];

describe('fork history (SPEC A4)', () => {
  it('A4 all: the whole conversation to the calling turn, each of its calls closed with one placeholder', () => {
    const history = selectForkHistory(CONVERSATION, 'all');
    expect(history.slice(0, 9)).toEqual(CONVERSATION.slice(0, 9));
    expect(history.slice(9)).toEqual(
      ['f1', 'f2'].map((id) => ({
        role: 'tool',
        toolCallId: id,
        toolName: 'agent',
        content: FORK_PLACEHOLDER_RESULT,
        isError: false,
      })),
    );
  });

  it.each([
    [1, 'three'],
    [2, 'two'],
    [3, 'one'],
    [9, 'one'],
  ])(
    'A4 the last %i real user turns start at the prompt %s (reminders and tool results are not turns)',
    (turns, first) => {
      const history = selectForkHistory(CONVERSATION, turns);
      expect(history[0]).toEqual(prompt(first));
      expect(
        history
          .filter((message) => message.role === 'tool')
          .map((message) => (message as { toolCallId: string }).toolCallId),
      ).toEqual(turns >= 3 ? ['c1', 'f1', 'f2'] : ['f1', 'f2']);
    },
  );

  it('A4 keeps a reminder inside the selected turns but never starts a turn at one', () => {
    const history = selectForkHistory(CONVERSATION, 2);
    expect(history.map((message) => message.content)).toContain('New skill available: x');
  });
});

describe('fork tool restrictions (SPEC A4, S7)', () => {
  it.each([
    [['read_file', 'grep'], 'read_file', true],
    [['read_file'], 'shell', false],
    [['mcp__github'], 'mcp__github__create_issue', true],
    [['mcp__github'], 'mcp__githubber__x', false],
    [['mcp__*'], 'mcp__any__tool', true],
    [['mcp__*'], 'read_file', false],
    [['mcp__github__read_*'], 'mcp__github__read_file', true],
    [['mcp__github__read_*'], 'mcp__github__write_file', false],
    [[], 'read_file', false],
  ] as const)('S7 %j allows %s: %s', (entries, tool, allowed) => {
    const parsed = parseToolPatterns(entries);
    if (!parsed.ok) throw new Error(parsed.message);
    expect(matchesAnyToolPattern(tool, parsed.patterns)).toBe(allowed);
  });

  it.each([['*'], ['read_*'], ['shell(npm test)'], ['mcp__git*'], ['../read_file']])(
    'S7 refuses %j',
    (entry) => {
      const parsed = parseToolPatterns([entry]);
      expect(parsed).toMatchObject({ ok: false, code: 'invalid_tool_pattern' });
    },
  );

  it('A4 a fork may never run the agent tools or ask the user, whatever it is allowed', () => {
    const parsed = parseToolPatterns(['agent', 'ask_user_question', 'send_message', 'read_file']);
    if (!parsed.ok) throw new Error(parsed.message);
    const gate = forkToolGate({ patterns: parsed.patterns, source: 'fork_tools' });
    expect(gate('agent')).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/do this work yourself/),
    });
    expect(gate('send_message').allowed).toBe(false);
    expect(gate('ask_user_question')).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/report the blocker/),
    });
    expect(gate('read_file').allowed).toBe(true);
    expect(forkToolGate({ patterns: [], source: 'fork_tools' })('read_file')).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/no tool calls at all/),
    });
  });
});
