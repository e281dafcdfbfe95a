/**
 * SPEC G3 across processes: a run interrupted for approval is serialised, and a second Node
 * process resumes it with the answers — the same conversation as an uninterrupted run. Full tier:
 * it starts a real process (the in-process cases are in resumable-approvals.test.ts).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AgentEvent, RunResult } from '@skilldock/agent/loop';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { conversation, startResumableLoop, useResumableProject } from './resumable-approvals-harness.js';

const RESUME_SCRIPT = fileURLToPath(new URL('../fixtures/resume-run.mjs', import.meta.url));

const project = useResumableProject();

describe.each(PROTOCOL_CASES)('resumable approvals in a new process over $protocol', (protocolCase) => {
  const start = (interruptForApproval: boolean, askApproval?: () => Promise<'allow' | 'deny'>) =>
    startResumableLoop(protocolCase, interruptForApproval, askApproval);

  function resumeInAnotherProcess(
    baseUrl: string,
    stored: string,
    answers: { toolCallId: string; decision: 'allow' | 'deny'; reason?: string }[],
  ): Promise<{ ran: string[]; result: RunResult }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [RESUME_SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`resume exited ${code}: ${stderr}`)),
      );
      child.stdin.end(
        JSON.stringify({
          protocol: protocolCase.protocol,
          baseUrl,
          state: stored,
          answers,
          cwd: project.root(),
        }),
      );
    });
  }

  it('G3 interrupt, serialise, resume in a new process: the same conversation as an uninterrupted run', async () => {
    const straight = await start(false, async () => 'allow');
    const expected = await straight.setup.run({ prompt: 'Go' });
    expect(expected.result.status).toBe('completed');
    expect(straight.ran).toEqual(['look', 'write', 'look', 'shell']);

    const { setup, ran } = await start(true);
    const first = await setup.run({ prompt: 'Go' });
    expect(first.result.status).toBe('interrupted');
    // Everything before the first call waiting for approval ran; nothing after it did.
    expect(ran).toEqual(['look']);
    expect(
      first.result.interruptions?.map((request) => [request.toolName, request.kind, request.input]),
    ).toEqual([
      ['write', 'edit', { path: 'notes.md' }],
      ['shell', 'execute', {}],
    ]);
    const requested = first.events.filter((event: AgentEvent) => event.type === 'approval-request');
    expect(requested).toHaveLength(1);
    expect(first.events.at(-1)?.type).toBe('run-end');
    expect(setup.server.requests).toHaveLength(1);

    const stored = JSON.stringify(first.result.state);
    const answers = first.result.interruptions!.map((request) => ({
      toolCallId: request.toolCallId,
      decision: 'allow' as const,
    }));
    const baseUrl =
      protocolCase.protocol === 'openai' ? setup.server.openaiBaseUrl : setup.server.anthropicBaseUrl;
    const resumed = await resumeInAnotherProcess(baseUrl, stored, answers);
    expect(resumed.ran).toEqual(['write', 'look', 'shell']);
    expect(resumed.result.status).toBe('completed');
    expect(resumed.result.finalText).toBe('Done.');
    expect(conversation(resumed.result)).toEqual(conversation(expected.result));
    expect(resumed.result.stats.turns).toBe(expected.result.stats.turns);
    expect(resumed.result.stats.toolCalls).toBe(expected.result.stats.toolCalls);
    // The model saw the same tool results in the same order as in the uninterrupted run.
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body).map((entry) => entry.content)).toEqual(
      protocolCase.toolResultsOf(straight.setup.server.requests[1]?.body).map((entry) => entry.content),
    );
  });
});
