import { getEventListeners } from 'node:events';
import { MaxTurnsExceededError, TimeLimitExceededError } from '@skilldock/agent/loop';
import { ModelError } from '@skilldock/agent/model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { eventTypes, type LoopSetup, startLoop, temporaryProject, testTool } from './loop-harness.js';

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: LoopSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
});
afterEach(async () => {
  await setup?.server.close();
  setup = undefined;
  await project.remove();
});

describe.each(PROTOCOL_CASES)('runAgent over $protocol', (protocolCase) => {
  it('G2 streams text and ends with stats including cached tokens', async () => {
    setup = await startLoop(
      protocolCase,
      [{ text: 'Hello there.', usage: { inputTokens: 900, outputTokens: 5, cachedInputTokens: 512 } }],
      {
        cwd: project.root,
        tools: [],
        systemPrompt: 'You are a test.',
      },
    );
    const { result, events } = await setup.run({ prompt: 'Hi' });
    expect(
      events
        .filter((event) => event.type === 'text-delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('Hello there.');
    expect(eventTypes(events).filter((type) => type !== 'text-delta')).toEqual([
      'turn-start',
      'usage',
      'turn-end',
      'run-end',
    ]);
    expect(result.status).toBe('completed');
    expect(result.finalText).toBe('Hello there.');
    expect(result.stats).toMatchObject({
      turns: 1,
      inputTokens: 900,
      outputTokens: 5,
      cachedInputTokens: 512,
      toolCalls: 0,
    });
    expect(result.stats.wallTimeMs).toBeGreaterThan(0);
    expect(result.newMessages).toEqual([
      { role: 'user', content: 'Hi', origin: 'prompt' },
      { role: 'assistant', content: 'Hello there.' },
    ]);
  });

  it('G2 runs a tool call and sends its result in the next request', async () => {
    const seen: unknown[] = [];
    setup = await startLoop(
      protocolCase,
      [
        { text: 'Let me look.', toolCalls: [{ name: 'lookup', arguments: { path: 'a.txt' } }] },
        { text: 'It says hi.' },
      ],
      {
        cwd: project.root,
        tools: [
          testTool('lookup', 'read', async (input) => {
            seen.push(input);
            return { content: 'hi', isError: false };
          }),
        ],
      },
    );
    const { result, events } = await setup.run({ prompt: 'What does a.txt say?' });
    expect(seen).toEqual([{ path: 'a.txt' }]);
    expect(eventTypes(events).filter((type) => type !== 'text-delta' && type !== 'usage')).toEqual([
      'turn-start',
      'turn-end',
      'tool-call-start',
      'tool-call-end',
      'turn-start',
      'turn-end',
      'run-end',
    ]);
    const toolResults = protocolCase.toolResultsOf(setup.server.requests[1]?.body);
    expect(toolResults).toEqual([{ id: expect.any(String), content: 'hi', isError: false }]);
    expect(result).toMatchObject({
      status: 'completed',
      finalText: 'It says hi.',
      stats: { turns: 2, toolCalls: 1 },
    });
  });

  it('G2 runs read-only calls together, other calls alone and in order, results in call order', async () => {
    const log: string[] = [];
    let arrived = 0;
    let release: () => void = () => {};
    const bothStarted = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Each read waits for the other to start: they finish only if they run at the same time.
    const barrierRead = (name: string) =>
      testTool(name, 'read', async () => {
        log.push(`${name} start`);
        if (++arrived === 2) release();
        await Promise.race([
          bothStarted,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('reads ran one after the other')), 5000),
          ),
        ]);
        log.push(`${name} end`);
        return { content: `${name} result`, isError: false };
      });
    const write = testTool('write', 'edit', async () => {
      log.push('write');
      return { content: 'written', isError: false };
    });
    setup = await startLoop(
      protocolCase,
      [
        {
          toolCalls: [
            { name: 'read_a', arguments: {} },
            { name: 'read_b', arguments: {} },
            { name: 'write', arguments: {} },
          ],
        },
        { text: 'Done.' },
      ],
      {
        cwd: project.root,
        tools: [barrierRead('read_a'), barrierRead('read_b'), write],
        approvalModes: ['yolo'],
      },
    );
    await setup.run({ prompt: 'Go' });
    expect(log.indexOf('write')).toBe(4);
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body).map((entry) => entry.content)).toEqual([
      'read_a result',
      'read_b result',
      'written',
    ]);
  });

  it('G2 onMessage gets each message as it completes, a tool result before the next call runs', async () => {
    const seen: string[] = [];
    let seenWhenSecondRan: string[] = [];
    const first = testTool('first', 'edit', async () => ({ content: 'first done', isError: false }));
    const second = testTool('second', 'edit', async () => {
      seenWhenSecondRan = [...seen];
      return { content: 'second done', isError: false };
    });
    setup = await startLoop(
      protocolCase,
      [
        {
          text: 'Both.',
          toolCalls: [
            { name: 'first', arguments: {} },
            { name: 'second', arguments: {} },
          ],
        },
        { text: 'Done.' },
      ],
      { cwd: project.root, tools: [first, second], approvalModes: ['yolo'] },
    );
    const { result } = await setup.run(
      { prompt: 'Go' },
      {
        onMessage: async (message) => {
          seen.push(
            message.role === 'tool' ? `tool:${message.content}` : `${message.role}:${message.content}`,
          );
        },
      },
    );
    expect(seenWhenSecondRan).toEqual(['user:Go', 'assistant:Both.', 'tool:first done']);
    expect(seen).toEqual([
      'user:Go',
      'assistant:Both.',
      'tool:first done',
      'tool:second done',
      'assistant:Done.',
    ]);
    expect(result.newMessages).toHaveLength(seen.length);
  });

  it('G2 tells the model about unknown tools and broken arguments instead of failing', async () => {
    setup = await startLoop(
      protocolCase,
      [
        {
          toolCalls: [
            { name: 'nonexistent', arguments: {} },
            { name: 'lookup', arguments: '{"path": ' },
          ],
        },
        { text: 'Sorry.' },
      ],
      { cwd: project.root, tools: [testTool('lookup', 'read')] },
    );
    const { result } = await setup.run({ prompt: 'Go' });
    expect(result.status).toBe('completed');
    const results = protocolCase.toolResultsOf(setup.server.requests[1]?.body);
    expect(results[0]?.content).toBe('There is no tool named nonexistent. Available tools: lookup.');
    expect(results[1]?.content).toMatch(/^The arguments of lookup are not valid JSON/);
  });

  it("SEC4 listeners left on a turn's signal die with the turn: no pile-up, no MaxListenersExceededWarning", async () => {
    const counts: number[] = [];
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    // Like an SDK or a stream that adds an abort listener and never removes it.
    const leaky = testTool('leaky', 'read', async (_input, context) => {
      context.signal.addEventListener('abort', () => undefined);
      counts.push(getEventListeners(context.signal, 'abort').length);
      return { content: 'ok', isError: false };
    });
    const turns = Array.from({ length: 30 }, () => ({ toolCalls: [{ name: 'leaky', arguments: {} }] }));
    setup = await startLoop(protocolCase, [...turns, { text: 'done' }], {
      cwd: project.root,
      tools: [leaky],
    });
    const outer = new AbortController();
    const { result } = await setup.run({ prompt: 'Loop' }, { signal: outer.signal });
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(result.status).toBe('completed');
    expect(counts).toHaveLength(30);
    expect(Math.max(...counts)).toBeLessThanOrEqual(3);
    expect(getEventListeners(outer.signal, 'abort')).toHaveLength(0);
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
  });

  it('G2 maxTurns stops the run with MaxTurnsExceededError carrying the conversation', async () => {
    setup = await startLoop(protocolCase, () => ({ toolCalls: [{ name: 'lookup', arguments: {} }] }), {
      cwd: project.root,
      tools: [testTool('lookup', 'read')],
      limits: { maxTurns: 2 },
    });
    const { error, events } = await setup.fail({ prompt: 'Loop forever' });
    expect(error).toBeInstanceOf(MaxTurnsExceededError);
    const limitError = error as MaxTurnsExceededError;
    expect(limitError.code).toBe('max_turns_exceeded');
    expect(limitError.result.status).toBe('max-turns');
    expect(limitError.result.stats.turns).toBe(2);
    expect(limitError.result.messages.at(-1)).toMatchObject({ role: 'tool', content: 'lookup done' });
    expect(events.at(-1)).toMatchObject({ type: 'run-error', error: limitError });
    expect(setup.server.requests).toHaveLength(2);
  });

  it('G2 a failed model request ends with run-error and the ModelError', async () => {
    setup = await startLoop(protocolCase, [{ error: { status: 401 } }], { cwd: project.root, tools: [] });
    const { error, events } = await setup.fail({ prompt: 'Hi' });
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({ code: 'model_http_error', details: { status: 401 } });
    expect(events.at(-1)).toMatchObject({ type: 'run-error', result: { status: 'failed' } });
  });

  it('G2 cancelling mid-stream ends the run as cancelled, and the conversation can go on', async () => {
    setup = await startLoop(
      protocolCase,
      [{ text: 'word '.repeat(200), chunkSize: 5, chunkDelayMs: 10 }, { text: 'Fresh answer.' }],
      { cwd: project.root, tools: [] },
    );
    const controller = new AbortController();
    const { result, events } = await setup.run(
      { prompt: 'Talk a lot' },
      { signal: controller.signal, onEvent: (event) => event.type === 'text-delta' && controller.abort() },
    );
    expect(result.status).toBe('cancelled');
    expect(events.at(-1)).toMatchObject({ type: 'run-end' });
    expect(events.find((event) => event.type === 'turn-end')).toMatchObject({ finishReason: 'cancelled' });
    const partial = result.messages.at(-1);
    expect(partial?.role).toBe('assistant');
    expect(partial?.content.length).toBeLessThan('word '.repeat(200).length);
    const next = await setup.run({ messages: result.messages, prompt: 'Again, briefly' });
    expect(next.result).toMatchObject({ status: 'completed', finalText: 'Fresh answer.' });
    expect(protocolCase.userTextsOf(setup.server.requests[1]?.body)).toEqual([
      'Talk a lot',
      'Again, briefly',
    ]);
  });

  it('G2 cancelling during a tool call gives every call a result, so the next run is valid', async () => {
    const controller = new AbortController();
    // The user presses Ctrl-C while the tool runs; the tool ignores its signal and would never end.
    const waiting = testTool('wait', 'read', () => {
      setTimeout(() => controller.abort(), 1);
      return new Promise(() => {});
    });
    setup = await startLoop(
      protocolCase,
      [
        {
          toolCalls: [
            { name: 'wait', arguments: {} },
            { name: 'write', arguments: {} },
          ],
        },
        { text: 'Resumed.' },
      ],
      { cwd: project.root, tools: [waiting, testTool('write', 'edit')], approvalModes: ['yolo'] },
    );
    const { result } = await setup.run({ prompt: 'Wait' }, { signal: controller.signal });
    expect(result.status).toBe('cancelled');
    expect(result.messages.slice(-2)).toEqual([
      expect.objectContaining({
        role: 'tool',
        toolName: 'wait',
        content: 'Cancelled by the user while it ran.',
        isError: true,
      }),
      expect.objectContaining({
        role: 'tool',
        toolName: 'write',
        content: 'Cancelled by the user before it ran.',
        isError: true,
      }),
    ]);
    const next = await setup.run({ messages: result.messages, prompt: 'Go on' });
    expect(next.result.status).toBe('completed');
    expect(protocolCase.toolResultsOf(setup.server.requests[1]?.body)).toHaveLength(2);
  });

  it('G2 the time limit stops a hanging tool with TimeLimitExceededError', async () => {
    const hanging = testTool('hang', 'read', () => new Promise(() => {}));
    setup = await startLoop(protocolCase, [{ toolCalls: [{ name: 'hang', arguments: {} }] }], {
      cwd: project.root,
      tools: [hanging],
      limits: { maxTimeMs: 200 },
    });
    const { error } = await setup.fail({ prompt: 'Hang' });
    expect(error).toBeInstanceOf(TimeLimitExceededError);
    expect((error as TimeLimitExceededError).result.messages.at(-1)).toMatchObject({
      role: 'tool',
      content: "Stopped by the run's time limit while it ran.",
    });
  });
});
