import { mkdirSync, writeFileSync } from 'node:fs';
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
  writeProjectSkill,
  writeSettings,
} from './agent-fixtures/agent-harness.js';

const ECHO_SERVER = path.join(import.meta.dirname, 'agent-fixtures', 'echo-mcp-server.mjs');

describe.each(PROTOCOLS)('skilldock run with skills ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });

  const setUp = () => {
    folders = makeAgentWorkspace();
    writeProjectSkill(
      folders.project,
      'release-notes',
      'description: Write release notes in the house format.',
      'Group changes under Added, Changed and Fixed.',
    );
    writeProjectSkill(
      folders.project,
      'sql-style',
      'description: House style for SQL migrations.\npaths:\n  - "db/**/*.sql"',
      'Upper-case keywords.',
    );
    mkdirSync(path.join(folders.project, 'db'), { recursive: true });
    writeFileSync(path.join(folders.project, 'db', '001-init.sql'), 'create table a (id int);\n');
  };
  const run = (args: string[], env: Record<string, string> = {}) =>
    runAgentCli(['run', '--trust', ...args], {
      cwd: folders.project,
      home: folders.home,
      env: { ...protocol.env(server!), ...env },
    });

  it('G1 R1 R2 D3 sends the catalog, delivers activated instructions, announces a gated skill after read_file, and keeps the prefix byte-identical', async () => {
    setUp();
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'activate_skill', arguments: { name: 'release-notes' } }] },
        { toolCalls: [{ name: 'read_file', arguments: { path: 'db/001-init.sql' } }] },
        { text: 'Release notes written.' },
      ],
    });
    const result = await run(['Write the release notes']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('Release notes written.\n');
    const [first, second, third] = server.requests.map(viewRequest);
    expect(first?.system).toContain(
      '<skill name="release-notes">Write release notes in the house format.</skill>',
    );
    // Path-gated: hidden until a matching file is touched (D3).
    expect(first?.system).not.toContain('sql-style');
    expect(first?.userTexts).toEqual(['Write the release notes']);
    expect(second?.toolResults.at(-1)?.content).toContain('Group changes under Added, Changed and Fixed.');
    expect(third?.toolResults.at(-1)?.content).toContain('create table a');
    expect(third?.userTexts.at(-1)).toBe('New skill available: sql-style — House style for SQL migrations.');
    for (const request of [second, third]) {
      expect(request?.system).toBe(first?.system);
      expect(request?.tools).toBe(first?.tools);
    }
    expect(first?.toolNames).toEqual(
      expect.arrayContaining(['read_file', 'write_file', 'shell', 'activate_skill']),
    );
  });

  it('R7 announces a SKILL.md edited between requests as an appended message, never in the system prompt', async () => {
    setUp();
    const skillFile = path.join(folders.project, '.agents', 'skills', 'release-notes', 'SKILL.md');
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'ls', arguments: { path: '.' } }] },
        () => {
          writeFileSync(
            skillFile,
            '---\nname: release-notes\ndescription: Write release notes as a changelog.\n---\nUse Keep a Changelog.\n',
          );
          return { toolCalls: [{ name: 'ls', arguments: { path: '.git' } }] };
        },
        { text: 'Done.' },
      ],
    });
    const result = await run(['Tidy up']);
    expect(result.status).toBe(0);
    const [first, second, third] = server.requests.map(viewRequest);
    expect(second?.userTexts).toEqual(['Tidy up']);
    expect(third?.userTexts.at(-1)).toBe(
      'The skill release-notes was updated. Description: Write release notes as a changelog.',
    );
    expect(third?.system).toBe(first?.system);
    expect(third?.system).toContain('Write release notes in the house format.');
  });

  it('R8 R10 --preload activates a skill from the first turn, and a missing one (an unknown id) fails the start with exit 1', async () => {
    setUp();
    server = await startFakeModelServer({ script: [{ text: 'Ready.' }] });
    const result = await run(['--preload', 'release-notes', 'Go']);
    expect(result.status).toBe(0);
    const first = viewRequest(server.requests[0]!);
    expect(first.system).toContain('Group changes under Added, Changed and Fixed.');

    const missing = await run(['--preload', 'no-such-skill', 'Go']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Cannot preload the skill no-such-skill');
    expect(server.requests).toHaveLength(1);
    // R10: the preload is recorded; the failed start left no transcript of its own.
    const usage = readOnlyTranscript(folders.home).find((line) => line.name === 'skill-usage');
    expect(usage?.data).toMatchObject({ skillId: 'release-notes', outcome: 'activated', trigger: 'preload' });
  });

  it('R4 R5 read_file answers a skill virtual path like read_skill_resource, and reading SKILL.md activates it with an event', async () => {
    setUp();
    writeProjectSkill(folders.project, 'pdf-tools', 'description: Work with PDF files.', 'See reference.md.');
    writeFileSync(
      path.join(folders.project, '.agents', 'skills', 'pdf-tools', 'reference.md'),
      'Use pdftotext -layout.\n',
    );
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'read_file', arguments: { path: '/.skills/pdf-tools/reference.md' } }] },
        { toolCalls: [{ name: 'read_file', arguments: { path: '/.skills/pdf-tools/SKILL.md' } }] },
        { text: 'Read.' },
      ],
    });
    const result = await run(['--json', 'Extract the text of a.pdf']);
    expect(result.status).toBe(0);
    // The loop reports the activation by reading, right before that read's result.
    const events = jsonLines(result.stdout);
    const activation = events.findIndex((event) => event.type === 'skill-activate');
    expect(events[activation]).toEqual({
      type: 'skill-activate',
      skillId: 'pdf-tools',
      trigger: 'file-read',
    });
    expect(events[activation + 1]).toMatchObject({ type: 'tool-call-end', turn: 2, outcome: 'done' });
    expect(events.filter((event) => event.type === 'skill-activate')).toHaveLength(1);
    const views = server.requests.map(viewRequest);
    expect(views[0]?.toolNames).toContain('read_skill_resource');
    expect(views[1]?.toolResults.at(-1)?.content).toContain('Use pdftotext -layout.');
    expect(views[2]?.toolResults.at(-1)?.content).toContain('See reference.md.');
    const usage = readOnlyTranscript(folders.home).filter((line) => line.name === 'skill-usage');
    expect(usage.map((line) => line.data)).toEqual([
      expect.objectContaining({ skillId: 'pdf-tools', outcome: 'activated', trigger: 'file-read' }),
    ]);
  });

  it('G4 R6 offers MCP tools from the user settings and refuses a skill dependency tool until the skill is active', async () => {
    setUp();
    writeSettings(folders.home, {
      mcpServers: { echo: { command: process.execPath, args: [ECHO_SERVER, 'echo'] } },
    });
    writeProjectSkill(
      folders.project,
      'loud',
      'description: Shout things.\ntool_dependencies:\n  - mcp__echo__shout',
      'Shout every answer.',
    );
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'mcp__echo__shout', arguments: { text: 'early' } }] },
        { toolCalls: [{ name: 'activate_skill', arguments: { name: 'loud' } }] },
        { toolCalls: [{ name: 'mcp__echo__shout', arguments: { text: 'hello' } }] },
        { text: 'Shouted.' },
      ],
    });
    const result = await run(['--approval-mode', 'yolo', 'Shout hello']);
    expect(result.status).toBe(0);
    const views = server.requests.map(viewRequest);
    expect(views[0]?.toolNames).toContain('mcp__echo__shout');
    expect(views[1]?.toolResults.at(-1)?.content).toBe(
      'The tool mcp__echo__shout can only be used while the skill loud is active. Call activate_skill first.',
    );
    expect(views[3]?.toolResults.at(-1)?.content).toBe('echo: HELLO');
    expect(views[3]?.tools).toBe(views[0]?.tools);
  });

  it("R6 a skill declaring a built-in tool (tool_dependencies: [read_file]) never refuses it: the CLI's own tools are not gated", async () => {
    setUp();
    writeProjectSkill(
      folders.project,
      'reader',
      'description: Reads files.\ntool_dependencies:\n  - read_file',
      'Read carefully.',
    );
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'read_file', arguments: { path: 'db/001-init.sql' } }] },
        { text: 'Read it.' },
      ],
    });
    const result = await run(['--approval-mode', 'yolo', 'Read the migration']);
    expect(result.status).toBe(0);
    const views = server.requests.map(viewRequest);
    expect(views[0]?.toolNames).toContain('read_file');
    expect(views[1]?.toolResults.at(-1)?.content).toContain('create table a');
  });
});
