/**
 * A path as Python's `pathlib.PurePosixPath` sees what was typed: empty and `.` segments dropped,
 * `..` kept, a trailing slash gone, a leading `//` (exactly two) kept as its own root.
 */
export interface PythonPath {
  readonly root: '' | '/' | '//';
  readonly parts: readonly string[];
}

/**
 * Parses a typed path the way `Path(text)` does.
 * @example formatPythonPath(parsePythonPath('./skills//pdf/')) // 'skills/pdf'
 */
export function parsePythonPath(text: string): PythonPath {
  let root: PythonPath['root'] = '';
  if (text.startsWith('/')) root = text.startsWith('//') && !text.startsWith('///') ? '//' : '/';
  const parts = text.split('/').filter((part) => part !== '' && part !== '.');
  return { root, parts };
}

/** `str(path)`: `.` when nothing is left. */
export function formatPythonPath(path: PythonPath): string {
  const joined = path.root + path.parts.join('/');
  return joined === '' ? '.' : joined;
}

/** `path.name`: the last segment, or `''` for `.` and `/`. */
export function pythonPathName(path: PythonPath): string {
  return path.parts.at(-1) ?? '';
}

/** `path.parent`: the path without its last segment (the root and `.` are their own parents). */
export function pythonPathParent(path: PythonPath): PythonPath {
  return { root: path.root, parts: path.parts.slice(0, -1) };
}

/** `path / name`. */
export function joinPythonPath(path: PythonPath, name: string): PythonPath {
  return { root: path.root, parts: [...path.parts, name] };
}
