import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CliEnvironment } from './cli-environment.js';
import { loadCore } from './load-core.js';

/** What every command knows about where it runs. */
export interface CliContext {
  /** The folder the command works in (`--cwd`, resolved against the invocation's folder). */
  readonly cwd: string;
  /** The project root: the nearest folder up from `cwd` holding `.git`, `.agents`, `.skilldock`, `.qwen` or `.claude`; else `cwd`. */
  readonly projectRoot: string;
  readonly homeDirectory: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const PROJECT_MARKERS = ['.git', '.skilldock', '.agents', '.qwen', '.claude'];

/** Resolves the context of a command in `environment`; a `--cwd` that is not a folder is a usage error. */
export async function createCliContext(
  environment: CliEnvironment,
  { cwd }: { cwd?: string } = {},
): Promise<CliContext> {
  const directory = path.resolve(environment.cwd, cwd ?? '.');
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    const { UserInputError } = await loadCore();
    throw new UserInputError('cwd_not_found', `--cwd '${cwd}' is not a folder`, {
      details: { path: directory },
    });
  }
  return {
    cwd: directory,
    projectRoot: findProjectRoot(directory, environment.home),
    homeDirectory: environment.home,
    env: environment.env,
  };
}

function findProjectRoot(start: string, home: string): string {
  for (let directory = start; ; directory = path.dirname(directory)) {
    // The home folder is where personal skills live, never a project of its own.
    if (directory !== home && PROJECT_MARKERS.some((marker) => existsSync(path.join(directory, marker))))
      return directory;
    if (path.dirname(directory) === directory) return start;
  }
}
