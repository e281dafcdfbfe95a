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

const PROJECT_MARKERS = ['.git', '.skilldock', '.agents', '.qwen', '.claude'];

/** Resolves the context; a `--cwd` that is not a folder is a usage error. */
export async function createCliContext({ cwd }: { cwd?: string } = {}): Promise<CliContext> {
  const directory = path.resolve(cwd ?? process.cwd());
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    const { UserInputError } = await loadCore();
    throw new UserInputError('cwd_not_found', `--cwd '${cwd}' is not a folder`, {
      details: { path: directory },
    });
  }
  const found = findProjectRoot(directory);
  return {
    cwd: directory,
    projectRoot: found ?? directory,
    projectFound: found !== undefined && found !== path.parse(found).root,
    homeDirectory: homedir(),
    env: process.env,
  };
}

function findProjectRoot(start: string): string | undefined {
  const home = homedir();
  for (let directory = start; ; directory = path.dirname(directory)) {
    // The home folder is where personal skills live, never a project of its own.
    if (directory !== home && PROJECT_MARKERS.some((marker) => existsSync(path.join(directory, marker))))
      return directory;
    if (path.dirname(directory) === directory) return undefined;
  }
}
