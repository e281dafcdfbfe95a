import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { REVIEWER_PROMPT, reviewCode } from '../review.js';

type Message = { role: string; content: string | null; tool_call_id?: string };
type Body = { messages: Message[]; tools: { function: { name: string; description: string } }[] };

const bodyOf = (request: RecordedRequest) => request.body as Body;
const systemOf = (request: RecordedRequest) => bodyOf(request).messages[0]?.content ?? '';
const toolAnswers = (request: RecordedRequest) =>
  bodyOf(request)
    .messages.filter((message) => message.role === 'tool')
    .map((message) => message.content ?? '');

/** The injected line of sample/user-store.ts, as the model reads it. */
const INJECTED_SQL = 'SELECT * FROM users WHERE name = ';

const FINDING = 'HIGH sample/user-store.ts:5 — the name goes into the SQL text: use a bound parameter.';
const REVIEW = `1. ${FINDING}\nVerdict: request changes`;

/**
 * The reviewer's turns and the subagent's, told apart by their system prompts: the reviewer's
 * starts with REVIEWER_PROMPT, the subagent's is the body of `.agents/agents/security-reviewer.md`.
 */
function script() {
  const reviewerTurns = [
    { toolCalls: [{ name: 'activate_skill', arguments: { name: 'code-review' } }] },
    {
      toolCalls: [
        { name: 'read_skill_resource', arguments: { path: '/.skills/code-review/references/checklist.md' } },
        { name: 'read_file', arguments: { path: 'sample/user-store.ts' } },
      ],
    },
    {
      toolCalls: [
        {
          name: 'agent',
          arguments: {
            subagent_type: 'security-reviewer',
            description: 'security pass',
            prompt: 'Check sample/user-store.ts for injection.',
          },
        },
      ],
    },
    { text: REVIEW },
  ];
  const subagentTurns = [
    { toolCalls: [{ name: 'read_file', arguments: { path: 'sample/user-store.ts' } }] },
    { text: FINDING },
  ];
  return (request: RecordedRequest) => {
    const turns = systemOf(request).startsWith(REVIEWER_PROMPT) ? reviewerTurns : subagentTurns;
    return turns.shift() ?? { text: 'The script has no turn left.' };
  };
}

let server: FakeModelServer | undefined;
let home: string | undefined;
afterEach(async () => {
  await server?.close();
  if (home !== undefined) await rm(home, { recursive: true, force: true });
  server = home = undefined;
});

describe('examples/code-review-agent', () => {
  it('reviews with the workspace skills and hands the security pass to its subagent', async () => {
    server = await startFakeModelServer({ script: script() });
    home = await realpath(await mkdtemp(path.join(tmpdir(), 'code-review-home-')));
    const review = await reviewCode('Review sample/user-store.ts.', {
      home,
      env: {
        SKILLDOCK_MODEL: 'openai:test-model',
        OPENAI_API_KEY: 'test',
        OPENAI_BASE_URL: server.openaiBaseUrl,
      },
    });
    expect(review).toMatchObject({ status: 'completed', text: REVIEW });
    expect(review.transcript.startsWith(home)).toBe(true);

    const reviewer = server.requests.filter((request) => systemOf(request).startsWith(REVIEWER_PROMPT));
    const subagent = server.requests.filter((request) => !systemOf(request).startsWith(REVIEWER_PROMPT));
    expect([reviewer.length, subagent.length]).toEqual([4, 2]);
    // The model saw both workspace skills in its catalog, and the subagent among the agents.
    expect(systemOf(reviewer[0]!)).toContain('code-review');
    expect(systemOf(reviewer[0]!)).toContain('commit-messages');
    const agentTool = bodyOf(reviewer[0]!).tools.find((tool) => tool.function.name === 'agent');
    expect(agentTool?.function.description).toContain('security-reviewer');
    // The skill's instructions, its checklist and the code reached the model.
    expect(toolAnswers(reviewer[1]!)[0]).toContain('Hand security-sensitive code');
    const [checklist, code] = toolAnswers(reviewer[2]!).slice(-2);
    expect(checklist).toContain('Errors are handled or passed on');
    expect(code).toContain(INJECTED_SQL);
    // The subagent ran with its own prompt and its listed tools (skills come with every session),
    // and its answer came back to the reviewer.
    expect(systemOf(subagent[0]!)).toMatch(/^You are a security reviewer\./);
    expect(bodyOf(subagent[0]!).tools.map((tool) => tool.function.name)).toEqual([
      'read_file',
      'glob',
      'grep',
      'activate_skill',
      'read_skill_resource',
    ]);
    expect(toolAnswers(subagent[1]!)[0]).toContain(INJECTED_SQL);
    expect(toolAnswers(reviewer[3]!).at(-1)).toContain(FINDING);
  });
});
