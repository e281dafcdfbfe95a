import { createOpenAIChatAdapter } from '@skilldock/core/runtime';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { afterEach, describe, expect, it } from 'vitest';
import {
  expectActivation,
  expectCatalogSeen,
  expectReadAndHostileAnswers,
  MALFORMED_CALL,
  type Scenario,
  startScenario,
} from './adapter-scenario.js';

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

type Body = {
  messages: { role: string; content: string | null; tool_call_id?: string }[];
  tools: { function: { name: string } }[];
};

describe('OpenAI Chat Completions adapter', () => {
  it('I4 runs a real loop with the openai SDK: catalog, activation, resources, hostile calls and R7 signals', async () => {
    scenario = await startScenario(MALFORMED_CALL);
    const { project, server, system, prompt } = scenario;
    const openai = new OpenAI({ apiKey: 'test', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    const skills = createOpenAIChatAdapter(project.session);
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: system },
      { role: 'user', content: prompt },
    ];
    let finalText: string | null = null;
    for (let turn = 0; turn < 5; turn++) {
      const completion = await openai.chat.completions.create({
        model: 'gpt-test',
        messages,
        tools: skills.tools,
      });
      const message = completion.choices[0]!.message;
      messages.push(message);
      if (!message.tool_calls?.length) {
        finalText = message.content;
        break;
      }
      messages.push(...(await skills.handleToolCalls(message.tool_calls)));
      if (turn === 0) await project.addSkill();
    }
    expect(finalText).toBe('Done.');
    const bodies = server.requests.map((request) => request.body as Body);
    expect(bodies).toHaveLength(3);
    expectCatalogSeen(
      bodies[0]!.messages[0]!.content ?? '',
      bodies[0]!.tools.map((tool) => tool.function.name),
      project,
    );
    // The declarations never change (R1).
    expect(bodies[2]!.tools).toEqual(bodies[0]!.tools);
    const answer = (id: string) =>
      bodies[2]!.messages.find((entry) => entry.tool_call_id === id)?.content ?? undefined;
    expectActivation(answer('call_activate'));
    const last = bodies[2]!.messages.at(-1)!;
    expect(last.role).toBe('user');
    expectReadAndHostileAnswers(answer, last.content ?? undefined);
    expect(answer('call_malformed')).toBe('activate_skill needs {"name": "<skill id>"}.');
    expect(answer('call_unknown')).toBe(
      'There is no tool named drop_tables. Available tools: activate_skill, read_skill_resource.',
    );
    // Every call got exactly one answer, in order, and the signal came after them.
    expect(bodies[2]!.messages.slice(-7, -1).map((entry) => [entry.role, entry.tool_call_id])).toEqual(
      ['call_read', 'call_traversal', 'call_huge', 'call_types', 'call_unknown', 'call_malformed'].map(
        (id) => ['tool', id],
      ),
    );
  });

  it('I4 hands signals queued between prompts to the next request, and a host tool answers its own calls', async () => {
    scenario = await startScenario(MALFORMED_CALL);
    const { project } = scenario;
    const skills = createOpenAIChatAdapter(project.session, {
      hostTool: async (name, input) => {
        if (name === 'explode') throw new Error('the disk is full');
        return `echo ${name} ${input}`;
      },
    });
    expect(skills.signalMessages()).toEqual([]);
    await project.addSkill();
    expect(skills.signalMessages()).toEqual([
      { role: 'user', content: 'New skill available: invoices — Prepare invoices.' },
    ]);
    expect(skills.signalMessages()).toEqual([]);
    const answers = await skills.handleToolCalls([
      { id: 'a', type: 'function', function: { name: 'lookup', arguments: '{"q":1}' } },
      { id: 'b', type: 'function', function: { name: 'explode', arguments: '{}' } },
      { id: 'c', type: 'custom', custom: { name: 'activate_skill', input: 'not json' } },
    ]);
    expect(answers).toEqual([
      { role: 'tool', tool_call_id: 'a', content: 'echo lookup {"q":1}' },
      { role: 'tool', tool_call_id: 'b', content: 'The tool explode failed: the disk is full' },
      { role: 'tool', tool_call_id: 'c', content: 'activate_skill needs {"name": "<skill id>"}.' },
    ]);
    expect(await skills.handleToolCalls(undefined)).toEqual([]);
    // A model-made tool name is quoted back cut short, never whole.
    const [unknown] = await createOpenAIChatAdapter(project.session).handleToolCalls([
      { id: 'd', type: 'function', function: { name: 'x'.repeat(100_000), arguments: '{}' } },
    ]);
    expect(unknown?.content).toMatch(
      /^There is no tool named x{100}…\. Available tools: activate_skill, read_skill_resource\.$/,
    );
  });
});
