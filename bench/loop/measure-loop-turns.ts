import { createRunContext, runToCompletion } from '@skilldock/agent/loop';
import { createAnthropicProvider, createOpenAIProvider } from '@skilldock/agent/model';
import {
  type FakeModelServer,
  type FakeProtocol,
  type FakeTurn,
  startFakeModelServer,
} from '@skilldock/agent/testing';
import type { AgentTool } from '@skilldock/agent/tools';
import type { SkillSession } from '@skilldock/core/runtime';
import type { BenchmarkContext } from '../lib/benchmark.js';
import { formatMilliseconds } from '../lib/benchmark-report.js';
import { measureInterleaved } from '../lib/measure-rounds.js';

/** Model requests in one measured run: tool calls on every turn but the last. */
export const TURNS_PER_RUN = 10;
const OVERHEAD_TARGET_MILLISECONDS = 2;

/** The fake model: call one tool per turn until `TURNS_PER_RUN - 1` tools ran, then answer. */
function scriptedTurn(body: unknown): FakeTurn {
  const messages = (body as { messages: { role: string }[] }).messages;
  const turnsSoFar = messages.filter((message) => message.role === 'assistant').length;
  if (turnsSoFar < TURNS_PER_RUN - 1) {
    return {
      toolCalls: [
        {
          name: `tool_${(turnsSoFar % 50).toString().padStart(2, '0')}`,
          arguments: { query: 'due invoices', limit: 5 },
        },
      ],
    };
  }
  return { text: 'All records are up to date.' };
}

/**
 * Loop overhead per turn for one protocol: a run of `TURNS_PER_RUN` turns through `runToCompletion`
 * against a baseline that sends the same request bodies with plain `fetch` to the same server and
 * reads the whole answers, measured interleaved in the same process. The difference is what the
 * loop, the SDK and the event handling add on top of the HTTP exchange.
 */
export async function measureLoopTurns(
  { report, rounds = 15 }: BenchmarkContext,
  protocol: FakeProtocol,
  { tools, skillSession }: { tools: readonly AgentTool[]; skillSession: SkillSession },
): Promise<void> {
  const server: FakeModelServer = await startFakeModelServer({
    script: (request) => scriptedTurn(request.body),
  });
  try {
    const provider =
      protocol === 'openai'
        ? createOpenAIProvider({ apiKey: 'bench', baseUrl: server.openaiBaseUrl })
        : createAnthropicProvider({ apiKey: 'bench', baseUrl: server.anthropicBaseUrl });
    const context = createRunContext({
      cwd: process.cwd(),
      tools,
      skillSession,
      model: { provider, model: 'bench-model' },
      systemPrompt: 'You are a benchmark assistant.',
      approvalModes: ['yolo'],
    });
    const runLoop = async () => {
      const result = await runToCompletion(context, { prompt: 'Check the invoices.' });
      server.clearRequests();
      return result;
    };

    const first = await runToCompletion(context, { prompt: 'Check the invoices.' });
    const bodies = server.requests.map((request) => JSON.stringify(request.body));
    const endpoint =
      protocol === 'openai'
        ? `${server.openaiBaseUrl}/chat/completions`
        : `${server.anthropicBaseUrl}/v1/messages`;
    const requestTools = (server.requests[0]?.body as { tools?: unknown[] } | undefined)?.tools ?? [];
    server.clearRequests();
    report.check(
      `${protocol} run makes ${TURNS_PER_RUN} requests and ${TURNS_PER_RUN - 1} tool calls, declaring ${tools.length + skillSession.tools.length} tools`,
      first.stats.turns === TURNS_PER_RUN &&
        first.stats.toolCalls === TURNS_PER_RUN - 1 &&
        requestTools.length === tools.length + skillSession.tools.length,
      `turns ${first.stats.turns}, tool calls ${first.stats.toolCalls}, declared ${requestTools.length}`,
    );
    const replay = async () => {
      for (const body of bodies) {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: 'Bearer bench',
            'x-api-key': 'bench',
          },
          body,
        });
        await response.text();
      }
      server.clearRequests();
    };
    const measured = await measureInterleaved({ replay, loop: runLoop }, { rounds, warmupRounds: 2 });
    const baseline = report.baseline(
      `${protocol}: plain fetch of the same ${TURNS_PER_RUN} request bodies`,
      measured.replay,
      'plain fetch',
    );
    report.measurement(`${protocol}: runToCompletion, ${TURNS_PER_RUN} turns`, measured.loop, baseline);
    const perTurn = (measured.loop.median - measured.replay.median) / TURNS_PER_RUN;
    report.note(
      `${protocol}: ${formatMilliseconds(measured.loop.median / TURNS_PER_RUN)} per turn in the loop, ${formatMilliseconds(measured.replay.median / TURNS_PER_RUN)} per plain request (${Math.round(bodies[0]!.length / 1024)} KiB first body)`,
    );
    report.target(
      `${protocol} loop overhead per turn ≤ ${OVERHEAD_TARGET_MILLISECONDS} ms`,
      perTurn,
      OVERHEAD_TARGET_MILLISECONDS,
      'ms',
      {
        figure: `${protocol} loop overhead per turn, ${TURNS_PER_RUN} turns`,
        value: formatMilliseconds(perTurn),
        baseline: `plain fetch ${formatMilliseconds(measured.replay.median / TURNS_PER_RUN)} per request`,
        goal: `≤ ${OVERHEAD_TARGET_MILLISECONDS} ms`,
      },
    );
  } finally {
    await server.close();
  }
}
