import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FakeModelServer, RecordedRequest } from '@skilldock/agent/testing';
import { BIN, cliTestEnvironment, runCliInProcess } from '../run-cli.js';

/** One wire protocol the e2e suites run against: how to point the CLI at the fake server. */
export interface ProtocolUnderTest {
  readonly name: 'openai' | 'anthropic';
  env(server: FakeModelServer): Record<string, string>;
}

/** The CLI speaks both protocols; every e2e case runs against each (STYLE.md: one contract suite). */
export const PROTOCOLS: readonly ProtocolUnderTest[] = [
  {
    name: 'openai',
    env: (server) => ({
      OPENAI_BASE_URL: server.openaiBaseUrl,
      OPENAI_API_KEY: 'test-key',
      SKILLDOCK_MODEL: 'openai:test-model',
    }),
  },
  {
    name: 'anthropic',
    env: (server) => ({
      ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
      ANTHROPIC_API_KEY: 'test-key',
      SKILLDOCK_MODEL: 'anthropic:test-model',
    }),
  },
];

/** A request reduced to what the tests look at, whatever the protocol. */
export interface RequestView {
  readonly system: string;
  /** The tool declarations as JSON text (for byte comparisons across turns). */
  readonly tools: string;
  readonly toolNames: readonly string[];
  /** User texts (prompts and appended signals), in order. */
  readonly userTexts: readonly string[];
  /** Tool results, in order. */
  readonly toolResults: readonly {
    readonly id: string;
    readonly content: string;
    readonly isError: boolean;
  }[];
}

/** Reads a recorded OpenAI or Anthropic request. */
export function viewRequest(request: RecordedRequest): RequestView {
  const body = request.body as {
    system?: { text: string }[] | string;
    messages: { role: string; content: unknown; tool_call_id?: string }[];
    tools?: { name?: string; function?: { name: string } }[];
  };
  const tools = JSON.stringify(body.tools ?? []);
  const toolNames = (body.tools ?? []).map((tool) => tool.function?.name ?? tool.name ?? '');
  const userTexts: string[] = [];
  const toolResults: { id: string; content: string; isError: boolean }[] = [];
  let system = '';
  if (request.protocol === 'openai') {
    for (const message of body.messages) {
      if (message.role === 'system') system = String(message.content);
      else if (message.role === 'user') userTexts.push(String(message.content));
      else if (message.role === 'tool') {
        const content = String(message.content);
        toolResults.push({ id: message.tool_call_id ?? '', content, isError: false });
      }
    }
  } else {
    system = Array.isArray(body.system)
      ? body.system.map((block) => block.text).join('')
      : (body.system ?? '');
    for (const message of body.messages) {
      if (message.role !== 'user') continue;
      const blocks =
        typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
      for (const block of blocks as {
        type: string;
        text?: string;
        content?: unknown;
        tool_use_id?: string;
        is_error?: boolean;
      }[]) {
        if (block.type === 'text') userTexts.push(block.text ?? '');
        if (block.type === 'tool_result') {
          const content =
            typeof block.content === 'string'
              ? block.content
              : (block.content as { text: string }[]).map((part) => part.text).join('');
          toolResults.push({ id: block.tool_use_id ?? '', content, isError: block.is_error === true });
        }
      }
    }
  }
  return { system, tools, toolNames, userTexts, toolResults };
}

/** A temp project (a git root) and a temp home; `remove()` deletes both. */
export interface AgentWorkspaceFolders {
  readonly project: string;
  readonly home: string;
  remove(): void;
}

/** Creates the folders; paths are real paths so they match what the CLI prints. */
export function makeAgentWorkspace(): AgentWorkspaceFolders {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'skilldock-agent-')));
  const project = path.join(base, 'project');
  const home = path.join(base, 'home');
  mkdirSync(path.join(project, '.git'), { recursive: true });
  mkdirSync(home, { recursive: true });
  return { project, home, remove: () => rmSync(base, { recursive: true, force: true }) };
}

/** Writes `<project>/.agents/skills/<id>/SKILL.md`; returns the file. */
export function writeProjectSkill(project: string, id: string, frontmatter: string, body: string): string {
  const folder = path.join(project, '.agents', 'skills', id);
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'SKILL.md');
  writeFileSync(file, `---\nname: ${id}\n${frontmatter}\n---\n${body}\n`);
  return file;
}

/** Writes `~/.skilldock/settings.json` or `<project>/.skilldock/settings.json`. */
export function writeSettings(root: string, settings: unknown): void {
  mkdirSync(path.join(root, '.skilldock'), { recursive: true });
  writeFileSync(path.join(root, '.skilldock', 'settings.json'), JSON.stringify(settings, null, 2));
}

/** A running `skilldock` process with its output so far. */
export interface CliProcess {
  readonly child: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout contains `text` (rejects after `timeoutMs`). */
  waitForStdout(text: string, timeoutMs?: number): Promise<void>;
  /** Resolves with the exit code once the process ends. */
  readonly exited: Promise<number>;
}

/**
 * Starts the built `skilldock` bin (asynchronously: the fake model server lives in this process,
 * so a synchronous spawn would block it). HOME is the temp home; no colour; stdin gets `input`, then ends.
 */
export function startCli(
  args: readonly string[],
  { cwd, home, env = {}, input }: { cwd: string; home: string; env?: Record<string, string>; input?: string },
): CliProcess {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: cliTestEnvironment(home, env),
  });
  // A child that refuses its input (a prompt over the limit) closes stdin early: not a test failure.
  child.stdin.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  child.stdin.end(input);
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    for (const waiter of waiters) waiter();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number>((resolve) => {
    child.on('close', (code, signal) => resolve(code ?? (signal === null ? -1 : 128)));
  });
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    waitForStdout(text, timeoutMs = 20_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!stdout.includes(text)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `timed out waiting for ${JSON.stringify(text)} on stdout; got:\n${stdout}\nstderr:\n${stderr}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
}

/**
 * Runs `skilldock …` to its end, in this process ({@link runCliInProcess}): the fake model server
 * shares the event loop, which the in-process run never blocks. Signals need a real process:
 * use {@link startCli} for those.
 */
export async function runAgentCli(
  args: readonly string[],
  options: { cwd: string; home: string; env?: Record<string, string>; input?: string },
): Promise<{ status: number; stdout: string; stderr: string }> {
  return runCliInProcess(args, options);
}

/** Parses `--json` output: one event per line. */
export function jsonLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The lines of the only transcript under the temp home's sessions folder. */
export function readOnlyTranscript(home: string): Record<string, unknown>[] {
  const sessions = path.join(home, '.skilldock', 'sessions');
  const [projectFolder] = readdirSync(sessions);
  const folder = path.join(sessions, projectFolder ?? '');
  const files = readdirSync(folder).filter((name) => name.endsWith('.jsonl'));
  if (files.length !== 1) throw new Error(`expected one transcript, found ${files.length}`);
  return jsonLines(readFileSync(path.join(folder, files[0] ?? ''), 'utf8'));
}
