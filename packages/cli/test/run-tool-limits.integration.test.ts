import { once } from 'node:events';
import { createWriteStream, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type AgentWorkspaceFolders,
  jsonLines,
  makeAgentWorkspace,
  PROTOCOLS,
  runAgentCli,
  startCli,
} from './agent-fixtures/agent-harness.js';

// The tools behave the same whatever the wire protocol; the heavy cases run over one of them.
const protocol = PROTOCOLS[0]!;

/** Writes `bytes` of `a` with no newline, in 1 MiB blocks (never the whole file in memory). */
async function writeOneLineFile(file: string, bytes: number): Promise<void> {
  const stream = createWriteStream(file);
  const block = Buffer.alloc(1024 * 1024, 'a');
  for (let written = 0; written < bytes; written += block.length) {
    if (!stream.write(block)) await once(stream, 'drain');
  }
  stream.end();
  await once(stream, 'close');
}

describe('skilldock run: tools stay bounded and stoppable (SEC4)', () => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });
  const options = () => ({ cwd: folders.project, home: folders.home, env: protocol.env(server!) });
  // A tool call that runs until it is stopped: a foreground shell command of half a minute
  // (yolo, so no approval waits). The glob engine is linear now (SEC7), so no pattern can stand in.
  const startLongTool = async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({
      script: [{ toolCalls: [{ name: 'shell', arguments: { command: 'sleep 30' } }] }, { text: 'unused' }],
    });
  };

  it('SEC4 read_file on a 600 MiB file without a newline ends the run with run-end and a note on how to read on', async () => {
    folders = makeAgentWorkspace();
    await writeOneLineFile(path.join(folders.project, 'huge.log'), 600 * 1024 * 1024);
    server = await startFakeModelServer({
      script: [{ toolCalls: [{ name: 'read_file', arguments: { path: 'huge.log' } }] }, { text: 'Read it.' }],
    });
    const result = await runAgentCli(['run', '--json', 'Read huge.log'], options());
    rmSync(path.join(folders.project, 'huge.log'));
    expect(result.stderr).not.toContain('RangeError');
    expect(result.status).toBe(0);
    const events = jsonLines(result.stdout);
    const end = events.find((event) => event.type === 'tool-call-end') as {
      result: { content: string; isError: boolean };
    };
    expect(end.result.isError).toBe(false);
    expect(end.result.content.length).toBeLessThan(4000);
    expect(end.result.content).toContain(
      `Line 1 continues for ${600 * 1024 * 1024 - 2000} more bytes (${600 * 1024 * 1024} in all); call read_file with path "huge.log" and byte_offset=2000 to read on.`,
    );
    expect(events.at(-1)).toMatchObject({ type: 'run-end', status: 'completed' });
  }, 60_000);

  it('SEC4 a catastrophic grep pattern cannot freeze the run (linear-time matching)', async () => {
    folders = makeAgentWorkspace();
    writeFileSync(path.join(folders.project, 'evil.txt'), `${'a'.repeat(100_000)}b\n`);
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'grep', arguments: { pattern: '(a+)+$', output_mode: 'count' } }] },
        { text: 'No match.' },
      ],
    });
    const result = await runAgentCli(['run', '--json', '--max-time', '3', 'Search'], options());
    // A run that ignored the limit would hang: the test timeout (30 s) fails it.
    expect(result.status).toBe(0);
    expect(jsonLines(result.stdout).at(-1)).toMatchObject({ type: 'run-end', status: 'completed' });
  }, 30_000);

  it('SEC4 a glob pattern that backtracks in a regex engine ends at once (linear-time matching)', async () => {
    folders = makeAgentWorkspace();
    writeFileSync(path.join(folders.project, `${'a'.repeat(40)}b`), '');
    server = await startFakeModelServer({
      script: [
        { toolCalls: [{ name: 'glob', arguments: { pattern: '(a+)+$' } }] },
        { text: 'No such file.' },
      ],
    });
    const result = await runAgentCli(['run', '--json', '--max-time', '20', 'Find'], options());
    // A backtracking matcher would spend hours here: --max-time would end the run with status 1.
    expect(result.status).toBe(0);
    const events = jsonLines(result.stdout);
    expect(events.find((event) => event.type === 'tool-call-end')).toMatchObject({ outcome: 'done' });
    expect(events.at(-1)).toMatchObject({ type: 'run-end', status: 'completed' });
  }, 30_000);

  it('SEC4 a long tool call is stopped by --max-time, which reports the time limit', async () => {
    await startLongTool();
    const result = await runAgentCli(
      ['run', '--json', '--approval-mode', 'yolo', '--max-time', '2', 'Wait'],
      options(),
    );
    // A run that ignored the limit would wait the whole 30 s: the test timeout fails it.
    expect(result.status).toBe(1);
    const events = jsonLines(result.stdout);
    expect(events.find((event) => event.type === 'tool-call-end')).toMatchObject({ outcome: 'cancelled' });
    expect(events.at(-1)).toMatchObject({
      type: 'run-error',
      code: 'time_limit_exceeded',
      status: 'time-limit',
    });
  }, 25_000);

  it('SEC4 Ctrl-C (SIGINT) stops a long tool call: exit 130', async () => {
    await startLongTool();
    const running = startCli(['run', '--json', '--approval-mode', 'yolo', 'Wait'], options());
    await running.waitForStdout('"tool-call-start"');
    running.child.kill('SIGINT');
    expect(await running.exited).toBe(130);
    // A run that ignored Ctrl-C would wait the whole 30 s: the test timeout fails it.
    expect(jsonLines(running.stdout()).at(-1)).toMatchObject({ type: 'run-end', status: 'cancelled' });
  }, 25_000);

  it('SEC4 a run of many turns prints no MaxListenersExceededWarning', async () => {
    folders = makeAgentWorkspace();
    const turns = Array.from({ length: 15 }, () => ({
      toolCalls: [{ name: 'ls', arguments: { path: '.' } }],
    }));
    server = await startFakeModelServer({ script: [...turns, { text: 'Done.' }] });
    const result = await runAgentCli(['run', 'Look around'], options());
    expect(result.status).toBe(0);
    expect(result.stderr).not.toContain('MaxListenersExceededWarning');
    expect(result.stdout).toBe('Done.\n');
  }, 60_000);
});

