import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/catalog/build-catalog.js';
import { defineSkill } from '../../src/format/define-skill.js';
import { answerToolCalls } from '../../src/runtime/answer-tool-calls.js';
import { createAnthropicAdapter } from '../../src/runtime/create-anthropic-adapter.js';
import { createOpenAIChatAdapter } from '../../src/runtime/create-openai-chat-adapter.js';
import { createOpenAIResponsesAdapter } from '../../src/runtime/create-openai-responses-adapter.js';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';

/**
 * The adapters' own behaviour on plain data (SPEC I4); the real loops through each provider's SDK
 * are in packages/agent/test/adapters/.
 */
const forms = defineSkill({
  name: 'pdf-forms',
  description: 'Fill in PDF forms.',
  instructions: 'Fill every field in capitals.',
  files: { 'fields.md': 'NAME, DATE' },
});
const style = defineSkill({
  name: 'house-style',
  description: 'The house style.',
  instructions: 'Be brief.',
});
const invoices = defineSkill({
  name: 'invoices',
  description: 'Prepare invoices.',
  instructions: 'Number them.',
});
const ADDED = 'New skill available: invoices — Prepare invoices.';

const openSession = () => createSkillSession({ catalog: buildCatalog([forms, style]) });

describe('provider adapters', () => {
  it('I4 answer calls in order, so an activation and a read of its file work in one turn', async () => {
    const skills = createOpenAIChatAdapter(await openSession());
    const answers = await skills.handleToolCalls([
      { id: 'a', type: 'function', function: { name: 'activate_skill', arguments: '{"name":"pdf-forms"}' } },
      {
        id: 'b',
        type: 'function',
        function: { name: 'read_skill_resource', arguments: '{"path":"/.skills/pdf-forms/fields.md"}' },
      },
    ]);
    expect(answers.map((answer) => answer.role === 'tool' && answer.tool_call_id)).toEqual(['a', 'b']);
    expect(answers[0]?.content).toContain('Fill every field in capitals.');
    expect(answers[1]?.content).toBe('NAME, DATE');
    // A custom tool call (text input) is answered like a function call: here, input that is not JSON.
    expect(
      await skills.handleToolCalls([
        { id: 'c', type: 'custom', custom: { name: 'activate_skill', input: 'pdf' } },
      ]),
    ).toEqual([{ role: 'tool', tool_call_id: 'c', content: 'activate_skill needs {"name": "<skill id>"}.' }]);
  });

  it('I4 a host tool answers its own calls: text, a result, or a throw turned into an error result', async () => {
    const skills = createAnthropicAdapter(await openSession(), {
      hostTool: async (name, input) => {
        if (name === 'explode') throw new Error('the disk is full');
        if (name === 'refuse') throw 'not an Error';
        if (name === 'check') return { isError: true, content: 'Not allowed.' };
        return `echo ${JSON.stringify(input)}`;
      },
    });
    const reply = await skills.handleContent([
      { type: 'tool_use', id: '1', name: 'lookup', input: { q: 1 } },
      { type: 'tool_use', id: '2', name: 'explode', input: {} },
      { type: 'tool_use', id: '3', name: 'refuse', input: {} },
      { type: 'tool_use', id: '4', name: 'check', input: {} },
    ]);
    expect(reply?.content).toEqual([
      { type: 'tool_result', tool_use_id: '1', content: 'echo {"q":1}', is_error: false },
      {
        type: 'tool_result',
        tool_use_id: '2',
        content: 'The tool explode failed: the disk is full',
        is_error: true,
      },
      {
        type: 'tool_result',
        tool_use_id: '3',
        content: 'The tool refuse failed: not an Error',
        is_error: true,
      },
      { type: 'tool_result', tool_use_id: '4', content: 'Not allowed.', is_error: true },
    ]);
  });

  it('I4 without a host handler an unknown tool is an error result naming the real tools, its name cut short', async () => {
    const skills = createOpenAIResponsesAdapter(await openSession());
    const answers = await skills.handleOutput([
      { type: 'function_call', call_id: 'c1', name: 'drop_tables', arguments: '{}' },
      { type: 'function_call', call_id: 'c2', name: 'x'.repeat(10_000), arguments: '{}' },
      { type: 'function_call', call_id: 'c3', name: null, arguments: null },
    ]);
    expect(answers.map((answer) => answer.type === 'function_call_output' && answer.output)).toEqual([
      'There is no tool named drop_tables. Available tools: activate_skill, read_skill_resource.',
      `There is no tool named ${'x'.repeat(100)}…. Available tools: activate_skill, read_skill_resource.`,
      'There is no tool named . Available tools: activate_skill, read_skill_resource.',
    ]);
  });

  it('I4 answer only the call items of a turn and nothing when there is none', async () => {
    const session = await openSession();
    expect(await createOpenAIChatAdapter(session).handleToolCalls(null)).toEqual([]);
    expect(
      await createAnthropicAdapter(session).handleContent([{ type: 'text' }, { type: 'thinking' }]),
    ).toBeUndefined();
    const responses = createOpenAIResponsesAdapter(session);
    expect(await responses.handleOutput([{ type: 'reasoning' }, { type: 'message' }])).toEqual([]);
    const anthropic = await createAnthropicAdapter(session).handleContent([
      { type: 'server_tool_use', id: 's1', name: 'web_search', input: {} },
      { type: 'tool_use', id: 't1', name: 'activate_skill', input: { name: 'house-style' } },
    ]);
    expect(anthropic?.content.map((block) => block.type)).toEqual(['tool_result']);
  });

  it('R7 signals follow the results of the turn they arrived in, in each provider shape', async () => {
    const session = await openSession();
    const chat = createOpenAIChatAdapter(session);
    session.updateCatalog(buildCatalog([forms, style, invoices], { version: 2 }));
    const chatAnswers = await chat.handleToolCalls([
      { id: 'a', type: 'function', function: { name: 'activate_skill', arguments: '{"name":"invoices"}' } },
    ]);
    expect(chatAnswers.at(-1)).toEqual({ role: 'user', content: ADDED });
    session.updateCatalog(buildCatalog([forms, style], { version: 3 }));
    const anthropic = await createAnthropicAdapter(session).handleContent([
      { type: 'tool_use', id: 't', name: 'activate_skill', input: { name: 'house-style' } },
    ]);
    expect(anthropic?.content.at(-1)).toEqual({
      type: 'text',
      text: 'The skill invoices is no longer available.',
    });
    session.updateCatalog(buildCatalog([forms, style, invoices], { version: 4 }));
    const responses = await createOpenAIResponsesAdapter(session).handleOutput([
      { type: 'function_call', call_id: 'c', name: 'activate_skill', arguments: '{"name":"house-style"}' },
    ]);
    expect(responses.at(-1)).toEqual({ type: 'message', role: 'user', content: ADDED });
  });

  it('R7 signals queued between prompts become the message to append, once', async () => {
    const session = await openSession();
    const adapters = [
      createOpenAIChatAdapter(session),
      createOpenAIResponsesAdapter(session),
      createAnthropicAdapter(session),
    ];
    const expected = [
      [{ role: 'user', content: ADDED }],
      [{ type: 'message', role: 'user', content: ADDED }],
      [{ role: 'user', content: ADDED }],
    ];
    for (const [index, adapter] of adapters.entries()) {
      expect(adapter.signalMessages()).toEqual([]);
      session.updateCatalog(buildCatalog([forms, style, invoices], { version: 2 * index + 2 }));
      expect(adapter.signalMessages()).toEqual(expected[index]);
      expect(adapter.signalMessages()).toEqual([]);
      session.updateCatalog(buildCatalog([forms, style], { version: 2 * index + 3 }));
      session.drainSignals();
    }
  });

  it('R1 every adapter declares the session tools, the same on every call', async () => {
    const session = await openSession();
    const names = session.tools.map((tool) => tool.name);
    expect(createOpenAIChatAdapter(session).tools.map((tool) => tool.function.name)).toEqual(names);
    expect(createAnthropicAdapter(session).tools.map((tool) => tool.name)).toEqual(names);
    const responses = createOpenAIResponsesAdapter(session).tools;
    expect(responses).toEqual(
      session.tools.map((tool) => ({
        type: 'function',
        name: tool.name,
        description: tool.description,
        parameters: tool.inputSchema,
        strict: false,
      })),
    );
    expect(JSON.stringify(createOpenAIResponsesAdapter(session).tools)).toBe(JSON.stringify(responses));
  });

  it('I4 answerToolCalls is the neutral part every adapter shares, for any other API', async () => {
    const session = await openSession();
    session.updateCatalog(buildCatalog([forms, style, invoices], { version: 2 }));
    const { answers, signals } = await answerToolCalls(session, [
      { id: 'g1', name: 'activate_skill', input: { name: 'house-style' } },
      { id: 'g2', name: 'read_skill_resource', input: { path: '/.skills/pdf-forms/../../etc/passwd' } },
    ]);
    expect(answers.map(({ id, result }) => [id, result.isError])).toEqual([
      ['g1', false],
      ['g2', true],
    ]);
    expect(signals).toEqual([ADDED]);
    expect(session.drainSignals()).toEqual([]);
  });
});
