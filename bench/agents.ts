import {
  createRunContext,
  type RunAwareTool,
  runToCompletion,
  type ToolRunView,
} from '@skilldock/agent/loop';
import { createOpenAIProvider } from '@skilldock/agent/model';
import {
  BackgroundTasks,
  createAgentTool,
  createSessionSubagentRegistry,
  namedSubagentContext,
  type ResolvedSubagent,
} from '@skilldock/agent/subagents';
import { type FakeTurn, startFakeModelServer } from '@skilldock/agent/testing';
import type { AgentTool } from '@skilldock/agent/tools';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.js';
import { formatMilliseconds } from './lib/benchmark-report.js';
import { collectGarbage } from './lib/collect-garbage.js';
import { measureInterleaved } from './lib/measure-rounds.js';

const AGENTS = 10;
const TURNS_PER_AGENT = 5;
const OVERHEAD_TARGET_MILLISECONDS = 5;
const IDLE_MEMORY_TARGET_MB = 30;

/**
 * `npm run bench -- agents` (issue 10 §7): 10 background agents at once on a fake model server
 * answering at once. The overhead per agent turn of running them as background tasks (the agent
 * tool, the task manager, progress and notifications) over 10 plain concurrent `runToCompletion`
 * runs of the same contexts, measured interleaved in the same process; and the heap each agent
 * keeps once idle (finished, its runtime kept for send_message), over the heap before they ran.
 */
export const agentsBenchmark: Benchmark = {
  name: 'agents',
  description:
    '10 parallel background agents on a zero-latency fake model: overhead per turn, memory per idle agent',
  run: runAgentsBenchmark,
};

/** Each agent reads a tool `TURNS_PER_AGENT - 1` times, then answers. */
function agentTurn(body: unknown): FakeTurn {
  const messages = (body as { messages: { role: string }[] }).messages;
  const turnsSoFar = messages.filter((message) => message.role === 'assistant').length;
  return turnsSoFar < TURNS_PER_AGENT - 1
    ? { toolCalls: [{ name: 'lookup', arguments: { query: `item ${turnsSoFar}` } }] }
    : { text: 'Looked everything up.' };
}

