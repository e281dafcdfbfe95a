import { createAISDKTools } from '@skilldock/agent/ai-sdk';
import type { FakeToolCall } from '@skilldock/agent/testing';
import { generateText, stepCountIs, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import * as aiV5 from 'ai-v5';
import { MockLanguageModelV2 } from 'ai-v5/test';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACTIVATE_CALL,
  type AdapterProject,
  expectActivation,
  expectCatalogSeen,
  expectReadAndHostileAnswers,
  MALFORMED_CALL,
  openAdapterProject,
  READ_AND_HOSTILE_CALLS,
} from './adapter-scenario.js';

let project: AdapterProject | undefined;
afterEach(async () => {
  await project?.remove();
  project = undefined;
});

/** One step of the test model's answers (the SDK's `LanguageModelV3GenerateResult`). */
type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

function toolCallStep(calls: readonly FakeToolCall[]): GenerateResult {
  return {
    content: calls.map((call) => ({
      type: 'tool-call' as const,
      toolCallId: call.id!,
      toolName: call.name,
      input: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    })),
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: USAGE,
    warnings: [],
  };
}

type ToolPart = { type: string; toolCallId: string; output: { type: string; value: string } };

describe('Vercel AI SDK tools', () => {
  it("I4 run through the SDK's own generateText with MockLanguageModelV3: catalog, activation, resources, hostile calls and R7 signals", async () => {
    project = await openAdapterProject();
    const { session } = project;
    const steps = [
      toolCallStep([ACTIVATE_CALL]),
      toolCallStep([...READ_AND_HOSTILE_CALLS, MALFORMED_CALL]),
      {
        content: [{ type: 'text' as const, text: 'Done.' }],
        finishReason: { unified: 'stop' as const, raw: 'stop' },
        usage: USAGE,
        warnings: [],
      },
    ];
    let step = 0;
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        // A skill arrives while the model works: the next tool result carries the signal (R7).
        if (step === 1) await project!.addSkill();
        return steps[step++]!;
      },
    });
    const tools: ToolSet = createAISDKTools(session);
    const result = await generateText({
      model,
      system: `You fill in forms.\n\n${session.systemPromptSection}`,
      prompt: 'Fill in the visa form.',
      tools,
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toBe('Done.');
    expect(model.doGenerateCalls).toHaveLength(3);
    const first = model.doGenerateCalls[0]!;
    const system = first.prompt[0];
    expectCatalogSeen(
      system?.role === 'system' ? system.content : '',
      (first.tools ?? []).map((tool) => tool.name),
      project,
    );
    expect(model.doGenerateCalls[2]!.tools).toEqual(first.tools);
    const parts = model.doGenerateCalls[2]!.prompt.flatMap((message) =>
      message.role === 'tool' ? (message.content as unknown as ToolPart[]) : [],
    );
    const output = (id: string) => parts.find((part) => part.toolCallId === id)?.output;
    expectActivation(output('call_activate')?.value);
    // The SDK runs a step's calls concurrently: the signal follows whichever result took it first,
    // exactly once (R7).
    const SIGNAL_SEPARATOR = '\n\nNew skill available: ';
    const carriers = parts.filter((part) => part.output.value.includes(SIGNAL_SEPARATOR));
    expect(carriers).toHaveLength(1);
    const [carried, signal] = carriers[0]!.output.value.split('\n\n');
    expectReadAndHostileAnswers(
      (id) => (id === carriers[0]!.toolCallId ? carried : output(id)?.value),
      signal,
    );
    expect(output('call_read')?.type).toBe('text');
    // Refusals reach the model as tool errors, the SDK's own for an unknown tool or bad JSON.
    expect(
      ['call_traversal', 'call_huge', 'call_types', 'call_unknown', 'call_malformed'].map(
        (id) => output(id)?.type,
      ),
    ).toEqual(Array(5).fill('error-text'));
    expect(output('call_unknown')?.value).toContain('drop_tables');
    const results = result.steps[1]!.toolResults;
    expect(results.find((entry) => entry.toolCallId === 'call_types')?.output).toEqual({
      isError: true,
      content: expect.stringMatching(/^read_skill_resource needs/),
    });
    expect(session.isActive('pdf-forms')).toBe(true);
  });

  it("I4 core's own shape (session.toVercelAITools, no SDK import) runs through generateText the same way", async () => {
    project = await openAdapterProject();
    const { session } = project;
    const model = new MockLanguageModelV3({
      doGenerate: [
        toolCallStep([{ id: 'c1', name: 'activate_skill', arguments: { name: 'house-style' } }]),
        toolCallStep([
          { id: 'c2', name: 'read_skill_resource', arguments: { path: '/.skills/house-style/../../x' } },
        ]),
        {
          content: [{ type: 'text', text: 'Ok.' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: USAGE,
          warnings: [],
        },
      ],
    });
    const result = await generateText({
      model,
      prompt: 'Write it.',
      // The symbols are the SDK's at run time; its types name them by its own declarations.
      tools: session.toVercelAITools() as unknown as ToolSet,
      stopWhen: stepCountIs(5),
    });
    expect(result.text).toBe('Ok.');
    const outputs = model.doGenerateCalls[2]!.prompt.flatMap((message) =>
      message.role === 'tool' ? (message.content as unknown as ToolPart[]).map((part) => part.output) : [],
    );
    expect(outputs[0]).toMatchObject({ type: 'text', value: expect.stringContaining('Short sentences.') });
    expect(outputs[1]).toEqual({
      type: 'error-text',
      value: 'Cannot read /.skills/house-style/../../x: The path may not contain "." or ".." segments.',
    });
  });

  it('I4 the same tools run under ai 5 (generateText with MockLanguageModelV2), whose toModelOutput gets the output alone', async () => {
    project = await openAdapterProject();
    const { session } = project;
    const v2Step = (toolCallId: string, toolName: string, input: unknown) => ({
      content: [{ type: 'tool-call' as const, toolCallId, toolName, input: JSON.stringify(input) }],
      finishReason: 'tool-calls' as const,
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
      warnings: [],
    });
    let step = 0;
    const steps = [
      v2Step('c1', 'activate_skill', { name: 'pdf-forms' }),
      v2Step('c2', 'read_skill_resource', { path: '../../etc/passwd' }),
      {
        content: [{ type: 'text' as const, text: 'Ok.' }],
        finishReason: 'stop' as const,
        usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
        warnings: [],
      },
    ];
    const model = new MockLanguageModelV2({
      doGenerate: async () => {
        if (step === 1) await project!.addSkill();
        return steps[step++]!;
      },
    });
    const result = await aiV5.generateText({
      model,
      prompt: 'Fill it in.',
      tools: session.toVercelAITools() as unknown as aiV5.ToolSet,
      stopWhen: aiV5.stepCountIs(5),
    });
    expect(result.text).toBe('Ok.');
    const outputs = model.doGenerateCalls[2]!.prompt.flatMap((message) =>
      message.role === 'tool' ? (message.content as unknown as ToolPart[]).map((part) => part.output) : [],
    );
    expect(outputs[0]?.type).toBe('text');
    expectActivation(outputs[0]?.value);
    expect(outputs[1]).toEqual({
      type: 'error-text',
      value:
        'Cannot read ../../etc/passwd: The path may not contain "." or ".." segments.\n\nNew skill available: invoices — Prepare invoices.',
    });
  });
});
