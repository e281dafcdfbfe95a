/**
 * SPEC SEC3 against a real `skilldock run` process: the shell's environment and literal output are
 * scrubbed, but `/proc/$PPID/environ` is the CLI's own initial environment, which Node cannot
 * erase — it held the provider key, and `| base64` went around the scrubbing. The shell runs in a
 * sandbox with its own pid namespace and `/proc` (bubblewrap), so no process it can see holds a key.
 */
import { existsSync } from 'node:fs';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  jsonLines,
  makeAgentWorkspace,
  startCli,
  viewRequest,
  writeSettings,
} from './agent-fixtures/agent-harness.js';

const SECRET = 'procenv-0123456789-abcdef';

/** Everything `text` could carry the key in: literally, reversed, or in any base64 run. */
function carriesSecret(text: string): boolean {
  if (text.includes(SECRET) || text.includes([...SECRET].reverse().join(''))) return true;
  for (const run of text.match(/[A-Za-z0-9+/=]{16,}/g) ?? [])
    for (let shift = 0; shift < 4; shift += 1)
      if (Buffer.from(run.slice(shift), 'base64').toString('latin1').includes(SECRET)) return true;
  return false;
}

describe('SEC3 a yolo run cannot read the provider key through /proc', () => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });

  it('SEC3 cat /proc/$PPID/environ and /proc/*/environ give back no key, in any encoding', async () => {
    expect(existsSync('/usr/bin/bwrap'), 'install the Debian package bubblewrap').toBe(true);
    folders = makeAgentWorkspace();
    const command =
      'cat /proc/$PPID/environ | base64 -w0; echo; cat /proc/$PPID/environ | rev; echo; cat /proc/*/environ | base64 -w0; echo; cat /proc/*/environ | rev; echo; echo ppid=$PPID';
    server = await startFakeModelServer({
      script: [{ toolCalls: [{ name: 'shell', arguments: { command } }] }, { text: 'Done.' }],
    });
    writeSettings(folders.home, {
      models: {
        default: 'myllm:test-model',
        providers: { myllm: { type: 'openai', baseUrl: server.openaiBaseUrl, apiKeyEnv: 'MYLLM_AUTH' } },
      },
    });
    const cli = startCli(['run', '--json', '--approval-mode', 'yolo', 'Read the environment'], {
      cwd: folders.project,
      home: folders.home,
      env: { MYLLM_AUTH: SECRET, OPENAI_API_KEY: `${SECRET}-openai` },
    });
    const status = await cli.exited;
    expect(status, cli.stderr()).toBe(0);
    // The key did authenticate the requests: the CLI had it.
    expect(JSON.stringify(server.requests[0]?.headers)).toContain(SECRET);
    const [result] = viewRequest(server.requests[1]!).toolResults;
    expect(result?.content).toContain('ppid=');
    expect(carriesSecret(result?.content ?? '')).toBe(false);
    expect(carriesSecret(JSON.stringify(server.requests.map((request) => request.body)))).toBe(false);
    expect(jsonLines(cli.stdout()).at(-1)).toMatchObject({ type: 'run-end' });
  }, 60_000);
});
