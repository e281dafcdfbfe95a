/**
 * SPEC W4: a run's live events folded into what the chat shows — streamed text, tool calls with
 * their results, approvals (asked, answered by the user or by an "always allow" rule, denied),
 * skill activations, sub-agents with their own nested progress, cancel and failure; and the
 * stored messages of a reloaded conversation turned into the same items.
 */
import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../../src/chat/chat-items.js';
import { foldRunEvent, foldRunEvents, type RunStreamEvent } from '../../src/chat/fold-run-events.js';
import { conversationTurns, type StoredMessage } from '../../src/chat/history-turns.js';

const call = (id: string, name: string, args: unknown) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});
const ev = (type: string, data: unknown): RunStreamEvent => ({ type, data });
const tools = (items: readonly ChatItem[]) =>
  items.filter((item): item is Extract<ChatItem, { kind: 'tool' }> => item.kind === 'tool');

describe('W4 folding run events', () => {
  it('W4 text deltas of a turn grow one streaming text item that the turn end settles', () => {
    const view = foldRunEvents([
      ev('run-status', { status: 'running', attempt: 1 }),
      ev('turn-start', { turn: 1 }),
      ev('text-delta', { turn: 1, text: 'Hel' }),
      ev('text-delta', { turn: 1, text: 'lo' }),
    ]);
    expect(view.status).toBe('running');
    expect(view.items).toEqual([{ kind: 'text', key: 'text-1', text: 'Hello', streaming: true }]);
    const ended = foldRunEvent(view, ev('turn-end', { turn: 1, finishReason: 'stop', toolCalls: 0 }));
    expect(ended.items).toEqual([{ kind: 'text', key: 'text-1', text: 'Hello', streaming: false }]);
    // The input view is never changed.
    expect(view.items[0]).toMatchObject({ streaming: true });
  });

  it('O1 a resumed run drops what the lost worker streamed of the restarted turn, keeping the earlier turns', () => {
    const view = foldRunEvents([
      ev('run-status', { status: 'running', attempt: 1 }),
      ev('text-delta', { turn: 1, text: 'First turn.' }),
      ev('turn-end', { turn: 1, finishReason: 'tool-calls', toolCalls: 0 }),
      ev('text-delta', { turn: 2, text: 'Half of the sec' }),
      ev('run-status', { status: 'queued', reason: 'worker-lost' }),
      ev('run-status', { status: 'running', attempt: 2 }),
      ev('run-resumed', { attempt: 2, checkpointSeq: 3, turn: 2, message: 'Resumed.' }),
      ev('turn-restart', { turn: 2, afterSeq: 3 }),
      ev('text-delta', { turn: 2, text: 'Half of the second.' }),
    ]);
    expect(view.items).toEqual([
      { kind: 'text', key: 'text-1', text: 'First turn.', streaming: false },
      { kind: 'notice', key: 'notice-2', text: 'Resumed.' },
      { kind: 'text', key: 'text-2', text: 'Half of the second.', streaming: true },
    ]);
  });

  it('W4 a skill activation, a tool asking approval, the user allowing always, the result', () => {
    const write = call('call_2', 'write_file', { path: 'a.md', content: 'x' });
    const view = foldRunEvents([
      ev('text-delta', { turn: 1, text: 'Let me look.' }),
      ev('tool-call-start', {
        turn: 1,
        toolCall: call('call_1', 'activate_skill', { name: 'report-style' }),
      }),
      ev('skill-activate', { skillId: 'report-style', trigger: 'model' }),
      ev('tool-call-end', {
        turn: 1,
        toolCall: call('call_1', 'activate_skill', { name: 'report-style' }),
        outcome: 'done',
        result: { content: 'activated', isError: false },
      }),
      ev('skill-activate', { skillId: 'other-skill', trigger: 'file-read' }),
      ev('tool-call-start', { turn: 2, toolCall: write }),
      ev('approval-request', {
        request: { toolCallId: 'call_2', toolName: 'write_file', input: { path: 'a.md' } },
      }),
      ev('run-status', { status: 'waiting_approval' }),
    ]);
    expect(view.items.map((item) => item.kind)).toEqual(['text', 'skill', 'skill', 'tool']);
    expect(view.items[0]).toMatchObject({ streaming: false });
    expect(view.items[1]).toMatchObject({ kind: 'skill', skillId: 'report-style' });
    expect(view.items[2]).toMatchObject({ kind: 'skill', skillId: 'other-skill' });
    expect(tools(view.items)[0]).toMatchObject({
      name: 'write_file',
      status: 'waiting',
      input: write.arguments,
    });
    expect(view.status).toBe('waiting_approval');

    const all = foldRunEvents([
      ev('tool-call-start', { turn: 2, toolCall: write }),
      ev('approval-request', { request: { toolCallId: 'call_2', toolName: 'write_file', input: {} } }),
      ev('approval-decision', {
        toolCallId: 'call_2',
        toolName: 'write_file',
        decision: 'allow',
        decidedBy: 'user',
        always: true,
      }),
      ev('approval-decision', { toolCallId: 'call_2', decision: 'allow', decidedBy: 'policy' }),
      ev('tool-call-end', {
        turn: 2,
        toolCall: write,
        outcome: 'done',
        result: { content: 'Wrote a.md', isError: false },
      }),
      ev('text-delta', { turn: 3, text: 'Done.' }),
      ev('run-status', { status: 'completed' }),
    ]).items;
    expect(tools(all)[0]).toMatchObject({
      status: 'done',
      result: 'Wrote a.md',
      approval: { decision: 'allow', decidedBy: 'user', always: true },
    });
    expect(all.at(-1)).toMatchObject({ kind: 'text', text: 'Done.', streaming: false });
  });

  it('R2 an activate_skill of an unknown name (a normal answer with a notice) becomes a notice, not a skill chip', () => {
    const unknown = call('call_9', 'activate_skill', { name: 'pdf' });
    const view = foldRunEvents([
      ev('tool-call-start', { turn: 1, toolCall: unknown }),
      ev('tool-call-end', {
        turn: 1,
        toolCall: unknown,
        outcome: 'done',
        result: {
          content: 'There is no skill named "pdf". Available skills:\n- charts: Draw charts.',
          isError: false,
          notice: 'There is no skill named "pdf"; the answer lists the available skills.',
        },
      }),
    ]);
    expect(view.items).toEqual([
      {
        kind: 'notice',
        key: 'skill-call_9',
        text: 'There is no skill named "pdf"; the answer lists the available skills.',
      },
    ]);
    // Without a notice the chip stays (the activation's own event is not needed for it).
    const known = call('call_8', 'activate_skill', { name: 'charts' });
    const activated = foldRunEvents([
      ev('tool-call-start', { turn: 1, toolCall: known }),
      ev('tool-call-end', {
        turn: 1,
        toolCall: known,
        outcome: 'done',
        result: { content: 'ok', isError: false },
      }),
    ]);
    expect(activated.items).toEqual([{ kind: 'skill', key: 'skill-call_8', skillId: 'charts' }]);
  });

  it('W4 a rule’s answer, a denial with a reason, cancel and failure are shown as they happened', () => {
    const view = foldRunEvents([
      ev('tool-call-start', { turn: 1, toolCall: call('a', 'write_file', {}) }),
      ev('approval-request', { request: { toolCallId: 'a', toolName: 'write_file', input: {} } }),
      ev('approval-decision', {
        toolCallId: 'a',
        toolName: 'write_file',
        decision: 'allow',
        decidedBy: 'rule',
      }),
      ev('tool-call-start', { turn: 1, toolCall: call('b', 'write_file', {}) }),
      ev('approval-request', { request: { toolCallId: 'b', toolName: 'write_file', input: {} } }),
      ev('approval-decision', { toolCallId: 'b', decision: 'deny', decidedBy: 'user', reason: 'not now' }),
      ev('tool-call-start', { turn: 1, toolCall: call('c', 'read_file', {}) }),
      ev('text-delta', { turn: 2, text: 'partial' }),
      ev('run-status', { status: 'cancelled' }),
    ]);
    const [a, b, c] = tools(view.items);
    // Allowed by the rule and running when the run was cancelled: cancel settles it.
    expect(a).toMatchObject({ status: 'cancelled', approval: { decidedBy: 'rule', always: true } });
    expect(b).toMatchObject({ status: 'denied', approval: { decision: 'deny', reason: 'not now' } });
    expect(c).toMatchObject({ status: 'cancelled' });
    expect(view.status).toBe('cancelled');
    expect(view.items.at(-1)).toMatchObject({ kind: 'text', streaming: false });
    const failed = foldRunEvents([
      ev('run-status', { status: 'failed', error: { code: 'run_max_turns', message: 'The run stopped' } }),
    ]);
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'run_max_turns' } });
  });

  it('W4 a sub-agent’s start, nested events and end fold into its delegation call', () => {
    const view = foldRunEvents([
      ev('tool-call-start', { turn: 1, toolCall: call('d1', 'subagent__researcher', { task: 'look' }) }),
      ev('subagent-start', { toolCallId: 'd1', agentId: 'agent-2', name: 'Researcher' }),
      ev('subagent-event', {
        toolCallId: 'd1',
        event: { type: 'text-delta', data: { turn: 1, text: 'Read' } },
      }),
      ev('subagent-event', {
        toolCallId: 'd1',
        event: { type: 'text-delta', data: { turn: 1, text: 'ing' } },
      }),
      ev('subagent-event', {
        toolCallId: 'd1',
        event: {
          type: 'tool-call-start',
          data: { turn: 1, toolCall: call('n1', 'read_file', { path: 'x' }) },
        },
      }),
    ]);
    const [delegation] = tools(view.items);
    expect(delegation!.subagent).toMatchObject({ name: 'Researcher', agentId: 'agent-2', status: 'running' });
    expect(delegation!.subagent!.items).toEqual([
      { kind: 'text', key: 'text-1', text: 'Reading', streaming: false },
      expect.objectContaining({ kind: 'tool', name: 'read_file', status: 'running' }),
    ]);
    const ended = foldRunEvents([
      ev('tool-call-start', { turn: 1, toolCall: call('d1', 'subagent__researcher', {}) }),
      ev('subagent-start', { toolCallId: 'd1', agentId: 'agent-2', name: 'Researcher' }),
      ev('subagent-end', { toolCallId: 'd1', status: 'completed', finalText: 'Found it.' }),
      ev('tool-call-end', {
        turn: 1,
        toolCall: call('d1', 'subagent__researcher', {}),
        outcome: 'done',
        result: { content: 'Found it.', isError: false },
      }),
    ]);
    expect(tools(ended.items)[0]).toMatchObject({
      status: 'done',
      subagent: { status: 'completed', finalText: 'Found it.' },
    });
  });

  it('W4 unknown events and malformed data are ignored', () => {
    const view = foldRunEvents([
      ev('future-event', { anything: true }),
      ev('text-delta', { turn: 1, text: 42 }),
      ev('tool-call-start', { turn: 1 }),
      ev('approval-request', { request: null }),
      ev('subagent-event', { event: { type: 'text-delta' } }),
      ev('run-status', null),
    ]);
    expect(view.items).toEqual([]);
  });
});

