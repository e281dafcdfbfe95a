import { readFileSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ExternalTaskOptions } from '../../src/subagents/executors/external-task-options.js';
import { startExternalTask } from '../../src/subagents/executors/start-external-task.js';
import type {
  ExternalTaskProgress,
  ExternalTaskRequest,
  ResolvedSubagent,
  SubagentExecutorSpec,
} from '../../src/subagents/subagent-types.js';

/** A temp folder with `bin/` (on the child's PATH) and `project/` (the task's cwd). */
export interface ExecutorTestFolders {
  readonly base: string;
  readonly bin: string;
  readonly project: string;
  /** A file under `base` for a fake to write to (its log, its pid file). */
  file(name: string): string;
  /** The JSON lines a fake logged, parsed. */
  logged(name: string): Promise<Record<string, unknown>[]>;
  cleanup(): Promise<void>;
}

export async function makeExecutorFolders(): Promise<ExecutorTestFolders> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'skilldock-executors-')));
  const bin = join(base, 'bin');
  const project = join(base, 'project');
  await mkdir(bin);
  await mkdir(project);
  return {
    base,
    bin,
    project,
    file: (name) => join(base, name),
    async logged(name) {
      const text = await readFile(join(base, name), 'utf8');
      return text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    },
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** A definition delegating to `executor`, with nothing an executor could not honour. */
export function externalDefinition(
  executor: SubagentExecutorSpec,
  overrides: Partial<ResolvedSubagent> = {},
): ResolvedSubagent {
  return {
    name: executor.kind === 'codex' ? 'codex' : 'claude-code',
    description: 'An external agent',
    systemPrompt: '',
    level: 'builtin',
    model: { kind: 'inherit' },
    disallowedTools: [],
    background: false,
    diagnostics: [],
    executor,
    ...overrides,
  };
}

/** A trusted, read-only request in `folders.project` whose child PATH starts with `folders.bin`. */
export function externalRequest(
  folders: ExecutorTestFolders,
  definition: ResolvedSubagent,
  overrides: Partial<ExternalTaskRequest> = {},
): ExternalTaskRequest & { readonly progress: ExternalTaskProgress[] } {
  const progress: ExternalTaskProgress[] = [];
  return {
    definition,
    prompt: 'Run the tests and report.',
    cwd: folders.project,
    allowEdits: false,
    signal: new AbortController().signal,
    env: { PATH: `${folders.bin}:/usr/bin:/bin`, HOME: folders.base },
    trusted: true,
    onProgress: (event) => progress.push(event),
    progress,
    ...overrides,
  };
}

/** The `{pid, grandchildPid}` a fake writes when it starts, as soon as a file event says it is complete. */
export function waitForPids(file: string): Promise<{ pid: number; grandchildPid: number }> {
  const read = () => {
    try {
      const pids = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; grandchildPid: number };
      return pids.pid > 0 && pids.grandchildPid > 0 ? pids : undefined;
    } catch {
      return undefined;
    }
  };
  return new Promise((resolve) => {
    const check = () => {
      const pids = read();
      if (pids === undefined) return;
      watcher.close();
      resolve(pids);
    };
    const watcher = watch(dirname(file), check);
    check();
  });
}

/** Starts the task, waits for its first answer, and closes it whatever happened. */
export async function answerOf(request: ExternalTaskRequest, options?: ExternalTaskOptions): Promise<string> {
  const task = startExternalTask(request, options);
  try {
    return (await task.result).text;
  } finally {
    await task.close();
  }
}
