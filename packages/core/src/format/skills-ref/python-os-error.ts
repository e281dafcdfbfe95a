import { pythonStringRepr } from './python-repr.js';

/** Python's exception class, errno and text for the errno codes a read can hit. */
const PYTHON_ERRORS: Readonly<Record<string, readonly [string, number, string]>> = {
  ENOENT: ['FileNotFoundError', 2, 'No such file or directory'],
  EACCES: ['PermissionError', 13, 'Permission denied'],
  EPERM: ['PermissionError', 1, 'Operation not permitted'],
  EISDIR: ['IsADirectoryError', 21, 'Is a directory'],
  ENOTDIR: ['NotADirectoryError', 20, 'Not a directory'],
  ELOOP: ['OSError', 40, 'Too many levels of symbolic links'],
  EIO: ['OSError', 5, 'Input/output error'],
};

/**
 * The last line of the traceback Python prints when opening `displayPath` fails with `error`, e.g.
 * `IsADirectoryError: [Errno 21] Is a directory: 'pdf/SKILL.md'`. The reference does not catch
 * these, so they are what a user of it sees.
 */
export function pythonOsErrorLine(error: unknown, displayPath: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const known = PYTHON_ERRORS[code];
  if (known !== undefined) {
    const [name, errno, text] = known;
    return `${name}: [Errno ${errno}] ${text}: ${pythonStringRepr(displayPath)}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `OSError: ${message}`;
}