describe('W4 stored messages as turns', () => {
  const runs = [
    { id: 'r1', prompt: 'Write it', status: 'completed', error: null, pendingApprovals: [] },
    {
      id: 'r2',
      prompt: 'Again',
      status: 'waiting_approval',
      error: null,
      pendingApprovals: [{ toolCallId: 'w2', toolName: 'write_file' }],
    },
    {
      id: 'r3',
      prompt: 'No model',
      status: 'failed',
      error: { code: 'model_provider_missing', message: 'none' },
      pendingApprovals: [],
    },
  ];
  const messages: StoredMessage[] = [
    { role: 'user', content: 'Write it', origin: 'prompt' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [
        call('s1', 'activate_skill', { name: 'report-style' }),
        call('w1', 'write_file', { path: 'a' }),
      ],
    },
    { role: 'tool', toolCallId: 's1', toolName: 'activate_skill', content: 'ok', isError: false },
    {
      role: 'tool',
      toolCallId: 'w1',
      toolName: 'write_file',
      content: 'The user did not approve running write_file: no',
      isError: true,
    },
    { role: 'user', content: 'Skill list changed', origin: 'signal' },
    { role: 'assistant', content: 'I could not write it.' },
    { role: 'user', content: 'Again', origin: 'prompt' },
    { role: 'assistant', content: 'Trying.', toolCalls: [call('w2', 'write_file', { path: 'b' })] },
  ];
  const runIds = ['r1', 'r1', 'r1', 'r1', 'r1', 'r1', 'r2', 'r2'];

  it('W4 each run is a turn with its prompt, skills, tool results and pending calls; a run without messages shows its prompt', () => {
    const turns = conversationTurns({ messages, messageRunIds: runIds, runs });
    expect(turns.map((turn) => turn.run?.id)).toEqual(['r1', 'r2', 'r3']);
    const [first, second, third] = turns;
    expect(first!.items.map((item) => item.kind)).toEqual(['user', 'skill', 'tool', 'text']);
    expect(first!.items[2]).toMatchObject({
      status: 'denied',
      result: expect.stringContaining('did not approve'),
    });
    expect(second!.items).toEqual([
      expect.objectContaining({ kind: 'user', text: 'Again' }),
      expect.objectContaining({ kind: 'text', text: 'Trying.' }),
      expect.objectContaining({ kind: 'tool', toolCallId: 'w2', status: 'waiting' }),
    ]);
    expect(third!.items).toEqual([expect.objectContaining({ kind: 'user', text: 'No model' })]);
  });

  it('W4 stored approval decisions mark their calls: the first answer per call stands', () => {
    const turns = conversationTurns({
      messages,
      messageRunIds: runIds,
      runs,
      approvalDecisions: [
        { runId: 'r1', toolCallId: 'w1', decision: 'deny', decidedBy: 'user', always: false, reason: 'no' },
        { runId: 'r1', toolCallId: 'w1', decision: 'allow', decidedBy: 'policy', always: false },
        { runId: 'r2', toolCallId: 's1', decision: 'allow', decidedBy: 'rule', always: false },
      ],
    });
    expect(turns[0]!.items[2]).toMatchObject({
      toolCallId: 'w1',
      status: 'denied',
      approval: { decision: 'deny', decidedBy: 'user', reason: 'no' },
    });
    // A decision of another run's call of the same id does not leak across runs.
    expect(turns[1]!.items.find((item) => item.kind === 'tool')).not.toHaveProperty('approval');
  });

  it('W4 messages of a run no longer listed come first, one turn per prompt', () => {
    const turns = conversationTurns({
      messages: [
        { role: 'user', content: 'old one' },
        { role: 'assistant', content: 'answer one' },
        { role: 'user', content: 'old two' },
        ...messages,
      ],
      messageRunIds: [null, null, 'gone', ...runIds],
      runs,
    });
    expect(turns.map((turn) => turn.key).slice(0, 2)).toEqual(['earlier-0', 'earlier-1']);
    expect(turns[0]!.items.map((item) => item.kind)).toEqual(['user', 'text']);
    expect(turns).toHaveLength(5);
  });

  it('W4 a delegation call carries its stored sub-agent: its answers and tool calls, not its task; only in its own run', () => {
    const delegation: StoredMessage[] = [
      { role: 'user', content: 'Find it', origin: 'prompt' },
      { role: 'assistant', content: '', toolCalls: [call('d1', 'subagent__researcher', { task: 'Look' })] },
      { role: 'tool', toolCallId: 'd1', toolName: 'subagent__researcher', content: 'Found.', isError: false },
      { role: 'assistant', content: 'It says: Found.' },
    ];
    const transcript: StoredMessage[] = [
      { role: 'user', content: 'Look', origin: 'prompt' },
      { role: 'assistant', content: 'Reading.', toolCalls: [call('x1', 'read_file', { path: 'a.md' })] },
      { role: 'tool', toolCallId: 'x1', toolName: 'read_file', content: '# A', isError: false },
      { role: 'assistant', content: '', toolCalls: [call('x2', 'ls', {})] },
    ];
    const runsOf = [
      { id: 'r1', prompt: 'Find it', status: 'completed', error: null, pendingApprovals: [] },
      { id: 'r2', prompt: 'Again', status: 'completed', error: null, pendingApprovals: [] },
    ];
    const again = delegation.map((message) =>
      message.role === 'user' ? { ...message, content: 'Again' } : message,
    );
    const stored = {
      runId: 'r1',
      toolCallId: 'd1',
      agentId: 'a1',
      name: 'Researcher',
      status: 'failed',
      finalText: '',
      messages: transcript,
      error: { code: 'model_error', message: 'The model went away.' },
    };
    const turns = conversationTurns({
      messages: [...delegation, ...again],
      messageRunIds: [...delegation.map(() => 'r1'), ...again.map(() => 'r2')],
      runs: runsOf,
      subagentCalls: [stored],
    });
    const tool = turns[0]!.items.find((item) => item.kind === 'tool')!;
    expect(tool).toMatchObject({ toolCallId: 'd1', status: 'done', result: 'Found.' });
    const subagent = tool.kind === 'tool' ? tool.subagent : undefined;
    expect(subagent).toMatchObject({
      agentId: 'a1',
      name: 'Researcher',
      status: 'failed',
      error: { code: 'model_error', message: 'The model went away.' },
    });
    expect(subagent!.items).toEqual([
      expect.objectContaining({ kind: 'text', text: 'Reading.', streaming: false }),
      expect.objectContaining({
        kind: 'tool',
        toolCallId: 'x1',
        name: 'read_file',
        status: 'done',
        result: '# A',
      }),
      // Left without a result when it ended: not running any more.
      expect.objectContaining({ kind: 'tool', toolCallId: 'x2', status: 'cancelled' }),
    ]);
    // The same call id in another run has no sub-agent of its own.
    const other = turns[1]!.items.find((item) => item.kind === 'tool')!;
    expect(other).not.toHaveProperty('subagent');
  });
});
