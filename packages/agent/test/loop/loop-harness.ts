import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type AgentEvent,
  createRunContext,
  type RunAgentInput,
  type RunAgentOptions,
  type RunContextOptions,
  type RunResult,
  runAgent,
} from '@skilldock/agent/loop';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import type { AgentTool, ToolKind } from '@skilldock/agent/tools';
import type { ToolResult } from '@skilldock/core/runtime';
import type { ProtocolCase } from '../model/protocol-cases.js';

/** A tool for tests: a name, a kind, and what it does. */
export function testTool(
  name: string,
  kind: ToolKind,
  execute: AgentTool['execute'] = async () => ({ content: `${name} done`, isError: false }),
): AgentTool {
  return {
    name,
    kind,
    description: `The ${name} test tool.`,
    inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    execute,
  };
}

/** A `read_file` stand-in: reports the file it was asked for (D3, R5) and returns a fixed text. */
export function reportingReadTool(cwd: string, name = 'read_file'): AgentTool {
  return testTool(name, 'read', async (input, context): Promise<ToolResult> => {
    const file = path.resolve(cwd, (input as { path: string }).path);
    context.reportFiles([file]);
    return { content: `contents of ${path.relative(cwd, file)}`, isError: false };
  });
}

/** A fresh temporary project folder, real-pathed. */
export async function temporaryProject(): Promise<{ root: string; remove: () => Promise<void> }> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-loop-')));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

/** What a test can pass to one run: cancellation and observers. */
export interface IterateOptions {
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: AgentEvent) => void;
  readonly onMessage?: RunAgentOptions['onMessage'];
}

/** A fake server for the protocol and a context sending to it. */
export interface LoopSetup {
  readonly server: FakeModelServer;
  run(input: RunAgentInput, options?: IterateOptions): Promise<{ result: RunResult; events: AgentEvent[] }>;
  /** Runs and returns the error thrown, with the events before it. */
  fail(input: RunAgentInput): Promise<{ error: unknown; events: AgentEvent[] }>;
}

export async function startLoop(
  protocolCase: ProtocolCase,
  script: FakeScript,
  options: Omit<RunContextOptions, 'model'> & { cwd: string },
): Promise<LoopSetup> {
  const server = await startFakeModelServer({ script });
  const context = createRunContext({
    ...options,
    model: { provider: protocolCase.provider(server, { retry: { initialDelayMs: 1 } }), model: 'test-model' },
  });
  const iterate = async (
    input: RunAgentInput,
    events: AgentEvent[],
    { signal, onEvent, onMessage }: IterateOptions = {},
  ) => {
    const run = runAgent(context, input, {
      ...(signal === undefined ? {} : { signal }),
      ...(onMessage === undefined ? {} : { onMessage }),
    });
    for (;;) {
      const step = await run.next();
      if (step.done) return step.value;
      events.push(step.value);
      onEvent?.(step.value);
    }
  };
  return {
    server,
    async run(input, runOptions) {
      const events: AgentEvent[] = [];
      const result = await iterate(input, events, runOptions);
      return { result, events };
    },
    async fail(input) {
      const events: AgentEvent[] = [];
      try {
        await iterate(input, events);
      } catch (error) {
        return { error, events };
      }
      throw new Error('expected the run to fail');
    },
  };
}

/** The event types in order, for a compact assertion. */
export function eventTypes(events: readonly AgentEvent[]): string[] {
  return events.map((event) => event.type);
}
