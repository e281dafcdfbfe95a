import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  jsonLines,
  makeAgentWorkspace,
  PROTOCOLS,
  readOnlyTranscript,
  runAgentCli,
  viewRequest,
  writeSettings,
} from './agent-fixtures/agent-harness.js';

const SECRET = 'myllm-0123456789-abcdef';

describe.each(PROTOCOLS)('SEC3 a provider key named by apiKeyEnv ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });

  it('SEC3 never reaches the shell, the model, the events or the transcript', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [
        {
          toolCalls: [
            { name: 'shell', arguments: { command: 'echo "[$MYLLM_AUTH]"; env | grep -c MYLLM || true' } },
            { name: 'read_file', arguments: { path: 'deploy.env' } },
          ],
        },
        { text: 'Done.' },
      ],
    });
    const baseUrl = protocol.name === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl;
    writeSettings(folders.home, {
      models: {
        default: 'myllm:test-model',
        providers: { myllm: { type: protocol.name, baseUrl, apiKeyEnv: 'MYLLM_AUTH' } },
      },
    });
    writeFileSync(path.join(folders.project, 'deploy.env'), `MYLLM_AUTH=${SECRET}\n`);
    const result = await runAgentCli(['run', '--json', '--approval-mode', 'yolo', 'Check the key'], {
      cwd: folders.project,
      home: folders.home,
      env: { MYLLM_AUTH: SECRET },
    });
    expect(result.status).toBe(0);
    // The key did authenticate the requests…
    expect(JSON.stringify(server.requests[0]?.headers)).toContain(SECRET);
    // …but the shell never had it, and the file holding it came back scrubbed.
    const results = viewRequest(server.requests[1]!).toolResults.map((entry) => entry.content);
    expect(results[0]).toBe('[]\n0\n\nExit code: 0');
    expect(results[1]).toContain('MYLLM_AUTH=[redacted:MYLLM_AUTH]');
    expect(JSON.stringify(server.requests.map((request) => request.body))).not.toContain(SECRET);
    expect(result.stdout).not.toContain(SECRET);
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ type: 'run-end' });
    expect(JSON.stringify(readOnlyTranscript(folders.home))).not.toContain(SECRET);
    expect(JSON.stringify(readOnlyTranscript(folders.home))).toContain('[redacted:MYLLM_AUTH]');
  });
});
