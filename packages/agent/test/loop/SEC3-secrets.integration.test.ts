import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { redactSecrets } from '@skilldock/agent/loop';
import {
  configuredSecrets,
  connectMcpServers,
  createReadFileTool,
  createShellTool,
  type McpConnection,
  shellEnvironment,
} from '@skilldock/agent/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type LoopSetup, startLoop, temporaryProject, testTool } from './loop-harness.js';

const SECRET = 'sk-live-0123456789abcdef';
const SHORT = 'abc123';
const SERVER_SCRIPT = fileURLToPath(new URL('../fixtures/mcp-test-server.mjs', import.meta.url));

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: LoopSetup | undefined;
let mcp: McpConnection | undefined;
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  await setup?.server.close();
  setup = undefined;
  await mcp?.close();
  mcp = undefined;
  await project.remove();
});

describe.each(PROTOCOL_CASES)('SEC3 secrets never reach the model over $protocol', (protocolCase) => {
  it('SEC3 tool results, tool errors and MCP results are scrubbed before the model, events and messages', async () => {
    await writeFile(path.join(project.root, '.env'), `MYLLM_AUTH=${SECRET}\nPIN=${SHORT}\n`);
    // A server that returns the secret, as one holding a token in its environment might.
    mcp = await connectMcpServers({ leaky: { command: process.execPath, args: [SERVER_SCRIPT, SECRET] } });
    const failing = testTool('deploy', 'read', async () => {
      throw new Error(`login with ${SECRET} refused`);
    });
    setup = await startLoop(
      protocolCase,
      [
        {
          toolCalls: [
            { name: 'read_file', arguments: { path: '.env' } },
            { name: 'deploy', arguments: {} },
            { name: 'mcp__leaky__echo', arguments: { text: 'hello' } },
          ],
        },
        { text: 'Done.' },
      ],
      {
        cwd: project.root,
        tools: [createReadFileTool(), failing, ...mcp.tools],
        approvalModes: ['yolo'],
        secrets: new Map([
          ['MYLLM_AUTH', SECRET],
          ['PIN', SHORT],
        ]),
      },
    );
    const { result, events } = await setup.run({ prompt: 'Read the settings' });
    const sent = protocolCase.toolResultsOf(setup.server.requests[1]?.body).map((entry) => entry.content);
    expect(sent[0]).toContain('MYLLM_AUTH=[redacted:MYLLM_AUTH]');
    // Shorter than 8 characters: left alone, so ordinary output is not shredded.
    expect(sent[0]).toContain(`PIN=${SHORT}`);
    expect(sent[1]).toBe('The tool deploy failed: login with [redacted:MYLLM_AUTH] refused');
    expect(sent[2]).toBe('[redacted:MYLLM_AUTH]: hello');
    expect(JSON.stringify(setup.server.requests.map((request) => request.body))).not.toContain(SECRET);
    expect(JSON.stringify(events)).not.toContain(SECRET);
    expect(JSON.stringify(result.newMessages)).not.toContain(SECRET);
  });
});

describe('SEC3 the shell environment and the secret set', () => {
  const settings = {
    models: {
      providers: {
        myllm: { type: 'openai' as const, apiKeyEnv: 'MYLLM_AUTH', headers: { 'X-Org': 'org-secret-value' } },
      },
    },
    mcpServers: { files: { command: 'files-server', env: { FILES_CREDS_PLAIN: 'literal-creds-123' } } },
    shell: { env: { deny: ['INTERNAL_URL'] } },
  };
  const env = {
    PATH: process.env.PATH,
    HOME: '/h',
    MYLLM_AUTH: SECRET,
    FILES_CREDS_PLAIN: 'literal-creds-123',
    INTERNAL_URL: 'https://intranet.example',
    GITHUB_TOKEN: 'ghp_abcdefghijklmnop',
    SSH_AUTH_SOCK: '/tmp/ssh.sock',
  };

  it('SEC3 drops every variable a provider, MCP server or setting names, and the credential-looking ones', async () => {
    const { names, secrets } = configuredSecrets({ settings, env });
    expect(names).toEqual([
      'ANTHROPIC_API_KEY',
      'FILES_CREDS_PLAIN',
      'INTERNAL_URL',
      'MYLLM_AUTH',
      'OPENAI_API_KEY',
    ]);
    const environment = shellEnvironment(env, { deny: names });
    expect(Object.keys(environment).sort()).toEqual([
      'GIT_PAGER',
      'GIT_TERMINAL_PROMPT',
      'HOME',
      'PAGER',
      'PATH',
      'SSH_AUTH_SOCK',
    ]);
    expect(Object.fromEntries(secrets)).toEqual({
      'X-Org': 'org-secret-value',
      FILES_CREDS_PLAIN: 'literal-creds-123',
      MYLLM_AUTH: SECRET,
      INTERNAL_URL: 'https://intranet.example',
      GITHUB_TOKEN: 'ghp_abcdefghijklmnop',
    });
    const shell = createShellTool({ environment });
    const result = await shell.execute(
      { command: 'echo "[$MYLLM_AUTH][$GITHUB_TOKEN][$INTERNAL_URL][$HOME]"' },
      { cwd: project.root, readOnlyRoots: [], signal: new AbortController().signal, reportFiles: () => {} },
    );
    expect(result.content).toBe('[][][][/h]\n\nExit code: 0');
  });

  it('SEC3 shell.env.allow gives a credential-looking variable back to the shell', () => {
    const environment = shellEnvironment(env, { deny: ['MYLLM_AUTH'], allow: ['GITHUB_TOKEN'] });
    expect(environment.GITHUB_TOKEN).toBe('ghp_abcdefghijklmnop');
    expect(environment.MYLLM_AUTH).toBeUndefined();
  });

  it('SEC3 redaction replaces the longest value first', () => {
    const secrets = new Map([
      ['SHORTER', 'abcdefgh'],
      ['LONGER', 'abcdefgh-ijkl'],
    ]);
    expect(redactSecrets('x abcdefgh-ijkl y abcdefgh', secrets)).toBe(
      'x [redacted:LONGER] y [redacted:SHORTER]',
    );
  });
});
