import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CliEnvironment } from './cli-environment.js';
import { loadCore } from './load-core.js';
import { UsageError } from './usage-error.js';

/** What every command knows about where it runs. */
export interface CliContext {
  /** The folder the command works in (`--cwd`, resolved against the invocation's folder). */
  readonly cwd: string;
  /** The project root: the nearest folder up from `cwd` holding `.git`, `.agents`, `.skilldock`, `.qwen` or `.claude`; else `cwd`. */
  readonly projectRoot: string;
  /**
   * False when no project marker was found up to the filesystem root, or the root found is `/`:
   * `projectRoot` is then just `cwd` (perhaps the home folder), not a project.
   */
  readonly projectFound: boolean;
  readonly homeDirectory: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Resolves the context of a command in `environment`; a `--cwd` that is not a folder is a usage error. */
export async function createCliContext(
  environment: CliEnvironment,
  { cwd }: { cwd?: string } = {},
): Promise<CliContext> {
  const directory = path.resolve(environment.cwd, cwd ?? '.');
  const { locateProjectRoot } = await loadCore('discover');
  if (!existsSync(directory) || !statSync(directory).isDirectory()) {
    throw new UsageError('cwd_not_found', `--cwd '${cwd}' is not a folder`, {
      details: { path: directory },
    });
  }
  const found = locateProjectRoot(directory, { homeDirectory: environment.home });
  return {
    cwd: directory,
    projectRoot: found ?? directory,
    projectFound: found !== undefined && found !== path.parse(found).root,
    homeDirectory: environment.home,
    env: environment.env,
  };
}
