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
  /**
   * False when no project marker was found up to the filesystem root, or the root found is `/`:
   * `projectRoot` is then just `cwd` (perhaps the home folder), not a project.
   */
  readonly projectFound: boolean;
  readonly homeDirectory: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Resolves the context; a `--cwd` that is not a folder is a usage error. */
export async function createCliContext({ cwd }: { cwd?: string } = {}): Promise<CliContext> {
  const directory = path.resolve(cwd ?? process.cwd());
  const { findProjectRoot, PROJECT_MARKERS, UserInputError } = await loadCore();
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new UserInputError('cwd_not_found', `--cwd '${cwd}' is not a folder`, {
      details: { path: directory },
    });
  }
  const projectRoot = findProjectRoot(directory, { homeDirectory: homedir() });
  return {
    cwd: directory,
    projectRoot,
    projectFound:
      projectRoot !== path.parse(projectRoot).root &&
      PROJECT_MARKERS.some((marker) => existsSync(path.join(projectRoot, marker))),
    homeDirectory: homedir(),
    env: process.env,
  };
}
