import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

/**
 * The path of the `rg` executable on `searchPath` (a PATH-style list), or undefined when
 * ripgrep is not installed.
 * @example const ripgrep = await findRipgrep(process.env.PATH);
 */
export async function findRipgrep(
  searchPath: string | undefined = process.env.PATH,
): Promise<string | undefined> {
  const names = process.platform === 'win32' ? ['rg.exe'] : ['rg'];
  for (const folder of (searchPath ?? '').split(delimiter)) {
    if (folder === '') continue;
    for (const name of names) {
      const candidate = join(folder, name);
      const isExecutableFile = await access(candidate, constants.X_OK)
        .then(() => stat(candidate))
        .then((info) => info.isFile())
        .catch(() => false);
      if (isExecutableFile) return candidate;
    }
  }
  return undefined;
}
