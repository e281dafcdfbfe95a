import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAgent } from '../src/agent/load-agent.js';
import type { ChatContext } from '../src/chat/chat-context.js';
import { ChatInput } from '../src/chat/chat-input.js';
import { learnCommand } from '../src/chat/commands/learn-command.js';
import { renderForTerminal } from '../src/terminal-style.js';
import {
  type AgentWorkspaceFolders,
  makeAgentWorkspace,
  runAgentCli,
  viewRequest,
  writeSettings,
} from './agent-fixtures/agent-harness.js';
import { type PtySession, startChat } from './agent-fixtures/pty-session.js';

const SKILL = (name: string) =>
  [
    '---',
    `name: ${name}`,
    'description: Ship the service with make. Use when deploying.',
    'source: learned',
    '---',
    '# Ship it',
    '## When to use',
    '- Deploying.',
    '## Procedure',
    '1. Run `make deploy`.',
    '## Pitfalls',
    '- Run the tests first.',
    '',
  ].join('\n');

const writes = (name: string, content = SKILL(name)): FakeScript => [
  { toolCalls: [{ name: 'write_file', arguments: { path: `.agents/skills/${name}/SKILL.md`, content } }] },
  { text: 'Done.' },
];

let folders: AgentWorkspaceFolders;
let server: FakeModelServer | undefined;
let site: Server | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
  site?.closeAllConnections();
  await new Promise((resolve) => (site === undefined ? resolve(undefined) : site.close(resolve)));
  site = undefined;
  folders?.remove();
});

async function learn(args: string[], script: FakeScript) {
  folders ??= makeAgentWorkspace();
  server = await startFakeModelServer({ script });
  return runAgentCli(['learn', ...args], {
    cwd: folders.project,
    home: folders.home,
    env: modelEnv(server),
  });
}

/** The variables that point the CLI at the fake server, in a trusted workspace. */
function modelEnv(fake: FakeModelServer): Record<string, string> {
  return {
    OPENAI_BASE_URL: fake.openaiBaseUrl,
    OPENAI_API_KEY: 'test-key',
    SKILLDOCK_MODEL: 'openai:test-model',
    SKILLDOCK_TRUST: '1',
  };
}

