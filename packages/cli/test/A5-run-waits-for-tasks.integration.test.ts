import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type FakeModelServer,
  isProcessAlive,
  type RecordedRequest,
  startFakeModelServer,
  waitUntilProcessGone,
} from '@skilldock/agent/testing';
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

const isFork = (request: RecordedRequest) =>
  viewRequest(request).userTexts.some((text) => text.includes('<fork-directive>'));

describe.each(PROTOCOLS)('skilldock run with background tasks ($name)', (protocol) => {
  let folders: AgentWorkspaceFolders;
  let server: FakeModelServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    folders.remove();
  });

  it('A5 A10 a headless run waits for its forks and shells, hands their results to the model, and ends when nothing runs', async () => {
    folders = makeAgentWorkspace();
    let parentTurns = 0;
    server = await startFakeModelServer({
      script: (request) => {
        const view = viewRequest(request);
        if (isFork(request))
          return { text: `Fork found: ${/Task: (.*)/.exec(view.userTexts.at(-1) ?? '')?.[1]}` };
        parentTurns++;
        if (parentTurns === 1) {
          return {
            toolCalls: [
              {
                name: 'agent',
                arguments: { subagent_type: 'fork', description: 'check A', prompt: 'Check A' },
              },
              {
                name: 'agent',
                arguments: { subagent_type: 'fork', description: 'check B', prompt: 'Check B' },
              },
              { name: 'shell', arguments: { command: 'echo built', run_in_background: true } },
            ],
          };
        }
        if (parentTurns === 2) return { text: 'Started everything.' };
        const waiting = view.userTexts.join('\n');
        return {
          text: waiting.includes('<task-notifications>')
            ? `Summary after ${parentTurns - 2} notification turns.`
            : 'odd',
        };
      },
    });
    const result = await runAgentCli(['run', '--json', '--approval-mode', 'yolo', 'Check A and B, build'], {
      cwd: folders.project,
      home: folders.home,
      env: protocol.env(server),
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const events = jsonLines(result.stdout);
    const ends = events.filter((event) => event.type === 'run-end');
    expect(ends.at(-1)).toMatchObject({
      status: 'completed',
      finalText: expect.stringMatching(/^Summary after \d notification turns\.$/),
    });
    const taskEnds = events.filter((event) => event.type === 'task-end');
    expect(taskEnds.map((event) => event.agentType).sort()).toEqual(['fork', 'fork', 'shell']);
    for (const event of taskEnds) expect(event.taskId).toMatch(/^(agent|shell)-\d-[0-9a-f]{6}$/);
    expect(events.some((event) => event.type === 'task-progress' && event.agentType === 'fork')).toBe(true);
    // Every result reached the model, each exactly once.
    const notified = server.requests
      .filter((request) => !isFork(request))
      .flatMap((request) => viewRequest(request).userTexts)
      .filter((text) => text.startsWith('<task-notifications>'));
    const delivered = [...new Set(notified)].join('\n');
    expect(delivered.match(/Fork found: Check A/g)).toHaveLength(1);
    expect(delivered.match(/Fork found: Check B/g)).toHaveLength(1);
    expect(delivered).toMatch(/\$ echo built\nbuilt\nExit code: 0/);
    // The session transcript names each agent task; each fork kept its own transcript beside it.
    const transcript = readOnlyTranscript(folders.home);
    const recorded = transcript.filter((line) => line.type === 'event' && line.name === 'agent-task');
    expect(recorded).toHaveLength(2);
    const file = (recorded[0]!.data as { file: string }).file;
    expect(path.basename(path.dirname(file))).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}\.agents$/);
    expect(readdirSync(path.dirname(file))).toHaveLength(2);
    expect(readFileSync(file, 'utf8')).toContain('Fork found');
  });

  it('A5 run --resume lists the agents of the resumed session, and send_message revives one', async () => {
    folders = makeAgentWorkspace();
    let phase = 0;
    server = await startFakeModelServer({
      script: (request) => {
        const view = viewRequest(request);
        if (isFork(request))
          return {
            text: `Fork says: ${view.userTexts.filter((text) => !text.includes('<fork-directive>')).join(' | ') || 'first'}`,
          };
        phase++;
        if (phase === 1)
          return {
            toolCalls: [
              { name: 'agent', arguments: { subagent_type: 'fork', description: 'look', prompt: 'Look' } },
            ],
          };
        if (phase === 2) return { text: 'Forked.' };
        if (phase === 3) return { text: 'Got it.' };
        if (phase === 4) return { toolCalls: [{ name: 'list_agents', arguments: {} }] };
        if (phase === 5) {
          const listed = JSON.parse(view.toolResults.at(-1)!.content) as { task_id: string }[];
          return {
            toolCalls: [
              { name: 'send_message', arguments: { task_id: listed[0]!.task_id, message: 'Look again' } },
            ],
          };
        }
        return { text: `Done after phase ${phase}.` };
      },
    });
    const options = { cwd: folders.project, home: folders.home, env: protocol.env(server) };
    const first = await runAgentCli(['run', '--json', 'Fork once'], options);
    expect(first.status).toBe(0);
    const second = await runAgentCli(['run', '--json', '--resume', 'List and continue'], options);
    expect(second.stderr).toBe('');
    expect(second.status).toBe(0);
    const events = jsonLines(second.stdout);
    const listing = events.find(
      (event) =>
        event.type === 'tool-call-end' && (event.toolCall as { name: string }).name === 'list_agents',
    ) as {
      result: { content: string };
    };
    expect(JSON.parse(listing.result.content)).toMatchObject([
      { type: 'fork', status: 'completed', can_message: true, restored: true },
    ]);
    const revived = events.find((event) => event.type === 'task-end') as {
      result: string;
      agentType: string;
    };
    expect(revived).toMatchObject({ agentType: 'fork', result: expect.stringContaining('Look again') });
    expect(events.filter((event) => event.type === 'run-end').at(-1)).toMatchObject({
      finalText: expect.stringMatching(/^Done after phase \d+\.$/),
    });
  });

  it('A5 --max-time bounds the wait: the run fails with the time limit and stops what still runs', async () => {
    folders = makeAgentWorkspace();
    // Unsandboxed, so `$!` is a host pid this test can watch (in the sandbox it names a process of
    // the sandbox's own pid namespace, which ends with the command: see the server's Y17 tests).
    writeSettings(folders.home, { shell: { sandbox: 'off' } });
    let turns = 0;
    server = await startFakeModelServer({
      script: () =>
        ++turns === 1
          ? {
              toolCalls: [
                {
                  name: 'shell',
                  arguments: { command: 'sleep 60 & echo $! > server.pid; wait', run_in_background: true },
                },
              ],
            }
          : { text: 'Server started.' },
    });
    const result = await runAgentCli(
      ['run', '--approval-mode', 'yolo', '--max-time', '1', 'Start the server'],
      {
        cwd: folders.project,
        home: folders.home,
        env: protocol.env(server),
      },
    );
    expect(result.stdout).toContain('Server started.');
    expect(result.stderr).toMatch(
      /The run stopped after 1 s \(--max-time\) with background tasks still running \(shell-1-[0-9a-f]{6}\); they were cancelled\./,
    );
    expect(result.status).toBe(1);
    const pid = Number.parseInt(readFileSync(path.join(folders.project, 'server.pid'), 'utf8'), 10);
    expect(await waitUntilProcessGone(pid)).toBe(true);
    expect(isProcessAlive(pid)).toBe(false);
  });
});