describe.each(PROTOCOLS)('skilldock run outside a project ($name)', (protocolUnderTest) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });

  it('SEC4 run in the home folder (no project markers) is refused with exit 2, unless --cwd or a trust answer names it', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({ script: [{ text: 'With --cwd.' }, { text: 'Trusted.' }] });
    const home = folders.home;
    const env = protocolUnderTest.env(server);
    const refused = await runAgentCli(['run', '--json', 'Hello'], { cwd: home, home, env });
    expect(refused.status).toBe(2);
    expect(jsonLines(refused.stdout)).toEqual([
      expect.objectContaining({ type: 'run-error', code: 'project_not_found' }),
    ]);
    expect(String(jsonLines(refused.stdout)[0]?.message)).toContain(
      `${home} is your home folder (no .git, .skilldock, .agents, .qwen or .claude folder up to /)`,
    );
    const plain = await runAgentCli(['run', 'Hello'], { cwd: home, home, env });
    expect(plain.status).toBe(2);
    expect(plain.stderr).toContain(`pass --cwd ${home}, or trust it with \`skilldock trust ${home}\``);
    expect(server.requests).toHaveLength(0);

    const explicit = await runAgentCli(['run', '--cwd', home, 'Hello'], { cwd: home, home, env });
    expect(explicit.status).toBe(0);
    expect(explicit.stdout).toBe('With --cwd.\n');

    expect((await runAgentCli(['trust', home], { cwd: home, home, env })).status).toBe(0);
    const trusted = await runAgentCli(['run', 'Hello'], { cwd: home, home, env });
    expect(trusted.status).toBe(0);
    expect(trusted.stdout).toBe('Trusted.\n');
  }, 60_000);

  it('SEC4 a folder under a trusted parent still needs its own answer when it is not a project', async () => {
    folders = makeAgentWorkspace();
    server = await startFakeModelServer({ script: [{ text: 'never' }] });
    const bare = path.join(folders.home, 'notes');
    mkdirSync(bare);
    const env = protocolUnderTest.env(server);
    expect(
      (await runAgentCli(['trust', folders.home], { cwd: folders.home, home: folders.home, env })).status,
    ).toBe(0);
    const refused = await runAgentCli(['run', 'Hello'], { cwd: bare, home: folders.home, env });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`No project here: ${bare} is not inside a project`);
  }, 30_000);
});
