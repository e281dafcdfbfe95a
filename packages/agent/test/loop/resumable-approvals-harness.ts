/**
 * What the resumable-approval tests share: a temporary project per test, a fake model scripted to
 * call four tools (read, edit, read, execute) and finish, and the loop on it with approvals that
 * interrupt the run or are asked in process. The fast file runs the in-process cases, the
 * integration file the resume in a second Node process.
 */
import type { RunResult } from '@skilldock/agent/loop';
import { afterEach, beforeEach } from 'vitest';
import type { ProtocolCase } from '../model/protocol-cases.js';
import { type LoopSetup, startLoop, temporaryProject, testTool } from './loop-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setups: LoopSetup[] = [];

/** Gives each test of the file a fresh project, and closes its fake model servers after it. */
export function useResumableProject(): { readonly root: () => string } {
  beforeEach(async () => {
    project = await temporaryProject();
  });
  afterEach(async () => {
    await Promise.all(setups.map((setup) => setup.server.close()));
    setups = [];
    await project.remove();
  });
  return { root: () => project.root };
}

export const SCRIPT = [
  {
    toolCalls: [
      { name: 'look', arguments: {} },
      { name: 'write', arguments: { path: 'notes.md' } },
      { name: 'look', arguments: { path: 'again' } },
      { name: 'shell', arguments: {} },
    ],
  },
  { text: 'Done.' },
];

/** The conversation without ids the fake server makes up per run. */
export const conversation = (result: RunResult) =>
  result.messages.map((message) =>
    message.role === 'tool'
      ? [message.role, message.toolName, message.content, message.isError]
      : message.role === 'assistant'
        ? [
            message.role,
            message.content,
            (message.toolCalls ?? []).map((call) => [call.name, call.arguments]),
          ]
        : [message.role, message.content],
  );

/**
 * The loop over `protocolCase` on the scripted model, with tools that record that they ran:
 * interrupting for approval, or asking `askApproval` in process.
 */
export async function startResumableLoop(
  protocolCase: ProtocolCase,
  interruptForApproval: boolean,
  askApproval?: () => Promise<'allow' | 'deny'>,
) {
  const ran: string[] = [];
  const tool = (name: string, kind: 'read' | 'edit' | 'execute') =>
    testTool(name, kind, async () => {
      ran.push(name);
      return { content: `${name} ok`, isError: false };
    });
  const setup = await startLoop(protocolCase, SCRIPT, {
    cwd: project.root,
    tools: [tool('look', 'read'), tool('write', 'edit'), tool('shell', 'execute')],
    approvalModes: ['default'],
    interruptForApproval,
    ...(askApproval === undefined ? {} : { askApproval }),
  });
  setups.push(setup);
  return { setup, ran };
}
