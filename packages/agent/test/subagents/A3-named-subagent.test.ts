import {
  AGENT_LINE_CHARACTERS,
  AGENT_LIST_CHARACTERS,
  BackgroundTasks,
  createAgentTool,
  createSessionSubagentRegistry,
  describeAgents,
} from '@skilldock/agent/subagents';
import type { RecordedRequest } from '@skilldock/agent/testing';
import type { AgentTool } from '@skilldock/agent/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { temporaryProject, testTool } from '../loop/loop-harness.js';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { definition, type SubagentSetup, startSubagentSetup, systemOf } from './subagent-harness.js';

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

const PARENT_TOOLS: readonly AgentTool[] = [
  testTool('read_file', 'read'),
  testTool('write_file', 'edit'),
  testTool('shell', 'execute'),
  testTool('ask_user_question', 'interact'),
  testTool('mcp__github__read_issue', 'execute'),
  testTool('mcp__github__delete_repo', 'execute'),
];

/** The parent calls `agent` once with `call`, then ends; the subagent plays `sub` (by its system prompt). */
function script(
  protocolCase: (typeof PROTOCOL_CASES)[number],
  call: Record<string, unknown>,
  sub: (request: RecordedRequest, index: number) => object,
) {
  let parentTurns = 0;
  let subTurns = 0;
  return (request: RecordedRequest) => {
    if (systemOf(protocolCase, request).startsWith('You are the parent.')) {
      parentTurns++;
      return parentTurns === 1
        ? { toolCalls: [{ name: 'agent', arguments: call }] }
        : { text: 'Parent done.' };
    }
    return sub(request, subTurns++);
  };
}

/** The result the parent got for its agent call (the tool result in its second request). */
function agentResult(protocolCase: (typeof PROTOCOL_CASES)[number], setupValue: SubagentSetup): string {
  const parent = setupValue.server.requests.filter((request) =>
    systemOf(protocolCase, request).startsWith('You are the parent.'),
  );
  return protocolCase.toolResultsOf(parent.at(-1)!.body).at(-1)?.content ?? '';
}

function subRequests(protocolCase: (typeof PROTOCOL_CASES)[number], setupValue: SubagentSetup) {
  return setupValue.server.requests.filter(
    (request) => !systemOf(protocolCase, request).startsWith('You are the parent.'),
  );
}

