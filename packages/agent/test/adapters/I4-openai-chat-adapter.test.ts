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
});
