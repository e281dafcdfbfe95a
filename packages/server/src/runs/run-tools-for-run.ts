import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type AgentTool, createBuiltinTools } from '@skilldock/agent';
import { UserInputError } from '@skilldock/core/errors';
import { isSafePathSegment } from '@skilldock/core/fs';

/** What a run's tools are built from (SPEC Y17). */
export interface RunToolsInput {
  /** The tool names the agent is configured with. */
  readonly toolNames: readonly string[];
  /** The user's read-only projection of shared and builtin skills. */
  readonly projectionDirectory: string;
  /** The user's personal skills folder (read-only for the run). */
  readonly workspaceDirectory: string;
  /** The run's own folder: the only place its tools write. */
  readonly workFolder: string;
}

/** A run's tools, and notices for the model or the stream about tools left out. */
export interface RunTools {
  readonly tools: readonly AgentTool[];
  readonly notices: readonly string[];
  /** The folder tools work in (their `cwd`). */
  readonly cwd: string;
  /** Folders tools may read and never write. */
  readonly readOnlyRoots: readonly string[];
}

/** `<data>/runs/<run id>`: the work folder of a run. The id is checked as one safe path segment. */
export function runWorkFolder(dataDir: string, runId: string): string {
  if (!isSafePathSegment(runId) || runId.startsWith('.'))
    throw new UserInputError('invalid_request', `${JSON.stringify(runId)} cannot name a run folder.`);
  return path.join(dataDir, 'runs', runId);
}

/**
 * The one place a platform run's tools are built (SPEC Y17): the agent package's file tools,
 * confined to the run's work folder (their `cwd`, the only folder they write), reading the user's
 * projection and workspace as read-only roots; `shell` is left out with a notice — the sandboxed
 * tools (`createRunTools` of `run-tools/`) replace this module's body at merge.
 */
export async function runToolsForRun(input: RunToolsInput): Promise<RunTools> {
  await mkdir(input.workFolder, { recursive: true, mode: 0o700 });
  const wanted = new Set(input.toolNames);
  const tools = createBuiltinTools().filter((tool) => wanted.has(tool.name) && tool.name !== 'shell');
  return {
    tools,
    notices: wanted.has('shell') ? ['The shell tool is not available in platform runs yet.'] : [],
    cwd: input.workFolder,
    readOnlyRoots: [input.projectionDirectory, input.workspaceDirectory],
  };
}
