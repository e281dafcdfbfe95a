import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/**
 * The executable file `command` names: itself when it contains a slash (relative to `cwd`),
 * otherwise the first match on `PATH` (the child's, so what we find is what it would run).
 * Undefined when there is none, or it is not a regular file we may execute.
 * @example await findExecutable('codex', { path: env.PATH, cwd }) // '/usr/local/bin/codex'
 */
export async function findExecutable(
  command: string,
  { path = '', cwd }: { path?: string; cwd: string },
): Promise<string | undefined> {
  if (command.includes('/')) {
    const candidate = isAbsolute(command) ? command : resolve(cwd, command);
    return (await isExecutableFile(candidate)) ? candidate : undefined;
  }
  for (const folder of path.split(delimiter)) {
    // An empty PATH entry means the current folder; never search it implicitly.
    if (folder === '' || !isAbsolute(folder)) continue;
    const candidate = join(folder, command);
    if (await isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
