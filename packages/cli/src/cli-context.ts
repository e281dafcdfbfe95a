import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { loadCore } from './load-core.js';

/** What every command knows about where it runs. */
export interface CliContext {
  /** The folder the command works in (`--cwd` or the process's). */
  readonly cwd: string;
  /** The project root: the nearest folder up from `cwd` holding `.git`, `.agents`, `.skilldock`, `.qwen` or `.claude`; else `cwd`. */
  readonly projectRoot: string;
  readonly homeDirectory: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Resolves the context; a `--cwd` that is not a folder is a usage error. */
export async function createCliContext({ cwd }: { cwd?: string } = {}): Promise<CliContext> {
  const directory = path.resolve(cwd ?? process.cwd());
  const { findProjectRoot, UserInputError } = await loadCore();
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new UserInputError('cwd_not_found', `--cwd '${cwd}' is not a folder`, {
      details: { path: directory },
    });
  }
  return {
    cwd: directory,
    projectRoot: findProjectRoot(directory, { homeDirectory: homedir() }),
    homeDirectory: homedir(),
    env: process.env,
  };
}