describe.each(PROTOCOL_CASES)('named subagents over $protocol', (protocolCase) => {
  it('A3 runs a named agent with its own prompt, allow and deny lists, and returns its answer with stats', async () => {
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: PARENT_TOOLS,
      agents: [
        definition({
          name: 'reviewer',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: a subagent prompt placeholder, filled by the run
          systemPrompt: 'You are reviewer, working in ${cwd} as ${agent_name}; keep ${unknown_variable}.',
          tools: ['read_file', 'mcp__github', 'shell'],
          disallowedTools: ['mcp__github__delete_*', 'shell'],
          background: false,
        }),
      ],
      script: script(
        protocolCase,
        { subagent_type: 'Reviewer', description: 'review', prompt: 'Review src/.' },
        (_request, index) =>
          index === 0
            ? { toolCalls: [{ name: 'read_file', arguments: { path: 'src/a.ts' } }] }
            : { text: 'Reviewed: no defects.' },
      ),
    });
    const { result } = await setup.run('Review the code.');
    expect(result.finalText).toBe('Parent done.');
    const [first, second] = subRequests(protocolCase, setup);
    expect(systemOf(protocolCase, first!)).toBe(
      `You are reviewer, working in ${project.root} as reviewer; keep \${unknown_variable}.`,
    );
    expect(protocolCase.toolNamesOf(first!.body)).toEqual(['read_file', 'mcp__github__read_issue']);
    expect(protocolCase.userTextsOf(first!.body)).toEqual(['Review src/.']);
    expect(protocolCase.toolResultsOf(second!.body).map((entry) => entry.content)).toEqual([
      'read_file done',
    ]);
    const answer = agentResult(protocolCase, setup);
    expect(answer).toMatch(
      /^Reviewed: no defects\.\n\n\[agent-1-[0-9a-f]{6} · reviewer · completed · 2 turns · [\d,]+ tokens \([\d,]+ in, [\d,]+ out\) · 1 tool call · [\d.]+ s · send_message continues it\]$/,
    );
  });

  it('A3 never gives ask_user_question or the agent tools unless the agent lists the question tool', async () => {
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: PARENT_TOOLS,
      agents: [
        definition({ name: 'general-purpose', background: false }),
        definition({ name: 'asker', tools: ['read_file', 'ask_user_question', 'agent'], background: false }),
      ],
      script: (() => {
        let parentTurns = 0;
        return (request: RecordedRequest) => {
          if (!systemOf(protocolCase, request).startsWith('You are the parent.')) return { text: 'ok' };
          parentTurns++;
          if (parentTurns === 1) {
            return {
              toolCalls: [
                { name: 'agent', arguments: { description: 'default', prompt: 'go' } },
                { name: 'agent', arguments: { subagent_type: 'asker', description: 'ask', prompt: 'go' } },
              ],
            };
          }
          return { text: 'done' };
        };
      })(),
    });
    await setup.run('Start both.');
    const subs = subRequests(protocolCase, setup);
    const byAgent = new Map(
      subs.map((request) => [systemOf(protocolCase, request), protocolCase.toolNamesOf(request.body)]),
    );
    expect(byAgent.get('You are general-purpose.')).toEqual([
      'read_file',
      'write_file',
      'shell',
      'mcp__github__read_issue',
      'mcp__github__delete_repo',
    ]);
    expect(byAgent.get('You are asker.')).toEqual(['read_file', 'ask_user_question']);
  });

  it.each([
    { own: 'plan', parent: 'yolo', outcome: 'denied by plan' },
    { own: 'bubble', parent: 'yolo', outcome: 'allowed' },
    { own: 'yolo', parent: 'default', outcome: 'denied headless' },
  ] as const)(
    'G3 a $own subagent under a $parent parent: the write is $outcome',
    async ({ own, parent, outcome }) => {
      setup = await startSubagentSetup(protocolCase, {
        cwd: project.root,
        tools: PARENT_TOOLS,
        context: { approvalModes: [parent] },
        agents: [definition({ name: 'writer', approvalMode: own, background: false })],
        script: script(
          protocolCase,
          { subagent_type: 'writer', description: 'write', prompt: 'Write a.ts' },
          (_request, index) =>
            index === 0
              ? { toolCalls: [{ name: 'write_file', arguments: { path: 'a.ts' } }] }
              : { text: 'Tried.' },
        ),
      });
      await setup.run('Write it.');
      const content = protocolCase.toolResultsOf(subRequests(protocolCase, setup)[1]!.body)[0]?.content ?? '';
      if (outcome === 'allowed') expect(content).toBe('write_file done');
      else if (outcome === 'denied by plan')
        expect(content).toMatch(/plan mode does not allow changing files/);
      else expect(content).toMatch(/needs the user's approval, and nobody can approve/);
    },
  );

  it.each([
    { label: 'a bubble agent in the background', own: 'bubble', background: true, asked: true },
    { label: 'a foreground agent', own: undefined, background: false, asked: true },
    { label: 'a background agent without bubble', own: undefined, background: true, asked: false },
  ] as const)(
    "G3 approvals of $label reach the parent's user: $asked",
    async ({ own, background, asked }) => {
      const requests: string[] = [];
      setup = await startSubagentSetup(protocolCase, {
        cwd: project.root,
        tools: PARENT_TOOLS,
        context: {
          approvalModes: ['default'],
          askApproval: async (request) => {
            requests.push(request.toolName);
            return 'allow';
          },
        },
        agents: [
          definition({ name: 'writer', background, ...(own === undefined ? {} : { approvalMode: own }) }),
        ],
        script: script(
          protocolCase,
          { subagent_type: 'writer', description: 'write', prompt: 'Write a.ts' },
          (_request, index) =>
            index === 0
              ? { toolCalls: [{ name: 'write_file', arguments: { path: 'a.ts' } }] }
              : { text: 'Tried.' },
        ),
      });
      await setup.run('Write it.');
      await setup.tasks.whenIdle();
      const content = protocolCase.toolResultsOf(subRequests(protocolCase, setup)[1]!.body)[0]?.content ?? '';
      expect(requests).toEqual(asked ? ['write_file'] : []);
      if (asked) expect(content).toBe('write_file done');
      else expect(content).toMatch(/needs the user's approval, and nobody can approve/);
    },
  );

  it('G1 A3 a model selector other than inherit goes to the model the host resolves', async () => {
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents: [definition({ name: 'fast-one', model: { kind: 'fast' }, background: false })],
      agentTool: {
        resolveModel: () => ({ provider: setup!.context.model.provider, model: 'the-fast-model' }),
      },
      script: script(protocolCase, { subagent_type: 'fast-one', description: 'x', prompt: 'go' }, () => ({
        text: 'fast answer',
      })),
    });
    await setup.run('Go.');
    expect((subRequests(protocolCase, setup)[0]!.body as { model: string }).model).toBe('the-fast-model');
    expect(agentResult(protocolCase, setup)).toMatch(/^fast answer/);
  });

  it('A3 runConfig max_turns pauses the agent; send_message resumes it', async () => {
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      tools: PARENT_TOOLS,
      agents: [definition({ name: 'limited', maxTurns: 1, background: false })],
      script: script(
        protocolCase,
        { subagent_type: 'limited', description: 'x', prompt: 'go' },
        (_request, index) =>
          index === 0
            ? { toolCalls: [{ name: 'read_file', arguments: { path: 'a' } }] }
            : { text: `resumed answer ${index}` },
      ),
    });
    await setup.run('Go.');
    expect(agentResult(protocolCase, setup)).toMatch(
      /The run stopped after 1 model requests \(the turn limit\)\. It is paused; send_message resumes it\.[\s\S]*· limited · paused ·/,
    );
    const [task] = setup.tasks.list();
    expect(task).toMatchObject({ status: 'paused', canMessage: true });
    expect(await setup.tasks.sendMessage(task!.taskId, 'Go on.')).toEqual({ ok: true, how: 'continued' });
    await setup.tasks.waitForResult();
    expect(setup.tasks.takeNotificationText()).toMatch(/limited · "x"\] completed[\s\S]*resumed answer 1/);
    const last = subRequests(protocolCase, setup).at(-1)!;
    expect(protocolCase.userTextsOf(last.body)).toEqual(['go', 'Go on.']);
  });

  it('A3 an answer over the budget is cut from the front with a note', async () => {
    const long = `${'filler '.repeat(200)}THE CONCLUSION`;
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agentTool: { answerBudget: 100 },
      agents: [definition({ name: 'talker', background: false })],
      script: script(protocolCase, { subagent_type: 'talker', description: 'x', prompt: 'go' }, () => ({
        text: long,
      })),
    });
    await setup.run('Go.');
    const answer = agentResult(protocolCase, setup);
    expect(answer).toMatch(
      /^\[… the first 1314 characters of the answer were cut \(its limit is 100\) …\]\n.*THE CONCLUSION\n\n\[agent-/s,
    );
    expect(answer.split('\n\n[agent-')[0]!.split('\n')[1]).toHaveLength(100);
  });

  it('A3 an unknown agent type is an error naming the available ones; fork options need a fork', async () => {
    setup = await startSubagentSetup(protocolCase, {
      cwd: project.root,
      agents: [definition({ name: 'general-purpose' }), definition({ name: 'Explore' })],
      script: (() => {
        let turn = 0;
        return () =>
          ++turn === 1
            ? {
                toolCalls: [
                  { name: 'agent', arguments: { subagent_type: 'nope', description: 'x', prompt: 'go' } },
                  { name: 'agent', arguments: { description: 'x', prompt: 'go', fork_tools: [] } },
                  { name: 'agent', arguments: { description: 'x', prompt: 'p'.repeat(300 * 1024) } },
                ],
              }
            : { text: 'ok' };
      })(),
    });
    await setup.run('Go.');
    const results = protocolCase
      .toolResultsOf(setup.server.requests.at(-1)!.body)
      .map((entry) => entry.content);
    expect(results[0]).toBe('There is no agent named "nope". Available: Explore, general-purpose, fork.');
    expect(results[1]).toBe('fork_tools apply only to subagent_type "fork".');
    expect(results[2]).toMatch(/The prompt is over 256 KiB/);
    expect(setup.tasks.list()).toEqual([]);
  });
});