async function runAgentsBenchmark({ report, rounds = 10 }: BenchmarkContext): Promise<void> {
  const server = await startFakeModelServer({ script: (request) => agentTurn(request.body) });
  try {
    const lookup: AgentTool = {
      name: 'lookup',
      description: 'Looks an item up.',
      kind: 'read',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
      execute: async () => ({ content: 'found', isError: false }),
    };
    const definition: ResolvedSubagent = {
      name: 'looker',
      description: 'Looks things up.',
      systemPrompt: 'You look things up.',
      level: 'session',
      model: { kind: 'inherit' },
      disallowedTools: [],
      background: true,
      diagnostics: [],
    };
    const parent = createRunContext({
      cwd: process.cwd(),
      tools: [lookup],
      model: {
        provider: createOpenAIProvider({ apiKey: 'bench', baseUrl: server.openaiBaseUrl }),
        model: 'bench-model',
      },
      systemPrompt: 'You are the parent.',
      approvalModes: ['yolo'],
    });
    const run: ToolRunView = {
      toolCallId: 'bench',
      context: parent,
      messages: [],
      system: 'You are the parent.',
      tools: [],
    };
    const toolContext = {
      cwd: parent.cwd,
      readOnlyRoots: [],
      signal: new AbortController().signal,
      reportFiles: () => undefined,
    };
    const registry = createSessionSubagentRegistry([definition]);

    const startAgents = async (tasks: BackgroundTasks) => {
      const tool = createAgentTool({ registry, tasks }) as RunAwareTool;
      await Promise.all(
        Array.from({ length: AGENTS }, (_, index) =>
          tool.executeInRun(
            { subagent_type: 'looker', description: `job ${index}`, prompt: `Look up batch ${index}.` },
            toolContext,
            run,
          ),
        ),
      );
      await tasks.whenIdle();
      return tasks.takeNotifications().items.filter((item) => item.kind === 'agent-result').length;
    };
    const background = async () => {
      const tasks = new BackgroundTasks({ interactive: false, maxBackgroundAgents: AGENTS });
      await startAgents(tasks);
      await tasks.close();
      server.clearRequests();
    };
    const plain = async () => {
      const contexts = await Promise.all(
        Array.from({ length: AGENTS }, () =>
          namedSubagentContext(
            { definition, parent: run, cwd: parent.cwd, background: true },
            [lookup],
            () => [],
          ),
        ),
      );
      await Promise.all(
        contexts.map((context, index) => runToCompletion(context, { prompt: `Look up batch ${index}.` })),
      );
      server.clearRequests();
    };

    const checkTasks = new BackgroundTasks({ interactive: false, maxBackgroundAgents: AGENTS });
    const notified = await startAgents(checkTasks);
    const turns = checkTasks.list().reduce((sum, task) => sum + task.progress.turns, 0);
    report.heading(`${AGENTS} background agents × ${TURNS_PER_AGENT} turns, fake server answering at once`);
    report.check(
      `${AGENTS} agents ran ${AGENTS * TURNS_PER_AGENT} turns and sent ${AGENTS} notifications`,
      turns === AGENTS * TURNS_PER_AGENT && notified === AGENTS,
      `turns ${turns}, notifications ${notified}`,
    );
    await checkTasks.close();
    server.clearRequests();

    const measured = await measureInterleaved({ plain, background }, { rounds, warmupRounds: 2 });
    const baseline = report.baseline(
      `${AGENTS} plain concurrent runToCompletion runs`,
      measured.plain,
      'plain runs',
    );
    report.measurement(`${AGENTS} background agents through the agent tool`, measured.background, baseline);
    const perTurn = (measured.background.median - measured.plain.median) / (AGENTS * TURNS_PER_AGENT);
    report.note(
      `${formatMilliseconds(measured.background.median / (AGENTS * TURNS_PER_AGENT))} per agent turn in the background, ${formatMilliseconds(measured.plain.median / (AGENTS * TURNS_PER_AGENT))} per plain turn`,
    );
    report.target(
      `overhead per agent turn ≤ ${OVERHEAD_TARGET_MILLISECONDS} ms`,
      perTurn,
      OVERHEAD_TARGET_MILLISECONDS,
      'ms',
      {
        figure: `${AGENTS} background agents × ${TURNS_PER_AGENT} turns, overhead per agent turn`,
        value: formatMilliseconds(perTurn),
        baseline: `plain runs ${formatMilliseconds(measured.plain.median / (AGENTS * TURNS_PER_AGENT))} per turn`,
        goal: `≤ ${OVERHEAD_TARGET_MILLISECONDS} ms`,
      },
    );

    // Memory: the heap with 10 idle agents (finished, runtimes kept) over the heap before them.
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const idle = new BackgroundTasks({ interactive: false, maxBackgroundAgents: AGENTS });
    await startAgents(idle);
    collectGarbage();
    const after = process.memoryUsage().heapUsed;
    const perAgentMb = (after - before) / AGENTS / 1024 / 1024;
    report.check(
      `${AGENTS} idle agents can still take messages`,
      idle.list().every((task) => task.canMessage && task.status === 'completed'),
      `${idle.list().length} tasks`,
    );
    report.note(
      `heap before ${(before / 1024 / 1024).toFixed(1)} MB (baseline), with ${AGENTS} idle agents ${(after / 1024 / 1024).toFixed(1)} MB: ${perAgentMb.toFixed(2)} MB per idle agent`,
    );
    report.target(
      `memory per idle agent ÷ ${IDLE_MEMORY_TARGET_MB} MB ≤ 1`,
      perAgentMb / IDLE_MEMORY_TARGET_MB,
      1,
      'ratio',
      {
        figure: `heap per idle agent (${AGENTS} agents)`,
        value: `${perAgentMb.toFixed(2)} MB`,
        baseline: `heap before ${(before / 1024 / 1024).toFixed(1)} MB`,
        goal: `≤ ${IDLE_MEMORY_TARGET_MB} MB`,
      },
    );
    await idle.close();
  } finally {
    await server.close();
  }
}
