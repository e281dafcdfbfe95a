import type { AgentEvent } from '@skilldock/agent/loop';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type LoopSetup, startLoop, temporaryProject, testTool } from './loop-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: LoopSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  await setup?.server.close();
  setup = undefined;
  await project.remove();
});

function toolEnds(events: readonly AgentEvent[]) {
  return events.flatMap((event) => (event.type === 'tool-call-end' ? [event] : []));
}

function assistantCallIds(messages: readonly { role: string; toolCalls?: readonly { id: string }[] }[]) {
  return messages.flatMap((message) => message.toolCalls?.map((call) => call.id) ?? []);
}

describe.each(PROTOCOL_CASES)('hostile tool calls over $protocol', (protocolCase) => {
  const runs: unknown[] = [];
  const readTool = () =>
    testTool('read_file', 'read', async (input) => {
      runs.push(input);
      return { content: 'read done', isError: false };
    });
  beforeEach(() => {
    runs.length = 0;
  });

  it('G2 does not run a tool whose arguments are truncated JSON, an array or a string, and goes on', async () => {
    setup = await startLoop(
      protocolCase,
      [
        {
          toolCalls: [
            { name: 'read_file', arguments: '{"path": "a' },
            { name: 'read_file', arguments: '[1,2]' },
            { name: 'read_file', arguments: '"x"' },
          ],
        },
        { text: 'Sorry, I will try again.' },
      ],
      { cwd: project.root, tools: [readTool()] },
    );
    const { result, events } = await setup.run({ prompt: 'Read a.' });
    expect(runs).toEqual([]);
    expect(toolEnds(events).map((event) => event.outcome)).toEqual(['failed', 'failed', 'failed']);
    const results = protocolCase.toolResultsOf(setup.server.requests[1]?.body);
    expect(results.map((entry) => entry.content)).toEqual([
      expect.stringMatching(
        /^The arguments of read_file are not valid JSON: .+\. The tool was not run; call it again with a JSON object\.$/,
      ),
      'The arguments of read_file are not a JSON object (got an array). The tool was not run; call it again with a JSON object.',
      'The arguments of read_file are not a JSON object (got a string). The tool was not run; call it again with a JSON object.',
    ]);
    expect(result).toMatchObject({ status: 'completed', finalText: 'Sorry, I will try again.' });
    expect(result.stats).toMatchObject({ turns: 2, toolCalls: 3 });
  });

  it('G2 answers a call to an unknown tool with an error naming only the declared tools, and goes on', async () => {
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [{ name: 'delete_everything', arguments: { path: '/' } }] }, { text: 'Understood.' }],
      { cwd: project.root, tools: [readTool()] },
    );
    const { result, events } = await setup.run({ prompt: 'Clean up.' });
    expect(runs).toEqual([]);
    expect(toolEnds(events).map((event) => [event.outcome, event.result])).toEqual([
      [
        'failed',
        {
          content: 'There is no tool named delete_everything. Available tools: read_file.',
          isError: true,
        },
      ],
    ]);
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body).map((entry) => entry.content)).toEqual([
      'There is no tool named delete_everything. Available tools: read_file.',
    ]);
    expect(result.status).toBe('completed');
  });

  it('G2 gives a repeated call id a fresh one, so each call gets exactly one result', async () => {
    setup = await startLoop(
      protocolCase,
      [
        {
          toolCalls: [
            { id: 'dup', name: 'read_file', arguments: { path: 'a' } },
            { id: 'dup', name: 'read_file', arguments: { path: 'b' } },
          ],
        },
        { text: 'Both read.' },
      ],
      { cwd: project.root, tools: [readTool()] },
    );
    const { result } = await setup.run({ prompt: 'Read a and b.' });
    expect(runs).toEqual([{ path: 'a' }, { path: 'b' }]);
    expect(assistantCallIds(result.newMessages)).toEqual(['dup', 'dup_1_1']);
    const results = protocolCase.toolResultsOf(setup.server.requests[1]?.body);
    expect(results.map((entry) => [entry.id, entry.content])).toEqual([
      ['dup', 'read done'],
      ['dup_1_1', 'read done'],
    ]);
    expect(result.status).toBe('completed');
  });

  it('G2 answers a call with an empty tool name (and an empty id) with an error result, and goes on', async () => {
    setup = await startLoop(
      protocolCase,
      [{ toolCalls: [{ id: '', name: '', arguments: {} }] }, { text: 'Oops.' }],
      { cwd: project.root, tools: [readTool()] },
    );
    const { result, events } = await setup.run({ prompt: 'Go.' });
    expect(runs).toEqual([]);
    const [end] = toolEnds(events);
    expect(end?.result).toEqual({
      content: 'The tool call names no tool. Available tools: read_file.',
      isError: true,
    });
    const [id] = assistantCallIds(result.newMessages);
    expect(id).toMatch(/^call_/);
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body).map((entry) => entry.id)).toEqual([id]);
    expect(result.status).toBe('completed');
  });
});
