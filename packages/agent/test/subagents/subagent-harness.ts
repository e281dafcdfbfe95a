import {
  type AgentEvent,
  createRunContext,
  type RunContext,
  type RunContextOptions,
  type RunResult,
  runAgent,
} from '@skilldock/agent/loop';
import {
  type AgentToolOptions,
  BackgroundTasks,
  type BackgroundTasksOptions,
  createSessionSubagentRegistry,
  createSubagentTools,
  type ResolvedSubagent,
} from '@skilldock/agent/subagents';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import type { AgentTool } from '@skilldock/agent/tools';
import type { ProtocolCase } from '../model/protocol-cases.js';

/** A subagent definition for tests (the SPEC A1 `session` level), with overrides. */
export function definition(overrides: Partial<ResolvedSubagent> & { name: string }): ResolvedSubagent {
  return {
    description: `The ${overrides.name} test agent.`,
    systemPrompt: `You are ${overrides.name}.`,
    level: 'session',
    model: { kind: 'inherit' },
    disallowedTools: [],
    background: true,
    diagnostics: [],
    ...overrides,
  };
}

/** A parent run with the subagent tools, a task manager and a fake model server. */
export interface SubagentSetup {
  readonly server: FakeModelServer;
  readonly tasks: BackgroundTasks;
  readonly context: RunContext;
  run(
    prompt: string,
    options?: { signal?: AbortSignal },
  ): Promise<{ result: RunResult; events: AgentEvent[] }>;
  close(): Promise<void>;
}

/** Options of {@link startSubagentSetup}. */
export interface SubagentSetupOptions {
  readonly cwd: string;
  readonly script: FakeScript;
  readonly tools?: readonly AgentTool[];
  readonly agents?: readonly ResolvedSubagent[];
  readonly tasks?: Partial<BackgroundTasksOptions>;
  readonly agentTool?: Partial<Omit<AgentToolOptions, 'registry' | 'tasks'>>;
  readonly context?: Partial<Omit<RunContextOptions, 'model' | 'tools' | 'cwd'>>;
}

export async function startSubagentSetup(
  protocolCase: ProtocolCase,
  options: SubagentSetupOptions,
): Promise<SubagentSetup> {
  const server = await startFakeModelServer({ script: options.script });
  const tasks = new BackgroundTasks({ interactive: false, cancelGraceMs: 500, ...options.tasks });
  const registry = createSessionSubagentRegistry(options.agents ?? [definition({ name: 'general-purpose' })]);
  const context = createRunContext({
    cwd: options.cwd,
    model: { provider: protocolCase.provider(server, { retry: { initialDelayMs: 1 } }), model: 'test-model' },
    tools: [...(options.tools ?? []), ...createSubagentTools({ registry, tasks, ...options.agentTool })],
    systemPrompt: 'You are the parent.',
    backgroundTasks: tasks,
    ...options.context,
  });
  return {
    server,
    tasks,
    context,
    async run(prompt, runOptions = {}) {
      const events: AgentEvent[] = [];
      const iterator = runAgent(context, { prompt }, runOptions);
      for (;;) {
        const step = await iterator.next();
        if (step.done) return { result: step.value, events };
        events.push(step.value);
      }
    },
    async close() {
      await tasks.close();
      await server.close();
    },
  };
}

/** Waits until no background task runs, then returns the notification text (if any). */
export async function settleTasks(tasks: BackgroundTasks): Promise<string> {
  const texts: string[] = [];
  for (;;) {
    await tasks.waitForResult();
    const text = tasks.takeNotificationText();
    if (text !== undefined) texts.push(text);
    if (!tasks.hasRunningBackground() && !tasks.hasResults()) return texts.join('\n');
  }
}

/** The last user text of a recorded request. */
export function lastUserText(protocolCase: ProtocolCase, body: unknown): string {
  return protocolCase.userTextsOf(body).at(-1) ?? '';
}

/** Is this request a fork's (its directive is in the last user text)? */
export function isForkRequest(protocolCase: ProtocolCase, body: unknown): boolean {
  return protocolCase.userTextsOf(body).some((text) => text.includes('<fork-directive>'));
}

/** The task of a fork request's directive. */
export function forkTask(protocolCase: ProtocolCase, body: unknown): string {
  const directive = protocolCase.userTextsOf(body).find((text) => text.includes('<fork-directive>')) ?? '';
  return /Task: (.*)/.exec(directive)?.[1] ?? '';
}

/** A tool that waits until the test releases it: a task held mid-run, deterministically. */
export function heldTool(name: string): {
  readonly tool: AgentTool;
  readonly started: Promise<void>;
  release(): void;
} {
  let release!: () => void;
  let markStarted!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  return {
    tool: {
      name,
      kind: 'read',
      description: `The ${name} test tool: waits until released.`,
      inputSchema: { type: 'object', properties: {} },
      async execute(_input, context) {
        markStarted();
        await Promise.race([
          released,
          new Promise<void>((resolve) =>
            context.signal.addEventListener('abort', () => resolve(), { once: true }),
          ),
        ]);
        return { content: context.signal.aborted ? `${name} cancelled` : `${name} released`, isError: false };
      },
    },
    started,
    release: () => release(),
  };
}

/** The system prompt text of a recorded request. */
export function systemOf(protocolCase: ProtocolCase, request: { body: unknown }): string {
  return protocolCase.systemOf(request.body);
}
