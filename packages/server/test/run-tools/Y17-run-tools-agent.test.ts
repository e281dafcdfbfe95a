/**
 * SPEC Y17 end to end: `runAgent` against the fake model server with a platform run's tools. The
 * model reads a skill from the projection, writes a report into the work folder, runs a command in
 * the bubblewrap sandbox, and is refused when it reaches for another user's files or a skill.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createRunContext, runAgent } from '@skilldock/agent/loop';
import { createOpenAIProvider } from '@skilldock/agent/model';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunTools } from '../../src/run-tools/index.js';
import { BOB_SECRET, PDF_SKILL, type RunFoldersFixture, runFoldersFixture } from './run-folders-fixture.js';

type ChatMessage = { role: string; content: string; tool_call_id?: string };

/** The tool results the model was sent in request `index`, by call id. */
function toolResults(server: FakeModelServer, index: number): Map<string, string> {
  const messages = (server.requests[index]!.body as { messages: ChatMessage[] }).messages;
  return new Map(
    messages.filter((message) => message.role === 'tool').map((m) => [m.tool_call_id!, m.content]),
  );
}

describe('a platform run with sandboxed tools', () => {
  let fixture: RunFoldersFixture;
  let server: FakeModelServer | undefined;
  beforeEach(async () => {
    fixture = await runFoldersFixture('run-agent');
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await fixture.remove();
  });

  it('Y17 reads a projection skill, writes a report, runs a sandboxed command and is refused an escape', async () => {
    const skill = path.join(fixture.projection, 'pdf', 'SKILL.md');
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ id: 'read', name: 'read_file', arguments: { path: skill } }] },
        {
          toolCalls: [
            {
              id: 'write',
              name: 'write_file',
              arguments: { path: 'report.md', content: '# PDF report\nUse pdftotext.\n' },
            },
          ],
        },
        {
          toolCalls: [
            { id: 'shell', name: 'shell', arguments: { command: 'wc -l < report.md; id -un; ls /' } },
          ],
        },
        {
          toolCalls: [
            { id: 'peek', name: 'shell', arguments: { command: `cat ${fixture.bobSecretFile}` } },
            { id: 'skill', name: 'write_file', arguments: { path: skill, content: 'hijacked' } },
            { id: 'append', name: 'shell', arguments: { command: `echo hijacked >> ${skill}` } },
          ],
        },
        { text: 'The report is in report.md.' },
      ],
    });
    const runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workspaceDirectory: fixture.workspace,
      workFolder: fixture.workFolder,
      shell: { enabled: true, network: false },
    });
    expect(runTools.notices).toEqual([]);
    const context = createRunContext({
      cwd: runTools.cwd,
      readOnlyRoots: runTools.readOnlyRoots,
      tools: runTools.tools,
      systemPrompt: `You are a research agent.\n\n${runTools.layout}`,
      // The sandbox is the boundary of a platform run; approvals are another layer's concern.
      approvalModes: ['yolo'],
      model: {
        provider: createOpenAIProvider({ apiKey: 'test-key', baseUrl: server.openaiBaseUrl }),
        model: 'test-model',
      },
    });
    const run = runAgent(context, { prompt: 'Summarise the pdf skill into a report.' });
    let step = await run.next();
    while (!step.done) step = await run.next();
    expect(step.value).toMatchObject({ status: 'completed', finalText: 'The report is in report.md.' });

    const system = (server.requests[0]!.body as { messages: ChatMessage[] }).messages[0]!;
    expect(system.content).toContain(`Your work folder is ${fixture.workFolder}`);
    expect(toolResults(server, 1).get('read')).toContain('Use pdftotext.');
    expect(toolResults(server, 2).get('write')).toBe('Created report.md (2 lines, 28 bytes).');
    expect(await readFile(path.join(fixture.workFolder, 'report.md'), 'utf8')).toBe(
      '# PDF report\nUse pdftotext.\n',
    );
    const shell = toolResults(server, 3).get('shell')!;
    expect(shell).toMatch(/^2\n/);
    expect(shell).toContain('Exit code: 0');
    expect(shell).not.toMatch(/^(home|root|var)$/m);

    const refused = toolResults(server, 4);
    expect(refused.get('peek')).toContain('No such file or directory');
    expect(refused.get('peek')).not.toContain(BOB_SECRET);
    expect(refused.get('skill')).toContain('read-only');
    expect(refused.get('append')).toContain('Read-only file system');
    expect(await readFile(skill, 'utf8')).toBe(PDF_SKILL);
  });
});
