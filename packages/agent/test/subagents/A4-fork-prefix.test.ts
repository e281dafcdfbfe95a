import { FORK_PLACEHOLDER_RESULT } from '@skilldock/agent/subagents';
import type { RecordedRequest } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject, testTool } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import {
  forkTask,
  isForkRequest,
  type SubagentSetup,
  settleTasks,
  startSubagentSetup,
} from './subagent-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: SubagentSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  await setup?.close();
  setup = undefined;
  await project.remove();
});

type Body = { system?: unknown; tools?: unknown; messages: unknown[]; model?: unknown };

/** The index of the first assistant message with tool calls, in either protocol's message list. */
function assistantIndex(body: Body): number {
  return body.messages.findIndex((message) => {
    const entry = message as { role: string; tool_calls?: unknown[]; content?: unknown };
    if (entry.role !== 'assistant') return false;
    if (Array.isArray(entry.tool_calls)) return entry.tool_calls.length > 0;
    return (
      Array.isArray(entry.content) &&
      entry.content.some((block) => (block as { type: string }).type === 'tool_use')
    );
  });
}

describe.each(PROTOCOL_CASES)('forks over $protocol', (protocolCase) => {
  it('A4 sends three parallel fork requests whose prefix is byte-identical to the parent request', async () => {
    let parentTurns = 0;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: [testTool('read_file', 'read')],
      script: (request: RecordedRequest) => {
        if (isForkRequest(protocolCase, request.body))
          return { text: `Report on ${forkTask(protocolCase, request.body)}.` };
        parentTurns++;
        if (parentTurns === 1) {
          return {
            text: 'Forking three ways.',
            toolCalls: ['module A', 'module B', 'module C'].map((area) => ({
              name: 'agent',
              arguments: {
                subagent_type: 'fork',
                description: `look at ${area}`,
                prompt: `Investigate ${area}`,
              },
            })),
          };
        }
        return { text: parentTurns === 2 ? 'Started the forks.' : 'All three reported.' };
      },
    });
    const { result } = await setup.run('Investigate modules A, B and C in parallel.');
    expect(result.status).toBe('completed');
    const notifications = await settleTasks(setup.tasks);
    for (const area of ['module A', 'module B', 'module C'])
      expect(notifications).toContain(`Report on Investigate ${area}.`);

    const bodies = setup.server.requests.map((request) => request.body as Body);
    const forks = bodies.filter((body) => isForkRequest(protocolCase, body));
    const parents = bodies.filter((body) => !isForkRequest(protocolCase, body));
    expect(forks).toHaveLength(3);
    const [first, second] = parents as [Body, Body];
    const cut = assistantIndex(second);
    expect(cut).toBeGreaterThan(0);
    for (const fork of forks) {
      expect(JSON.stringify(fork.system)).toBe(JSON.stringify(first.system));
      expect(JSON.stringify(fork.tools)).toBe(JSON.stringify(first.tools));
      expect(fork.model).toBe(first.model);
      // System (OpenAI's first message), the prompt and the assistant turn with the calls: identical bytes.
      expect(JSON.stringify(fork.messages.slice(0, cut + 1))).toBe(
        JSON.stringify(second.messages.slice(0, cut + 1)),
      );
      expect(JSON.stringify(fork.messages.slice(cut + 1))).toContain(FORK_PLACEHOLDER_RESULT);
    }
    // The forks differ only in their directive's task.
    const withoutTask = forks.map((fork) =>
      JSON.stringify(fork).replace(/Investigate module [ABC]/g, 'TASK'),
    );
    expect(new Set(withoutTask).size).toBe(1);
  });
});
