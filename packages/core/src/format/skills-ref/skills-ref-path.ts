import { formatPythonPath, type PythonPath } from './python-path.js';

/**
 * The on-disk path of a `PythonPath` typed by a user in `cwd`. It is not normalised further: `..`
 * stays for the kernel to resolve through symbolic links, as Python passes it on.
 */
export function skillsRefDiskPath(path: PythonPath, cwd: string): string {
  const formatted = formatPythonPath(path);
  return path.root === '' ? `${cwd.replace(/\/+$/, '')}/${formatted}` : formatted;
}