describe('the agent tool description (SPEC A3)', () => {
  const agents = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      definition({ name: `agent-${String(index).padStart(3, '0')}` }),
    );
  const describeTool = (list: ReturnType<typeof agents>) =>
    createAgentTool({
      registry: createSessionSubagentRegistry(list),
      tasks: new BackgroundTasks({ interactive: false }),
    }).description;

  it('A3 adding an agent adds only its line', () => {
    const before = describeTool(agents(5)).split('\n');
    const after = describeTool([
      ...agents(5),
      definition({ name: 'agent-002a', description: 'Newcomer.' }),
    ]).split('\n');
    expect(after).toHaveLength(before.length + 1);
    const added = after.findIndex((line, index) => line !== before[index]);
    expect(after[added]).toBe('- agent-002a: Newcomer.');
    expect([...after.slice(0, added), ...after.slice(added + 1)]).toEqual(before);
  });

  it('A3 keeps the list within its character budget: long lines are cut, agents past it are counted', () => {
    const long = definition({ name: 'verbose', description: 'word '.repeat(500), background: false });
    expect(describeAgents([long])).toHaveLength(AGENT_LINE_CHARACTERS);
    expect(describeAgents([long])).toMatch(/^- verbose \(foreground\): word word/);
    const many = describeAgents(agents(200)).split('\n');
    expect(many.slice(0, -1).join('\n').length).toBeLessThanOrEqual(AGENT_LIST_CHARACTERS);
    expect(many.at(-1)).toBe(
      `- … and ${200 - (many.length - 1)} more agents (pass the name as subagent_type).`,
    );
    expect(describeAgents(agents(300)).split('\n').slice(0, -1)).toEqual(many.slice(0, -1));
  });
});
