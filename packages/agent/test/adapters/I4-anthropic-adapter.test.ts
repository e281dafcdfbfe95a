import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { createAnthropicAdapter } from '@skilldock/core/runtime';
import { afterEach, describe, expect, it } from 'vitest';
import {
  expectActivation,
  expectCatalogSeen,
  expectReadAndHostileAnswers,
  type Scenario,
  startScenario,
} from './adapter-scenario.js';

let scenario: Scenario | undefined;
afterEach(async () => {
  await scenario?.close();
  scenario = undefined;
});

type Block = { type: string; tool_use_id?: string; content?: string; is_error?: boolean; text?: string };
type Body = {
  system: string;
  messages: { role: string; content: string | Block[] }[];
  tools: { name: string }[];
};

const WRONG_TYPE_ACTIVATION = {
  id: 'toolu_wrong',
  name: 'activate_skill',
  arguments: { name: ['pdf-forms'] },
};

describe('Anthropic Messages adapter', () => {
  it('I4 runs a real loop with the Anthropic SDK: catalog, activation, resources, hostile calls and R7 signals', async () => {
    scenario = await startScenario(WRONG_TYPE_ACTIVATION);
    const { project, server, system, prompt } = scenario;
    const anthropic = new Anthropic({ apiKey: 'test', baseURL: server.anthropicBaseUrl, maxRetries: 0 });
    const skills = createAnthropicAdapter(project.session);
    const messages: MessageParam[] = [{ role: 'user', content: prompt }];
    let finalText = '';
    for (let turn = 0; turn < 5; turn++) {
      const message = await anthropic.messages
        .stream({ model: 'claude-test', max_tokens: 1024, system, messages, tools: skills.tools })
        .finalMessage();
      messages.push({ role: 'assistant', content: message.content });
      const results = await skills.handleContent(message.content);
      if (results === undefined) {
        finalText = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
        break;
      }
      messages.push(results);
      if (turn === 0) await project.addSkill();
    }
    expect(finalText).toBe('Done.');
    const bodies = server.requests.map((request) => request.body as Body);
    expect(bodies).toHaveLength(3);
    expectCatalogSeen(
      bodies[0]!.system,
      bodies[0]!.tools.map((tool) => tool.name),
      project,
    );
    expect(bodies[2]!.tools).toEqual(bodies[0]!.tools);
    const blocks = bodies[2]!.messages.flatMap((entry) =>
      typeof entry.content === 'string' ? [] : entry.content,
    );
    const results = blocks.filter((block) => block.type === 'tool_result');
    const answer = (id: string) => results.find((block) => block.tool_use_id === id)?.content;
    expectActivation(answer('call_activate'));
    // The results come first in the user message, the signal after them as text.
    const last = bodies[2]!.messages.at(-1)!.content as Block[];
    expect(last.map((block) => block.type)).toEqual([...Array(6).fill('tool_result'), 'text']);
    expectReadAndHostileAnswers(answer, last.at(-1)?.text);
    expect(answer('toolu_wrong')).toBe('activate_skill needs {"name": "<skill id>"}.');
    expect(results.map((block) => [block.tool_use_id, block.is_error])).toEqual([
      ['call_activate', false],
      ['call_read', false],
      ['call_traversal', true],
      ['call_huge', true],
      ['call_types', true],
      ['call_unknown', true],
      ['toolu_wrong', true],
    ]);
  });
});
