import { mkdirSync, writeFileSync } from 'node:fs';
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
  writeSettings,
} from './agent-fixtures/agent-harness.js';

const ECHO_SERVER = path.join(import.meta.dirname, 'agent-fixtures', 'echo-mcp-server.mjs');
const SAFE_MODE_NOTE =
  'Safe mode: project settings, project MCP servers, project subagents, fork profiles and external executors are off for this session.';

describe.each(PROTOCOLS)('skilldock run --safe-mode ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });

  it('A11 safe mode takes no project settings or MCP servers even when trusted, and says so once', async () => {
    folders = makeAgentWorkspace();
    writeSettings(folders.project, {
      models: { default: 'openai:project-model' },
      mcpServers: { project: { command: process.execPath, args: [ECHO_SERVER, 'project'] } },
    });
    mkdirSync(path.join(folders.project, '.qwen', 'agents'), { recursive: true });
    writeFileSync(
      path.join(folders.project, '.qwen', 'agents', 'proj.md'),
      '---\nname: proj\ndescription: A project agent.\n---\nx\n',
    );
    server = await startFakeModelServer({ script: () => ({ text: 'OK.' }) });
    const env = { ...protocol.env(server), SKILLDOCK_TRUST: '1' };
    const safe = await runAgentCli(['run', '--safe-mode', '--approve-mcp', 'project', '--json', 'Hi'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(safe.status, safe.stderr).toBe(0);
    const notices = jsonLines(safe.stdout).filter((line) => line.type === 'notice');
    expect(notices).toEqual([{ type: 'notice', code: 'safe_mode', message: SAFE_MODE_NOTE }]);
    const request = viewRequest(server.requests[0]!);
    expect(request.toolNames.some((name) => name.startsWith('mcp__'))).toBe(false);

    const text = await runAgentCli(['run', '--safe-mode', 'Hi'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(text.stderr.split(SAFE_MODE_NOTE).length - 1).toBe(1);

    // Without safe mode the same trusted run starts the approved project server.
    const normal = await runAgentCli(['run', '--approve-mcp', 'project', 'Hi'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(normal.status).toBe(0);
    expect(viewRequest(server.requests.at(-1)!).toolNames).toContain('mcp__project__shout');
  });
});
