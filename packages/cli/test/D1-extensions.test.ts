import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  makeAgentWorkspace,
  runAgentCli,
  writeSettings,
} from './agent-fixtures/agent-harness.js';
import { type ChatSession, startChatInProcess } from './agent-fixtures/pty-session.js';

const PROMPT = '› ';

let folders: AgentWorkspaceFolders;
let server: FakeModelServer | undefined;
let chat: ChatSession | undefined;

afterEach(async () => {
  chat?.kill();
  chat = undefined;
  await server?.close();
  server = undefined;
  folders.remove();
});

/** An extension folder with one skill and one agent. */
function writeExtension(folder: string, skill: string, agentName: string): void {
  mkdirSync(path.join(folder, 'skills', skill), { recursive: true });
  writeFileSync(
    path.join(folder, 'skills', skill, 'SKILL.md'),
    `---\nname: ${skill}\ndescription: Fill PDF forms. Use when a PDF form must be filled.\n---\n# ${skill}\nEXTENSION-SKILL-BODY\n`,
  );
  mkdirSync(path.join(folder, 'agents'), { recursive: true });
  writeFileSync(
    path.join(folder, 'agents', `${agentName}.md`),
    `---\nname: ${agentName}\ndescription: Reviews Rust code.\n---\nYou review Rust code.\n`,
  );
}

/**
 * `~/.skilldock/settings.json` names `extensions/rust` (relative to the file's folder), a missing
 * folder and, in the project settings, `../vendor/acme` (relative to `<project>/.skilldock`).
 */
function setUp(): { missing: string } {
  folders = makeAgentWorkspace();
  writeExtension(path.join(folders.home, '.skilldock', 'extensions', 'rust'), 'pdf', 'rust-reviewer');
  writeExtension(path.join(folders.project, 'vendor', 'acme'), 'deploy', 'acme-helper');
  const missing = path.join(folders.home, 'no-such-extension');
  writeSettings(folders.home, { extensions: ['extensions/rust', missing] });
  writeSettings(folders.project, { extensions: ['../vendor/acme'] });
  return { missing };
}

describe('D1 A1 extension folders from settings', () => {
  it('D1 skills list shows extension skills as <owner>:<id> (table and --json); a missing folder is a warning', async () => {
    const { missing } = setUp();
    const env = { SKILLDOCK_TRUST: '1' };
    const json = await runAgentCli(['skills', 'list', '--json'], {
      cwd: folders.project,
      home: folders.home,
      env,
    });
    expect(json.status).toBe(0);
    const listing = JSON.parse(json.stdout) as { skills: { id: string; source: unknown }[] };
    const byId = new Map(listing.skills.map((skill) => [skill.id, skill]));
    expect(byId.get('rust:pdf')).toMatchObject({
      name: 'pdf',
      source: {
        type: 'extension',
        scope: 'rust',
        directory: path.join(folders.home, '.skilldock', 'extensions', 'rust', 'skills'),
      },
    });
    expect(byId.get('acme:deploy')).toMatchObject({
      source: {
        type: 'extension',
        scope: 'acme',
        directory: path.join(folders.project, 'vendor', 'acme', 'skills'),
      },
    });
    expect(json.stderr).toContain(`The extension folder ${missing} does not exist`);
    const table = await runAgentCli(['skills', 'list'], { cwd: folders.project, home: folders.home, env });
    expect(table.status).toBe(0);
    expect(table.stdout).toMatch(/rust:pdf\s+pdf\s+extension:rust/);
  });

  it('A1 agents list shows extension agents (table and --json); project extensions only when trusted', async () => {
    setUp();
    const trusted = await runAgentCli(['agents', 'list', '--json'], {
      cwd: folders.project,
      home: folders.home,
      env: { SKILLDOCK_TRUST: '1' },
    });
    expect(trusted.status).toBe(0);
    const agents = (JSON.parse(trusted.stdout) as { agents: { name: string; level: string; file: string }[] })
      .agents;
    expect(agents).toContainEqual(
      expect.objectContaining({
        name: 'rust-reviewer',
        level: 'extension',
        file: path.join(folders.home, '.skilldock', 'extensions', 'rust', 'agents', 'rust-reviewer.md'),
      }),
    );
    expect(agents).toContainEqual(expect.objectContaining({ name: 'acme-helper', level: 'extension' }));
    const table = await runAgentCli(['agents', 'list'], {
      cwd: folders.project,
      home: folders.home,
      env: { SKILLDOCK_TRUST: '1' },
    });
    expect(table.stdout).toMatch(/rust-reviewer\s+extension/);
    // Untrusted: the project's settings (and so its extension) do not apply.
    const untrusted = await runAgentCli(['agents', 'list', '--json'], {
      cwd: folders.project,
      home: folders.home,
    });
    const names = (JSON.parse(untrusted.stdout) as { agents: { name: string }[] }).agents.map(
      (agent) => agent.name,
    );
    expect(names).toContain('rust-reviewer');
    expect(names).not.toContain('acme-helper');
  });

  it('D1 A1 chat: /skills lists rust:pdf, /rust:pdf activates it, /agents manage has an Extension Agents section', async () => {
    const { missing } = setUp();
    server = await startFakeModelServer({ script: [{ text: 'Filled the form.' }] });
    chat = startChatInProcess([], {
      cwd: folders.project,
      home: folders.home,
      env: {
        OPENAI_BASE_URL: server.openaiBaseUrl,
        OPENAI_API_KEY: 'test-key',
        SKILLDOCK_MODEL: 'openai:test-model',
        SKILLDOCK_TRUST: '1',
      },
    });
    await chat.waitFor('/help for commands');
    await chat.waitFor(PROMPT);
    expect(chat.sinceMark()).toContain(`The extension folder ${missing} does not exist`);
    const run = async (line: string, expected: string | RegExp) => {
      chat!.mark();
      chat!.line(line);
      await chat!.waitFor(expected);
    };
    await run('/skills', 'rust:pdf');
    chat.line('');
    await chat.waitFor(new RegExp(`\\n${PROMPT}$`));
    await run('/agents manage', 'Extension Agents (read-only: edit the extension)');
    await chat.waitFor('rust-reviewer');
    expect(chat.sinceMark()).toContain('acme-helper');
    chat.line('');
    await chat.waitFor(new RegExp(`\\n${PROMPT}$`));
    await run('/rust:pdf fill the tax form', 'Filled the form.');
    const body = JSON.stringify(server.requests[0]!.body);
    expect(body).toContain('EXTENSION-SKILL-BODY');
    chat.line('/quit');
    expect(await chat.exited).toBe(0);
  });
});
