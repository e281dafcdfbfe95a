import { FORK_AGENT_REFUSAL, FORK_QUESTION_REFUSAL } from '@skilldock/agent/subagents';
import type { RecordedRequest } from '@skilldock/agent/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject, testTool } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { isForkRequest, type SubagentSetup, settleTasks, startSubagentSetup } from './subagent-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: SubagentSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  await setup?.close();
  setup = undefined;
  await project.remove();
});

const TOOLS = [
  testTool('read_file', 'read'),
  testTool('grep', 'read'),
  testTool('ask_user_question', 'interact'),
  testTool('mcp__github__read_issue', 'read'),
];

describe.each(PROTOCOL_CASES)('fork runs over $protocol', (protocolCase) => {
  /** The parent starts one fork with `call`; the fork makes `forkCalls` on its first turn. */
  async function forkWith(
    call: Record<string, unknown>,
    forkCalls: { name: string; arguments: unknown }[],
    extra = {},
  ) {
    let parentTurns = 0;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: TOOLS,
      ...extra,
      script: (request: RecordedRequest) => {
        if (isForkRequest(protocolCase, request.body)) {
          return protocolCase.toolResultsOf(request.body).length <= 1 && forkCalls.length > 0
            ? { toolCalls: forkCalls }
            : { text: 'Fork report.' };
        }
        return ++parentTurns === 1
          ? {
              toolCalls: [
                {
                  name: 'agent',
                  arguments: { subagent_type: 'fork', description: 'fork', prompt: 'Do it', ...call },
                },
              ],
            }
          : { text: 'ok' };
      },
    });
    await setup.run('Fork.');
    const notifications = await settleTasks(setup.tasks);
    const forkRequests = setup.server.requests.filter((request) => isForkRequest(protocolCase, request.body));
    const parentResult = protocolCase.toolResultsOf(
      setup.server.requests.filter((request) => !isForkRequest(protocolCase, request.body))[1]!.body,
    )[0]!.content;
    return { notifications, forkRequests, parentResult };
  }

  it('A4 fork_tools [] denies every call, yet the fork declares the same tools', async () => {
    const { forkRequests } = await forkWith({ fork_tools: [] }, [
      { name: 'read_file', arguments: { path: 'a' } },
      { name: 'grep', arguments: { path: 'b' } },
    ]);
    expect(protocolCase.toolNamesOf(forkRequests[0]!.body)).toEqual(
      protocolCase.toolNamesOf(setup!.server.requests[0]!.body),
    );
    const results = protocolCase.toolResultsOf(forkRequests[1]!.body).slice(1);
    expect(results.map((entry) => entry.content)).toEqual([
      'This fork may not run read_file: fork_tools allows no tool calls at all. Work with those, or report what you could not do.',
      'This fork may not run grep: fork_tools allows no tool calls at all. Work with those, or report what you could not do.',
    ]);
  });

  it('A4 fork_tools with an MCP pattern lets only the covered tools run', async () => {
    const { forkRequests } = await forkWith({ fork_tools: ['mcp__github', 'grep'] }, [
      { name: 'mcp__github__read_issue', arguments: {} },
      { name: 'read_file', arguments: { path: 'a' } },
      { name: 'grep', arguments: {} },
    ]);
    const results = protocolCase
      .toolResultsOf(forkRequests[1]!.body)
      .slice(1)
      .map((entry) => entry.content);
    expect(results[0]).toBe('mcp__github__read_issue done');
    expect(results[1]).toMatch(/^This fork may not run read_file: fork_tools allows only the tools it lists/);
    expect(results[2]).toBe('grep done');
  });

  it('A4 a fork that calls agent is told to do the work itself; it never asks the user', async () => {
    const { forkRequests, notifications } = await forkWith({}, [
      { name: 'agent', arguments: { subagent_type: 'fork', description: 'recurse', prompt: 'Fork again' } },
      { name: 'ask_user_question', arguments: { question: 'Which one?' } },
    ]);
    const results = protocolCase
      .toolResultsOf(forkRequests[1]!.body)
      .slice(1)
      .map((entry) => entry.content);
    expect(results).toEqual([FORK_AGENT_REFUSAL, FORK_QUESTION_REFUSAL]);
    expect(setup!.tasks.list()).toHaveLength(1);
    expect(notifications).toContain('Fork report.');
  });

  it('A4 a headless fork goes to the background even when the call asks for the foreground', async () => {
    const { parentResult } = await forkWith({ run_in_background: false }, []);
    expect(parentResult).toMatch(/^Started agent-1-[0-9a-f]{6} \(fork\) in the background/);
  });

  it('A4 an interactive session may run a fork in the foreground: the parent gets its report', async () => {
    const { parentResult } = await forkWith({ run_in_background: false }, [], {
      tasks: { interactive: true },
    });
    expect(parentResult).toMatch(/^Fork report\.\n\n\[agent-1-[0-9a-f]{6} · fork · completed · 1 turn/);
  });

  it.each([
    [{ fork_tools: ['*'] }, 'The entry "*" is not accepted: list the tools that may run (or omit the list).'],
    [
      { fork_tools: ['read_file'], fork_profile: 'readonly' },
      'fork_tools and fork_profile cannot be combined; give one.',
    ],
    [
      { working_dir: '.' },
      "working_dir cannot be combined with a fork: a fork works in its parent's folder. Use a named agent for a worktree.",
    ],
    [{ fork_profile: 'missing' }, 'There is no fork profile named "missing". Profiles: readonly.'],
  ])('A4 S7 refuses %j', async (call, message) => {
    const { parentResult } = await forkWith(call, [], {
      agentTool: { forkProfiles: [{ name: 'readonly', tools: ['read_file'] }] },
    });
    expect(parentResult).toBe(message);
    expect(setup!.tasks.list()).toEqual([]);
  });

  it('S7 a fork profile restricts execution and adds its hint to the directive', async () => {
    const { forkRequests } = await forkWith(
      { fork_profile: 'readonly' },
      [
        { name: 'read_file', arguments: { path: 'a' } },
        { name: 'grep', arguments: {} },
      ],
      {
        agentTool: {
          forkProfiles: [
            { name: 'readonly', tools: ['read_file'], promptHint: 'Only read; never change files.' },
          ],
        },
      },
    );
    expect(protocolCase.userTextsOf(forkRequests[0]!.body).at(-1)).toContain(
      'Only read; never change files.',
    );
    const results = protocolCase
      .toolResultsOf(forkRequests[1]!.body)
      .slice(1)
      .map((entry) => entry.content);
    expect(results[0]).toBe('read_file done');
    expect(results[1]).toMatch(/^This fork may not run grep: the fork profile readonly allows only/);
  });
});
