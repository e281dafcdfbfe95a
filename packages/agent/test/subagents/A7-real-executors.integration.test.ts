/**
 * SPEC A7, A9 against the real tools, pinned as root devDependencies: `@openai/codex` (its Linux
 * binary, `codex app-server`) and the Claude Code ACP adapter `@zed-industries/claude-agent-acp`,
 * each pointed at a fake model server on loopback — codex through a custom model provider
 * (`base_url`, Responses API) in a private CODEX_HOME, the adapter through ANTHROPIC_BASE_URL with
 * a fake key. A Skilldock parent run starts the subagent with the `agent` tool, exactly as a
 * session does. Nothing here reaches the network or the user's ~/.codex or ~/.claude.
 *
 * A suite is skipped, saying why, only when its package's executable is missing or does not run.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTranscript } from '@skilldock/agent/session';
import {
  type ExternalTaskRequest,
  type ResolvedSubagent,
  startExternalTask,
} from '@skilldock/agent/subagents';
import {
  type FakeModelServer,
  type FakeTurn,
  type RecordedRequest,
  startFakeModelServer,
} from '@skilldock/agent/testing';
import { isPathInside } from '@skilldock/core/format';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { definition, type SubagentSetup, settleTasks, startSubagentSetup } from './subagent-harness.js';

const EXECUTOR_VERSIONS = { codex: '0.169.0', 'claude-agent-acp': '0.23.1' } as const;
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const BIN = path.join(REPO_ROOT, 'node_modules', '.bin');
/**
 * Codex's private home. Not under the system temp folder: codex's Linux sandbox (bubblewrap)
 * re-executes itself through a helper it links into CODEX_HOME, and the sandbox does not show
 * the temp folder to that helper, so every sandboxed command would fail to start. The checkout's
 * node_modules/.cache, unless the checkout itself is in the temp folder (a clone made there to
 * try CI failed exactly so), then the user's ~/.cache.
 */
const CACHE =
  [path.join(REPO_ROOT, 'node_modules', '.cache'), path.join(homedir(), '.cache')]
    .map((folder) => path.join(folder, 'skilldock-real-executors'))
    .find((folder) => !isPathInside(folder, realpathSync(tmpdir())) && !isPathInside(folder, tmpdir())) ??
  path.join(REPO_ROOT, 'node_modules', '.cache', 'skilldock-real-executors');
const TEST_TIMEOUT_MS = 90_000;
const parentCase = PROTOCOL_CASES[0]!;

/** Why `command` cannot be used, or undefined when it runs. */
function whyUnusable(command: keyof typeof EXECUTOR_VERSIONS, probe: () => void): string | undefined {
  const executable = path.join(BIN, command);
  if (!existsSync(executable))
    return `${executable} is missing: run npm install at the repository root (it pins ${command} ${EXECUTOR_VERSIONS[command]})`;
  try {
    probe();
    return undefined;
  } catch (error) {
    return `${executable} does not run here: ${(error as Error).message.split('\n')[0]}`;
  }
}

const codexUnusable = whyUnusable('codex', () => {
  const version = execFileSync(path.join(BIN, 'codex'), ['--version'], { timeout: 30_000, encoding: 'utf8' });
  if (!version.includes(EXECUTOR_VERSIONS.codex))
    throw new Error(`expected codex ${EXECUTOR_VERSIONS.codex}, found ${version.trim()}`);
});
const acpUnusable = whyUnusable('claude-agent-acp', () => {
  const manifest = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'node_modules/@zed-industries/claude-agent-acp/package.json'), 'utf8'),
  ) as { version: string };
  if (manifest.version !== EXECUTOR_VERSIONS['claude-agent-acp'])
    throw new Error(
      `expected claude-agent-acp ${EXECUTOR_VERSIONS['claude-agent-acp']}, found ${manifest.version}`,
    );
  // The adapter runs Claude Code's own CLI, shipped inside the agent SDK package.
  execFileSync(process.execPath, ['--check', path.join(BIN, 'claude-agent-acp')], { timeout: 30_000 });
});
if (codexUnusable !== undefined) console.warn(`A7 real codex executor tests skipped: ${codexUnusable}`);
if (acpUnusable !== undefined)
  console.warn(`A7 real claude-agent-acp executor tests skipped: ${acpUnusable}`);

