import { existsSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  jsonLines,
  makeAgentWorkspace,
  PROTOCOLS,
  runAgentCli,
  viewRequest,
  writeProjectSkill,
  writeSettings,
} from './agent-fixtures/agent-harness.js';

const ECHO_SERVER = path.join(import.meta.dirname, 'agent-fixtures', 'echo-mcp-server.mjs');

describe.each(PROTOCOLS)('skilldock run workspace trust ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });

  const setUp = async () => {
    folders = makeAgentWorkspace();
    writeProjectSkill(
      folders.project,
      'deploy',
      'description: Deploy the service.',
      'Run the deploy script.',
    );
    writeSettings(folders.project, {
      mcpServers: { project: { command: process.execPath, args: [ECHO_SERVER, 'project'] } },
    });
    server = await startFakeModelServer({ script: () => ({ text: 'OK.' }) });
  };
  const run = (args: string[], env: Record<string, string> = {}) =>
    runAgentCli(['run', ...args], {
      cwd: folders.project,
      home: folders.home,
      env: { ...protocol.env(server!), ...env },
    });

  it('D2 an untrusted run starts without project skills and project MCP servers, and says so', async () => {
    await setUp();
    const text = await run(['Deploy']);
    expect(text.status).toBe(0);
    expect(text.stdout).toBe('OK.\n');
    expect(text.stderr).toContain(
      `note: The workspace ${folders.project} is not trusted, so project skills and subagents, and project MCP servers (project) were not loaded.`,
    );
    const request = viewRequest(server!.requests[0]!);
    expect(request.system).not.toContain('deploy');
    expect(request.toolNames).not.toContain('mcp__project__shout');

    const json = await run(['--json', 'Deploy']);
    expect(json.status).toBe(0);
    const events = jsonLines(json.stdout);
    expect(events[0]).toMatchObject({ type: 'notice', code: 'workspace_untrusted' });
    expect(events[1]).toMatchObject({ type: 'session-start', trusted: false });
  });

  it('D2 --trust loads them for this run only, and SKILLDOCK_TRUST=1 does the same', async () => {
    await setUp();
    // A project MCP server also needs its entry approved (SEC2); --approve-mcp does it for this run.
    const trusted = await run(['--trust', '--approve-mcp', 'project', 'Deploy']);
    expect(trusted.status).toBe(0);
    expect(trusted.stderr).toBe('');
    const request = viewRequest(server!.requests[0]!);
    expect(request.system).toContain('<skill name="deploy">Deploy the service.</skill>');
    expect(request.toolNames).toContain('mcp__project__shout');
    expect(existsSync(path.join(folders.home, '.skilldock', 'trusted.json'))).toBe(false);

    const byEnvironment = await run(['Deploy'], { SKILLDOCK_TRUST: '1' });
    expect(byEnvironment.status).toBe(0);
    expect(viewRequest(server!.requests[1]!).system).toContain('<skill name="deploy">');
  });
});
