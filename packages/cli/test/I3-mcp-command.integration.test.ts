import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, cliTestEnvironment, runCliInProcess } from './run-cli.js';

async function writeSkill(root: string, id: string, text: string, files: Record<string, string> = {}) {
  const folder = path.join(root, '.agents', 'skills', id);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'SKILL.md'), text);
  for (const [file, content] of Object.entries(files)) await writeFile(path.join(folder, file), content);
}

const skillText = (id: string, description: string, body = `Steps of ${id}.`) =>
  `---\nname: ${id}\ndescription: ${description}\n---\n${body}\n`;

describe('I3 skilldock mcp', () => {
  let base: string;
  let project: string;
  let home: string;
  beforeEach(async () => {
    base = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-mcp-cli-')));
    project = path.join(base, 'project');
    home = path.join(base, 'home');
    await mkdir(path.join(project, '.git'), { recursive: true });
    await mkdir(home);
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('I3 serves activate_skill over real stdio to the SDK client, and announces a new skill', async () => {
    await writeSkill(project, 'pdf-tools', skillText('pdf-tools', 'Fill PDF forms.'), {
      'guide.md': 'Guide.',
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--cwd', project, '--trust'],
      env: cliTestEnvironment(home),
      stderr: 'pipe',
    });
    const stderr: Buffer[] = [];
    transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    let announce: () => void = () => undefined;
    const listChanged = new Promise<void>((resolve) => {
      announce = resolve;
    });
    client.fallbackNotificationHandler = async (notification) => {
      if (notification.method === 'notifications/resources/list_changed') announce();
    };
    await client.connect(transport);
    try {
      expect(client.getServerVersion()?.name).toBe('skilldock');
      expect(client.getInstructions()).toContain('pdf-tools');
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toEqual(['activate_skill', 'read_skill_resource']);
      const activated = await client.callTool({ name: 'activate_skill', arguments: { name: 'pdf-tools' } });
      const text = (activated.content as { text: string }[]).map((part) => part.text).join('\n');
      expect(text).toContain('Steps of pdf-tools.');
      expect(text).toContain('/.skills/pdf-tools/guide.md');
      await writeSkill(project, 'later', skillText('later', 'Added while serving.'));
      await listChanged;
      const resources = await client.listResources();
      expect(resources.resources.map((resource) => resource.uri)).toContain('skill://later/SKILL.md');
    } finally {
      await client.close();
    }
    expect(Buffer.concat(stderr).toString('utf8')).toContain('serving 1 skills on stdio');
  });

  it('SEC5 I3 keeps stdout for the protocol, survives malformed JSON-RPC and escapes skill text on stderr', async () => {
    // A broken skill whose folder name and YAML carry terminal escapes: its diagnostic reaches the log.
    await writeSkill(
      home,
      'evil\u001b]0;pwned\u0007',
      '---\nname: [unclosed\ndescription: \u001b[2J\n---\nBody\n',
    );
    await writeSkill(project, 'fine', skillText('fine', 'Fine.'));
    const child = spawn(process.execPath, [BIN, 'mcp', '--cwd', project], {
      env: cliTestEnvironment(home),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stderr: Buffer[] = [];
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const lines = createInterface({ input: child.stdout });
    const stdoutLines: string[] = [];
    const answered = new Promise<Record<string, unknown>>((resolve) => {
      lines.on('line', (line) => {
        stdoutLines.push(line);
        const message = JSON.parse(line) as Record<string, unknown>;
        if (message.id === 1) resolve(message);
      });
    });
    child.stdin.write('this is not json\n');
    child.stdin.write('{"jsonrpc":"2.0","id":"x","method":\n');
    child.stdin.write(
      `${JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      })}\n`,
    );
    const answer = await answered;
    expect((answer.result as { serverInfo: { name: string } }).serverInfo.name).toBe('skilldock');
    child.stdin.end();
    expect(await exited).toBe(0);
    // Every stdout line is JSON-RPC; nothing else was printed there.
    for (const line of stdoutLines) expect(JSON.parse(line)).toHaveProperty('jsonrpc', '2.0');
    const log = Buffer.concat(stderr).toString('utf8');
    expect(log).toContain('is not trusted');
    expect(log).toContain('evil\\x1b]0;pwned\\x07');
    expect(log).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it('I3 refuses a non-loopback --host without --allow-remote (usage error)', async () => {
    const run = await runCliInProcess(['mcp', '--http', '0', '--host', '0.0.0.0'], { cwd: project, home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--allow-remote');
    expect(run.stdout).toBe('');
  });

  it('I3 documents its options in --help', async () => {
    const run = await runCliInProcess(['mcp', '--help'], { cwd: project, home });
    expect(run.status).toBe(0);
    for (const option of ['--cwd', '--http', '--host', '--allow-remote', '--trust']) {
      expect(run.stdout).toContain(option);
    }
  });
});
