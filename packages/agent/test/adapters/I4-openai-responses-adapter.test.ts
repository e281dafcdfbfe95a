import { createOpenAIResponsesAdapter } from '@skilldock/core/runtime';
import OpenAI from 'openai';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
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

type Item = { type?: string; role?: string; content?: string; call_id?: string; output?: string };
type Body = { instructions: string; input: Item[]; tools: { type: string; name: string; strict: boolean }[] };

describe('OpenAI Responses API adapter', () => {
  it('I4 runs a real streamed loop with the openai SDK: catalog, activation, resources, hostile calls and R7 signals', async () => {
    scenario = await startScenario(MALFORMED_CALL);
    const { project, server, system, prompt } = scenario;
    const openai = new OpenAI({ apiKey: 'test', baseURL: server.openaiBaseUrl, maxRetries: 0 });
    const skills = createOpenAIResponsesAdapter(project.session);
    const input: ResponseInputItem[] = [{ role: 'user', content: prompt }];
    let finalText = '';
    for (let turn = 0; turn < 5; turn++) {
      const response = await openai.responses
        .stream({ model: 'gpt-test', instructions: system, input, tools: skills.tools })
        .finalResponse();
      const answers = await skills.handleOutput(response.output);
      // Output items go back as input; the SDK types a few output-only kinds (computer call outputs) apart.
      input.push(...(response.output as ResponseInputItem[]), ...answers);
      if (answers.length === 0) {
        finalText = response.output_text;
        break;
      }
      if (turn === 0) await project.addSkill();
    }
    expect(finalText).toBe('Done.');
    const bodies = server.requests.map((request) => request.body as Body);
    expect(server.requests.map((request) => request.protocol)).toEqual(Array(3).fill('openai-responses'));
    expectCatalogSeen(
      bodies[0]!.instructions,
      bodies[0]!.tools.map((tool) => tool.name),
      project,
    );
    expect(bodies[0]!.tools.every((tool) => tool.type === 'function' && tool.strict === false)).toBe(true);
    expect(bodies[2]!.tools).toEqual(bodies[0]!.tools);
    const outputs = bodies[2]!.input.filter((item) => item.type === 'function_call_output');
    const answer = (id: string) => outputs.find((item) => item.call_id === id)?.output;
    expectActivation(answer('call_activate'));
    const last = bodies[2]!.input.at(-1)!;
    expect([last.type, last.role]).toEqual(['message', 'user']);
    expectReadAndHostileAnswers(answer, last.content);
    expect(answer('call_malformed')).toBe('activate_skill needs {"name": "<skill id>"}.');
    expect(outputs.map((item) => item.call_id)).toEqual([
      'call_activate',
      'call_read',
      'call_traversal',
      'call_huge',
      'call_types',
      'call_unknown',
      'call_malformed',
    ]);
  });
});