describe('skilldock learn', () => {
  it('L1 --help shows the source kinds, the settings and examples', async () => {
    folders = makeAgentWorkspace();
    const { status, stdout } = await runAgentCli(['learn', '--help'], {
      cwd: folders.project,
      home: folders.home,
    });
    expect(status).toBe(0);
    expect(stdout).toContain('Usage: skilldock learn [options] <source> [focus...]');
    expect(stdout).toContain('learn.allowedHosts');
    expect(stdout).toContain('models.providers.<provider>.models.<model>.video');
  });

  it('L1 learns from text and prints the skill for review; --json gives the same as data', async () => {
    folders = makeAgentWorkspace();
    // learn runs no MCP server: this one would leave a marker file if it were started.
    const marker = path.join(folders.home, 'mcp-started');
    writeSettings(folders.home, {
      mcpServers: {
        probe: {
          command: process.execPath,
          args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`],
        },
      },
    });
    const text = await learn(['Deploy with make deploy, after the tests'], writes('learned-skill-ship'));
    expect(text.status).toBe(0);
    expect(text.stdout).toContain(
      'new skill learned-skill-ship → .agents/skills/learned-skill-ship/SKILL.md',
    );
    expect(text.stdout).toContain('  ## Procedure');
    expect(text.stdout).toContain('Review it before a session uses it');
    await server!.close();
    const json = await learn(
      ['--json', 'Release notes live in CHANGELOG.md'],
      writes('learned-skill-release'),
    );
    expect(json.status).toBe(0);
    const result = JSON.parse(json.stdout) as { ok: boolean; skills: { file: string; content: string }[] };
    expect(result.ok).toBe(true);
    expect(result.skills).toEqual([
      {
        name: 'learned-skill-release',
        directory: '.agents/skills/learned-skill-release',
        file: '.agents/skills/learned-skill-release/SKILL.md',
        content: SKILL('learned-skill-release'),
      },
    ]);
    expect(readFileSync(path.join(folders.project, result.skills[0]!.file), 'utf8')).toBe(
      SKILL('learned-skill-release'),
    );
    expect(existsSync(marker)).toBe(false);
  });

  it('L1 learns from a loopback page only with --allow-insecure-localhost', async () => {
    folders = makeAgentWorkspace();
    site = createServer((_request, response) =>
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<html><head><title>Runbook</title></head><body><article><h1>Runbook</h1><p>${'Deploy with make deploy and watch the dashboard until the error rate settles. '.repeat(6)}</p></article></body></html>`,
        ),
    );
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(site.address() as AddressInfo).port}/runbook`;
    const refused = await learn(['--json', url], writes('learned-skill-runbook'));
    expect(refused.status).toBe(1);
    expect(JSON.parse(refused.stdout).error.code).toBe('insecure_protocol');
    await server!.close();
    const allowed = await learn(
      ['--allow-insecure-localhost', url, 'the', 'dashboard'],
      writes('learned-skill-runbook'),
    );
    expect(allowed.status).toBe(0);
    const user = (server!.requests[0]!.body as { messages: { role: string; content: string }[] })
      .messages[1]!;
    expect(user.content).toContain('Focus: the dashboard');
    expect(user.content).toContain('Deploy with make deploy and watch the dashboard');
  });

  it('L1 a video needs the video: true mark, named in the error (exit 2); marked, it is sent as video_url', async () => {
    folders = makeAgentWorkspace();
    writeFileSync(path.join(folders.project, 'demo.mov'), Buffer.alloc(48, 3));
    const unmarked = await learn(['demo.mov'], writes('learned-skill-demo'));
    expect(unmarked.status).toBe(2);
    expect(unmarked.stderr).toContain('"models.providers.openai.models.test-model.video": true');
    expect(server!.requests).toHaveLength(0);
    await server!.close();
    writeSettings(folders.home, {
      models: { providers: { openai: { type: 'openai', models: { 'test-model': { video: true } } } } },
    });
    const marked = await learn(['demo.mov', 'the', 'setup'], writes('learned-skill-demo'));
    expect(marked.status).toBe(0);
    const user = (server!.requests[0]!.body as { messages: { role: string; content: unknown }[] })
      .messages[1]!;
    expect(user.content).toEqual([
      expect.objectContaining({ type: 'text' }),
      {
        type: 'video_url',
        video_url: { url: `data:video/quicktime;base64,${Buffer.alloc(48, 3).toString('base64')}` },
      },
    ]);
  });

  it('L1 a YouTube page is refused with guidance, and an invalid skill writes nothing (exit 1)', async () => {
    folders = makeAgentWorkspace();
    const youtube = await learn(['--json', 'https://www.youtube.com/watch?v=x'], writes('learned-skill-x'));
    expect(youtube.status).toBe(1);
    expect(JSON.parse(youtube.stdout).error).toMatchObject({ code: 'learn_video_site' });
    await server!.close();
    const invalid = await learn(
      ['--json', 'notes about deploys'],
      writes('learned-skill-bad', SKILL('learned-skill-bad').replace('## Pitfalls', '## Notes')),
    );
    expect(invalid.status).toBe(1);
    expect(JSON.parse(invalid.stdout)).toMatchObject({
      ok: false,
      error: {
        code: 'learned_skill_invalid',
        details: { problems: ['the body needs a "## Pitfalls" section'] },
      },
    });
    expect(existsSync(path.join(folders.project, '.agents', 'skills', 'learned-skill-bad'))).toBe(false);
  });
});

describe('/learn in chat', () => {
  async function chatLearn(answer: string) {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({ script: writes('learned-skill-ship') });
    // The agent's stages as the chat gets them (loadAgent), not the package root.
    const agent = await loadAgent();
    const workspace = await agent.openWorkspace({
      cwd: folders.project,
      home: folders.home,
      env: {
        OPENAI_BASE_URL: server.openaiBaseUrl,
        OPENAI_API_KEY: 'k',
        SKILLDOCK_MODEL: 'openai:test-model',
      },
      trust: true,
    });
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const input = new ChatInput({ stdin, stdout, render: (text) => text });
    const lines: string[] = [];
    const chat = {
      agent,
      workspace,
      input,
      say: (text: string) => {
        lines.push(renderForTerminal(text, { colour: false }));
      },
      cancellable: (work: (signal: AbortSignal) => Promise<unknown>) => work(new AbortController().signal),
    } as unknown as ChatContext;
    let asked = '';
    let answered = false;
    stdout.on('data', (chunk: Buffer) => {
      asked += chunk.toString();
      // The terminal echoes the answer; it is typed once.
      if (!answered && asked.includes('[y/N] › ')) {
        answered = true;
        stdin.write(`${answer}\n`);
      }
    });
    try {
      await learnCommand.run(chat, 'Deploy with make deploy, after the tests');
    } finally {
      input.close();
      await workspace.close();
    }
    return { lines, asked, folder: path.join(folders.project, '.agents', 'skills', 'learned-skill-ship') };
  }

  it('L1 shows the path and content, and a yes keeps the skill', async () => {
    const { lines, asked, folder } = await chatLearn('y');
    expect(lines.join('\n')).toContain(
      'new skill learned-skill-ship → .agents/skills/learned-skill-ship/SKILL.md',
    );
    expect(lines.join('\n')).toContain('  description: Ship the service with make. Use when deploying.');
    expect(asked).toContain('Keep learned-skill-ship? [y/N] › ');
    expect(lines.at(-1)).toContain('kept learned-skill-ship');
    expect(readFileSync(path.join(folder, 'SKILL.md'), 'utf8')).toBe(SKILL('learned-skill-ship'));
  });

  it('L1 anything but yes discards the skill: its folder is removed', async () => {
    const { lines, folder } = await chatLearn('n');
    expect(lines.at(-1)).toContain('discarded .agents/skills/learned-skill-ship');
    expect(existsSync(folder)).toBe(false);
  });
});

describe('/learn in a real chat terminal', () => {
  let session: PtySession | undefined;
  afterEach(() => {
    session?.kill();
    session = undefined;
  });

  it('L1 R7 a kept skill is announced to the conversation at the next turn; Ctrl-C cancels learning', async () => {
    folders = makeAgentWorkspace();
    let requested: () => void = () => undefined;
    const slowRequested = new Promise<void>((resolve) => {
      requested = resolve;
    });
    // The learn run's request after /learn is answered late: Ctrl-C comes while it waits.
    const slow = () => {
      requested();
      return { text: 'slow', delayMs: 30_000 };
    };
    server = await startFakeModelServer({
      script: [...(writes('learned-skill-ship') as object[]), { text: 'Hello.' }, slow] as never,
    });
    session = startChat([], {
      cwd: folders.project,
      home: folders.home,
      env: modelEnv(server),
    });
    await session.waitFor('/help for commands');
    session.mark();
    session.line('/learn Deploy with make deploy, after the tests');
    await session.waitFor('Keep learned-skill-ship? [y/N] › ');
    expect(session.sinceMark()).toContain('  ## Procedure');
    session.line('y');
    await session.waitFor('kept learned-skill-ship');
    session.mark();
    session.line('Hi');
    await session.waitFor('Hello.');
    const texts = viewRequest(server.requests[2]!).userTexts.join('\n');
    expect(texts).toContain('learned-skill-ship');
    session.mark();
    session.line('/learn notes about releases');
    await session.waitFor('Learning… (Ctrl-C cancels)');
    await slowRequested;
    session.type('\u0003');
    await session.waitFor('nothing was kept');
    expect(existsSync(path.join(folders.project, '.agents', 'skills', 'learned-skill-ship'))).toBe(true);
    session.line('/quit');
    expect(await session.exited).toBe(0);
  });
});