/** The processes whose environment holds `marker`: everything an executor started, however deep. */
function processesWithMarker(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found;
}

/** Polls `check` every 50 ms until it holds; fails after `timeoutMs`. */
async function waitFor(what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The outputs of the tool calls a Responses API request carries (codex). */
function responsesToolOutputs(request: RecordedRequest): string[] {
  const input = (request.body as { input?: unknown }).input;
  return (Array.isArray(input) ? input : [])
    .filter((item: { type?: string }) => item.type === 'function_call_output')
    .map((item: { output?: unknown }) =>
      typeof item.output === 'string' ? item.output : JSON.stringify(item.output),
    );
}

/** The tool results of the last message of an Anthropic Messages request (Claude Code). */
function anthropicToolResults(request: RecordedRequest): { content: string; isError: boolean }[] {
  const messages = (request.body as { messages?: { content?: unknown }[] }).messages ?? [];
  const last = messages.at(-1)?.content;
  return (Array.isArray(last) ? last : [])
    .filter((block: { type?: string }) => block.type === 'tool_result')
    .map((block: { content?: unknown; is_error?: boolean }) => ({
      content:
        typeof block.content === 'string'
          ? block.content
          : (Array.isArray(block.content) ? block.content : [])
              .map((part: { text?: string }) => part.text ?? '')
              .join(''),
      isError: block.is_error === true,
    }));
}

/** Every text a request's user turns carry, joined (to find the task's prompt). */
function userText(request: RecordedRequest): string {
  return JSON.stringify(request.body);
}

/** A parent whose model calls the `agent` tool once with `call`, then says `ok`. */
function parentScript(call: Record<string, unknown>) {
  let turns = 0;
  return () => (++turns === 1 ? { toolCalls: [{ name: 'agent', arguments: call }] } : { text: 'ok' });
}

/** The text of the parent's tool result for the `agent` call. */
function agentResult(setup: SubagentSetup): string {
  return parentCase.toolResultsOf(setup.server.requests.at(-1)!.body)[0]?.content ?? '';
}

interface Workplace {
  readonly base: string;
  readonly project: string;
  readonly transcripts: string;
  /** Put in the executor's environment: finds every process it started. */
  readonly marker: string;
}

let workplace: Workplace;
let executorModel: FakeModelServer | undefined;
let setup: SubagentSetup | undefined;
beforeEach(async () => {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-real-executors-')));
  const project = path.join(base, 'project');
  await mkdir(project);
  await mkdir(path.join(base, 'home'));
  await writeFile(path.join(project, 'hello.txt'), 'hello-from-the-project\n');
  workplace = {
    base,
    project,
    transcripts: path.join(base, 'sessions', 'parent.agents'),
    marker: randomUUID(),
  };
});
afterEach(async () => {
  await setup?.close();
  setup = undefined;
  await executorModel?.close();
  executorModel = undefined;
  // Whatever happened, nothing the executor started may outlive the test.
  await waitFor(
    'the executor processes to end',
    () => processesWithMarker(workplace.marker).length === 0,
    10_000,
  );
  await rm(workplace.base, { recursive: true, force: true });
});

/** A parent session with `agent` on `definitions`, whose external tasks run trusted (as the CLI's). */
async function startParent(
  agents: readonly ResolvedSubagent[],
  call: Record<string, unknown>,
  env: Record<string, string>,
  approvalModes?: readonly ('auto-edit' | 'plan' | 'default')[],
): Promise<SubagentSetup> {
  setup = await startSubagentSetup(parentCase, {
    cwd: workplace.project,
    agents,
    ...(approvalModes === undefined ? {} : { context: { approvalModes: [...approvalModes] } }),
    agentTool: {
      startExternalTask: (request: ExternalTaskRequest) =>
        startExternalTask({ ...request, trusted: true }, { killGraceMs: 2000 }),
      executorEnvironment: env,
      transcripts: () => ({ folder: workplace.transcripts, projectRoot: workplace.project }),
    },
    script: parentScript(call),
  });
  return setup;
}

/** The environment every executor gets: our PATH (node for the adapter), a private HOME, the marker. */
function baseEnvironment(): Record<string, string> {
  return {
    PATH: `${BIN}:${path.dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
    HOME: path.join(workplace.base, 'home'),
    SKILLDOCK_EXECUTOR_TEST_MARKER: workplace.marker,
  };
}

describe.skipIf(codexUnusable !== undefined)(
  `the real codex ${EXECUTOR_VERSIONS.codex} executor (SPEC A7, A9)`,
  () => {
    const codexAgent = definition({
      name: 'codex',
      background: false,
      systemPrompt: '',
      executor: { kind: 'codex', command: 'codex' },
    });

    /** CODEX_HOME with a model provider that is the fake server (Responses API, a fake key). */
    async function codexEnvironment(server: FakeModelServer): Promise<Record<string, string>> {
      const home = path.join(CACHE, `codex-${workplace.marker}`);
      await mkdir(home, { recursive: true });
      await writeFile(
        path.join(home, 'config.toml'),
        [
          'model = "fake-model"',
          'model_provider = "skilldock-fake"',
          '[model_providers.skilldock-fake]',
          'name = "Skilldock fake model"',
          `base_url = "${server.openaiBaseUrl}"`,
          'wire_api = "responses"',
          'env_key = "SKILLDOCK_FAKE_MODEL_KEY"',
          '',
        ].join('\n'),
      );
      return { ...baseEnvironment(), CODEX_HOME: home, SKILLDOCK_FAKE_MODEL_KEY: 'fake-key' };
    }
    afterEach(() => rm(path.join(CACHE, `codex-${workplace.marker}`), { recursive: true, force: true }));

    /** Codex's model: runs `cmd` with exec_command, then answers with what the command printed. */
    function runsCommand(cmd: Record<string, unknown>) {
      return (request: RecordedRequest): FakeTurn => {
        const outputs = responsesToolOutputs(request);
        if (outputs.length === 0)
          return { text: 'Let me look.', toolCalls: [{ name: 'exec_command', arguments: cmd }] };
        return { text: `Codex saw: ${outputs.join(' / ')}` };
      };
    }

    it(
      'A7 a task goes in, a sandboxed command round-trips, and the answer, token usage and transcript come back',
      async () => {
        executorModel = await startFakeModelServer({ script: runsCommand({ cmd: 'cat hello.txt' }) });
        const parent = await startParent(
          [codexAgent],
          { subagent_type: 'codex', description: 'read', prompt: 'What does hello.txt say?' },
          await codexEnvironment(executorModel),
        );
        await parent.run('Ask Codex.');
        const result = agentResult(parent);
        // Only the final message is the answer; the command's output went through codex to the model.
        expect(result).toMatch(
          /^Codex saw: [\s\S]*hello-from-the-project[\s\S]*\n\n\[agent-1-[0-9a-f]{6} · codex · completed · 1 turn · /,
        );
        expect(result).not.toContain('Let me look.');
        expect(result).toMatch(/· 1 tool call ·/);
        const [task] = parent.tasks.list();
        expect(task!.progress.inputTokens).toBeGreaterThan(0);
        expect(task!.progress.outputTokens).toBeGreaterThan(0);
        // The prompt reached codex's model as the user's turn.
        expect(userText(executorModel.requests[0]!)).toContain('What does hello.txt say?');
        expect(executorModel.requests[0]!.headers.authorization).toBe('Bearer fake-key');
        const transcript = await readTranscript(task!.file!);
        expect(
          transcript.messages.map((message) => [message.role, (message as { text?: string }).text]),
        ).toEqual([
          ['user', 'What does hello.txt say?'],
          ['assistant', expect.stringContaining('hello-from-the-project')],
        ]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'A7 the sandbox is read-only by default, and workspace-write inside the project with auto-edit',
      async () => {
        const write = { cmd: 'echo written > out.txt && cat out.txt' };
        executorModel = await startFakeModelServer({ script: runsCommand(write) });
        const env = await codexEnvironment(executorModel);
        let parent = await startParent(
          [codexAgent],
          { subagent_type: 'codex', description: 'write', prompt: 'Write out.txt' },
          env,
        );
        await parent.run('Ask Codex.');
        expect(agentResult(parent)).toMatch(/Read-only file system/);
        expect(existsSync(path.join(workplace.project, 'out.txt'))).toBe(false);
        await parent.close();

        parent = await startParent(
          [codexAgent],
          { subagent_type: 'codex', description: 'write', prompt: 'Write out.txt' },
          env,
          ['auto-edit'],
        );
        await parent.run('Ask Codex.');
        expect(agentResult(parent)).toMatch(/Codex saw: [\s\S]*written/);
        expect(await readFile(path.join(workplace.project, 'out.txt'), 'utf8')).toBe('written\n');
        await parent.close();
        await rm(path.join(workplace.project, 'out.txt'));

        // The seed: "without an agent override" the sandbox is read-only; a Codex agent defined
        // with auto-edit writes in a default session.
        parent = await startParent(
          [{ ...codexAgent, approvalMode: 'auto-edit' }],
          { subagent_type: 'codex', description: 'write', prompt: 'Write out.txt' },
          env,
        );
        await parent.run('Ask Codex.');
        expect(await readFile(path.join(workplace.project, 'out.txt'), 'utf8')).toBe('written\n');
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'A7 a command that asks to leave the sandbox is declined, even with auto-edit',
      async () => {
        const outside = path.join(workplace.base, 'escaped.txt');
        executorModel = await startFakeModelServer({
          script: runsCommand({
            cmd: `echo escaped > ${outside}`,
            sandbox_permissions: 'require_escalated',
            justification: 'I need to write outside the project',
          }),
        });
        const parent = await startParent(
          [codexAgent],
          { subagent_type: 'codex', description: 'escape', prompt: 'Write outside' },
          await codexEnvironment(executorModel),
          ['auto-edit'],
        );
        await parent.run('Ask Codex.');
        expect(agentResult(parent)).toContain('Codex saw:');
        expect(existsSync(outside)).toBe(false);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      "A7 SEC6 the project's own .codex/config.toml cannot widen the sandbox, and workspace-write leaves /tmp read-only",
      async () => {
        // A repository whose Codex configuration asks for full access. (Its MCP servers do start:
        // codex 0.169.0 loads them from a project's .codex/config.toml, as Skilldock starts a
        // trusted workspace's own MCP servers; external executors run only in trusted workspaces.)
        await mkdir(path.join(workplace.project, '.codex'));
        await writeFile(
          path.join(workplace.project, '.codex', 'config.toml'),
          ['sandbox_mode = "danger-full-access"', 'approval_policy = "never"', ''].join('\n'),
        );
        executorModel = await startFakeModelServer({
          script: runsCommand({ cmd: `echo escaped > ${path.join(workplace.base, 'escaped.txt')}` }),
        });
        const parent = await startParent(
          [codexAgent],
          { subagent_type: 'codex', description: 'escape', prompt: 'Write outside' },
          await codexEnvironment(executorModel),
          ['auto-edit'],
        );
        await parent.run('Ask Codex.');
        expect(agentResult(parent)).toContain('Codex saw:');
        expect(existsSync(path.join(workplace.base, 'escaped.txt'))).toBe(false);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'A7 cancelling the task ends codex and everything it started',
      async () => {
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        executorModel = await startFakeModelServer({
          script: () => ({ text: 'never finished', pause: { afterEvents: 1, until: held } }),
        });
        const parent = await startParent(
          [codexAgent],
          { subagent_type: 'codex', description: 'slow', prompt: 'Take your time', run_in_background: true },
          await codexEnvironment(executorModel),
        );
        try {
          await parent.run('Ask Codex in the background.');
          await waitFor('codex to ask its model', () => executorModel!.requests.length > 0);
          expect(processesWithMarker(workplace.marker).length).toBeGreaterThan(0);
          const [task] = parent.tasks.list();
          expect(parent.tasks.cancel(task!.taskId)).toBe(true);
          await settleTasks(parent.tasks);
          expect(parent.tasks.get(task!.taskId)?.status).toBe('cancelled');
          await waitFor('codex to end', () => processesWithMarker(workplace.marker).length === 0, 10_000);
        } finally {
          release();
        }
      },
      TEST_TIMEOUT_MS,
    );
  },
);

describe.skipIf(acpUnusable !== undefined)(
  `the real claude-agent-acp ${EXECUTOR_VERSIONS['claude-agent-acp']} executor (SPEC A7, A9)`,
  () => {
    const claudeCode = definition({
      name: 'claude-code',
      background: false,
      systemPrompt: '',
      executor: { kind: 'acp', command: 'claude-agent-acp' },
    });

    /** Claude Code pointed at the fake server, its settings in a private folder, no other traffic. */
    async function acpEnvironment(server: FakeModelServer): Promise<Record<string, string>> {
      const config = path.join(workplace.base, 'claude-config');
      await mkdir(config, { recursive: true });
      return {
        ...baseEnvironment(),
        ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
        ANTHROPIC_API_KEY: 'sk-ant-fake-test-key',
        CLAUDE_CONFIG_DIR: config,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
      };
    }

    /**
     * Claude Code's model: calls `tool` with `input` once per user prompt, then answers with the
     * tool's result; a request without tools (a side query) gets a plain answer.
     */
    function callsTool(tool: string, input: Record<string, unknown>) {
      return (request: RecordedRequest): FakeTurn => {
        const body = request.body as { tools?: unknown[] };
        if (!Array.isArray(body.tools) || body.tools.length === 0) return { text: 'ok' };
        const results = anthropicToolResults(request);
        if (results.length === 0)
          return { text: 'Let me look.', toolCalls: [{ name: tool, arguments: input }] };
        return {
          text: `Claude saw (${results[0]!.isError ? 'error' : 'ok'}): ${results.map((result) => result.content).join(' / ')}`,
        };
      };
    }

    it(
      'A7 a task goes in, a tool call round-trips, the answer, usage and transcript come back, and the session takes a follow-up',
      async () => {
        executorModel = await startFakeModelServer({
          script: callsTool('Read', { file_path: path.join(workplace.project, 'hello.txt') }),
        });
        const parent = await startParent(
          [claudeCode],
          { subagent_type: 'claude-code', description: 'read', prompt: 'What does hello.txt say?' },
          await acpEnvironment(executorModel),
        );
        await parent.run('Ask Claude Code.');
        const result = agentResult(parent);
        expect(result).toMatch(
          /^Claude saw \(ok\): [\s\S]*hello-from-the-project[\s\S]*\n\n\[agent-1-[0-9a-f]{6} · claude-code · completed · 1 turn · /,
        );
        expect(result).not.toMatch(/^Let me look\./);
        expect(result).toContain('send_message continues it');
        const [task] = parent.tasks.list();
        expect(task!.progress.toolCalls).toBe(1);
        expect(task!.progress.inputTokens).toBeGreaterThan(0);
        expect(userText(executorModel.requests[0]!)).toContain('What does hello.txt say?');
        expect(executorModel.requests[0]!.headers['x-api-key']).toBe('sk-ant-fake-test-key');

        // The ACP session lives on: a message continues it.
        expect(await parent.tasks.sendMessage(task!.taskId, 'Read it again.')).toMatchObject({ ok: true });
        expect(await settleTasks(parent.tasks)).toContain('hello-from-the-project');
        expect(parent.tasks.get(task!.taskId)?.progress.turns).toBe(2);
        const transcript = await readTranscript(task!.file!);
        expect(transcript.messages.map((message) => message.role)).toEqual([
          'user',
          'assistant',
          'user',
          'assistant',
        ]);
        expect((transcript.messages[2] as { text?: string }).text).toBe('Read it again.');
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'A7 SEC6 permission requests are answered by our policy: reads and edits outside the project, commands, and edits in a read-only task are refused',
      async () => {
        const outsideFile = path.join(workplace.base, 'secret.txt');
        await writeFile(outsideFile, 'outside-secret\n');
        const cases: {
          tool: string;
          input: Record<string, unknown>;
          modes?: readonly ('auto-edit' | 'default')[];
          refused: boolean;
          check?: () => Promise<void>;
        }[] = [
          { tool: 'Read', input: { file_path: outsideFile }, modes: ['auto-edit'], refused: true },
          {
            tool: 'Write',
            input: { file_path: path.join(workplace.base, 'pwned.txt'), content: 'pwned' },
            modes: ['auto-edit'],
            refused: true,
            check: async () => expect(existsSync(path.join(workplace.base, 'pwned.txt'))).toBe(false),
          },
          {
            tool: 'Write',
            input: { file_path: path.join(workplace.project, 'notes.md'), content: 'read-only task' },
            refused: true,
            check: async () => expect(existsSync(path.join(workplace.project, 'notes.md'))).toBe(false),
          },
          {
            tool: 'Bash',
            input: { command: `touch ${path.join(workplace.project, 'ran.txt')}`, description: 'touch' },
            modes: ['auto-edit'],
            refused: true,
            check: async () => expect(existsSync(path.join(workplace.project, 'ran.txt'))).toBe(false),
          },
          {
            tool: 'Write',
            input: { file_path: path.join(workplace.project, 'notes.md'), content: 'edited' },
            modes: ['auto-edit'],
            refused: false,
            check: async () =>
              expect(await readFile(path.join(workplace.project, 'notes.md'), 'utf8')).toBe('edited'),
          },
        ];
        for (const attempt of cases) {
          await executorModel?.close();
          await setup?.close();
          executorModel = await startFakeModelServer({ script: callsTool(attempt.tool, attempt.input) });
          const parent = await startParent(
            [claudeCode],
            { subagent_type: 'claude-code', description: attempt.tool, prompt: `Use ${attempt.tool}.` },
            await acpEnvironment(executorModel),
            attempt.modes,
          );
          await parent.run('Ask Claude Code.');
          const answer = agentResult(parent);
          const label = `${attempt.tool} ${JSON.stringify(attempt.input)} ${attempt.modes?.join(',') ?? 'default'}`;
          expect([
            label,
            answer.startsWith(attempt.refused ? 'Claude saw (error)' : 'Claude saw (ok)'),
          ]).toEqual([label, true]);
          if (attempt.tool === 'Read') expect(answer).not.toContain('outside-secret');
          await attempt.check?.();
        }
      },
      TEST_TIMEOUT_MS * 3,
    );

    it(
      "A7 SEC6 the project's own .claude settings cannot pre-approve commands or edits past our policy",
      async () => {
        // A repository that allows everything in its Claude Code settings.
        await mkdir(path.join(workplace.project, '.claude'));
        const permissive = {
          permissions: { defaultMode: 'acceptEdits', allow: ['Bash', 'Bash(*)', 'Write', 'Edit'] },
        };
        await writeFile(path.join(workplace.project, '.claude', 'settings.json'), JSON.stringify(permissive));
        await writeFile(
          path.join(workplace.project, '.claude', 'settings.local.json'),
          JSON.stringify(permissive),
        );
        for (const [tool, input, made] of [
          ['Bash', { command: 'touch ran.txt', description: 'touch' }, 'ran.txt'],
          ['Write', { file_path: path.join(workplace.project, 'notes.md'), content: 'x' }, 'notes.md'],
        ] as const) {
          await executorModel?.close();
          await setup?.close();
          executorModel = await startFakeModelServer({ script: callsTool(tool, input) });
          const parent = await startParent(
            [claudeCode],
            { subagent_type: 'claude-code', description: tool, prompt: `Use ${tool}.` },
            await acpEnvironment(executorModel),
          );
          await parent.run('Ask Claude Code.');
          expect([tool, agentResult(parent).slice(0, 18)]).toEqual([tool, 'Claude saw (error)']);
          expect(existsSync(path.join(workplace.project, made))).toBe(false);
        }
      },
      TEST_TIMEOUT_MS * 2,
    );

    it(
      'A7 cancelling the task ends the adapter, Claude Code and everything they started',
      async () => {
        let release!: () => void;
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        executorModel = await startFakeModelServer({
          script: () => ({ text: 'never finished', pause: { afterEvents: 1, until: held } }),
        });
        const parent = await startParent(
          [claudeCode],
          {
            subagent_type: 'claude-code',
            description: 'slow',
            prompt: 'Take your time',
            run_in_background: true,
          },
          await acpEnvironment(executorModel),
        );
        try {
          await parent.run('Ask Claude Code in the background.');
          await waitFor('Claude Code to ask its model', () => executorModel!.requests.length > 0, 60_000);
          // The adapter and the Claude Code CLI it started.
          expect(processesWithMarker(workplace.marker).length).toBeGreaterThanOrEqual(2);
          const [task] = parent.tasks.list();
          expect(parent.tasks.cancel(task!.taskId)).toBe(true);
          await settleTasks(parent.tasks);
          expect(parent.tasks.get(task!.taskId)?.status).toBe('cancelled');
          await waitFor(
            'the adapter to end',
            () => processesWithMarker(workplace.marker).length === 0,
            10_000,
          );
        } finally {
          release();
        }
      },
      TEST_TIMEOUT_MS,
    );
  },
);
