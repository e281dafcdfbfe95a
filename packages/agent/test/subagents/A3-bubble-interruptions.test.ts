import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type AgentEvent,
  approveToolCall,
  denyToolCall,
  parseRunState,
  type RunResult,
  type RunState,
  runAgent,
} from '@skilldock/agent/loop';
import type { RecordedRequest } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject, testTool } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { definition, type SubagentSetup, startSubagentSetup, systemOf } from './subagent-harness.js';

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

type ProtocolCase = (typeof PROTOCOL_CASES)[number];

const isParent = (protocolCase: ProtocolCase, request: RecordedRequest) =>
  systemOf(protocolCase, request).startsWith('You are the parent.');

/** The parent calls the bubble agent `writer` in the foreground; it writes out.txt, then answers. */
async function start(protocolCase: ProtocolCase) {
  let parentTurns = 0;
  let subTurns = 0;
  const writeTool = testTool('write_file', 'edit', async (input) => {
    await writeFile(path.join(project.root, (input as { path: string }).path), 'written');
    return { content: 'write_file done', isError: false };
  });
  setup = await startSubagentSetup(protocolCase, {
    cwd: project.root,
    tools: [writeTool],
    agents: [definition({ name: 'writer', approvalMode: 'bubble', background: false })],
    context: { interruptForApproval: true },
    script: (request) => {
      if (isParent(protocolCase, request)) {
        parentTurns++;
        return parentTurns === 1
          ? {
              toolCalls: [
                {
                  name: 'agent',
                  arguments: { description: 'write it', prompt: 'Write out.txt', subagent_type: 'writer' },
                },
              ],
            }
          : { text: 'Parent done.' };
      }
      subTurns++;
      return subTurns === 1
        ? { toolCalls: [{ name: 'write_file', arguments: { path: 'out.txt' } }] }
        : { text: 'Writer finished.' };
    },
  });
  return setup;
}

async function drain(iterator: AsyncGenerator<AgentEvent, RunResult>) {
  const events: AgentEvent[] = [];
  for (;;) {
    const step = await iterator.next();
    if (step.done) return { result: step.value, events };
    events.push(step.value);
  }
}

/** The interrupted parent's state, stored as JSON and read back as a later request would. */
function storedState(result: RunResult): RunState {
  expect(result.state).toBeDefined();
  return parseRunState(JSON.parse(JSON.stringify(result.state)));
}

const exists = (file: string) =>
  readFile(path.join(project.root, file), 'utf8').then(
    (text) => text,
    () => undefined,
  );

describe.each(PROTOCOL_CASES)('bubble approvals through interruptions over $protocol', (protocolCase) => {
  it("G3 A3 a bubble subagent's approval interrupts the parent run; approving and resuming writes the file", async () => {
    const { run, context, server } = await start(protocolCase);
    const first = await run('Delegate the write.');
    expect(first.result.status).toBe('interrupted');
    const pending = first.result.interruptions ?? [];
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({
      toolName: 'agent',
      subagent: { name: 'writer', request: { toolName: 'write_file', input: { path: 'out.txt' } } },
    });
    expect(first.events.some((event) => event.type === 'approval-request')).toBe(true);
    expect(await exists('out.txt')).toBeUndefined();
    // The parent's model has not been asked again: its turn ended at the agent call.
    expect(server.requests.filter((request) => isParent(protocolCase, request))).toHaveLength(1);

    const state = approveToolCall(storedState(first.result), pending[0]!.toolCallId);
    const resumed = await drain(runAgent(context, { state }));
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.finalText).toBe('Parent done.');
    expect(await exists('out.txt')).toBe('written');
    const parentRequests = server.requests.filter((request) => isParent(protocolCase, request));
    const agentResult = protocolCase.toolResultsOf(parentRequests.at(-1)!.body).at(-1)?.content ?? '';
    expect(agentResult).toContain('Writer finished.');
    expect(agentResult).toContain('completed');
  });

  it("G3 A3 a bubble subagent's approval denied through the parent's state: its model reads the reason", async () => {
    const { run, context, server } = await start(protocolCase);
    const first = await run('Delegate the write.');
    expect(first.result.status).toBe('interrupted');
    const callId = first.result.interruptions?.[0]?.toolCallId ?? '';
    const state = denyToolCall(storedState(first.result), callId, 'not in this folder');
    const resumed = await drain(runAgent(context, { state }));
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.finalText).toBe('Parent done.');
    expect(await exists('out.txt')).toBeUndefined();
    const subRequests = server.requests.filter((request) => !isParent(protocolCase, request));
    const denial = protocolCase.toolResultsOf(subRequests.at(-1)!.body).at(-1)?.content ?? '';
    expect(denial).toContain('did not approve running write_file: not in this folder');
  });

  it('G3 A3 a background bubble subagent still has its approval denied under interruptions', async () => {
    let subTurns = 0;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: [testTool('write_file', 'edit')],
      agents: [definition({ name: 'writer', approvalMode: 'bubble', background: true })],
      context: { interruptForApproval: true },
      script: (request) => {
        if (isParent(protocolCase, request)) {
          return protocolCase.toolResultsOf(request.body).length === 0
            ? {
                toolCalls: [
                  {
                    name: 'agent',
                    arguments: { description: 'write it', prompt: 'Write', subagent_type: 'writer' },
                  },
                ],
              }
            : { text: 'Parent done.' };
        }
        subTurns++;
        return subTurns === 1
          ? { toolCalls: [{ name: 'write_file', arguments: { path: 'out.txt' } }] }
          : { text: 'Writer finished.' };
      },
    });
    const { result } = await setup.run('Delegate the write.');
    expect(result.status).toBe('completed');
    await setup.tasks.waitForResult();
    const subRequests = setup.server.requests.filter((request) => !isParent(protocolCase, request));
    expect(subRequests.length).toBeGreaterThanOrEqual(2);
    const denial = protocolCase.toolResultsOf(subRequests.at(-1)!.body).at(-1)?.content ?? '';
    expect(denial).toContain('nobody can approve');
  });
});
