/** How bad a diagnostic is: errors reject the artifact, warnings and notes do not. */
export type Severity = 'error' | 'warning' | 'info';

/**
 * One finding about a file. Detection lives here; wording for humans is `message`, and callers may
 * render `code` + `path` their own way.
 */
export interface Diagnostic {
  /** Stable snake_case code, e.g. `name_too_long`. */
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  /** The file the finding is about (as the caller named it). */
  readonly file?: string;
  /** 1-based line in the file (not in the frontmatter). */
  readonly line?: number;
  /** 1-based column in the file, counted in code points. */
  readonly column?: number;
  /** Field path inside the artifact, e.g. `['metadata', 'author']`. */
  readonly path?: ReadonlyArray<string | number>;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: ReadonlyArray<Diagnostic>): boolean {
  return diagnostics.some((diagnostic) => diagnostic.severity === 'error');
}

/**
 * `file:line:column: severity code: message` — the one-line form used by the CLI and logs.
 * @example formatDiagnostic({ code: 'name_missing', severity: 'error', message: 'name is required', file: 'a/SKILL.md', line: 1, column: 1 })
 */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  let where = diagnostic.file ?? '';
  if (diagnostic.file !== undefined && diagnostic.line !== undefined) {
    where += `:${diagnostic.line}`;
    if (diagnostic.column !== undefined) where += `:${diagnostic.column}`;
  }
  const field = diagnostic.path && diagnostic.path.length > 0 ? ` [${diagnostic.path.join('.')}]` : '';
  return `${where ? `${where}: ` : ''}${diagnostic.severity} ${diagnostic.code}${field}: ${diagnostic.message}`;
}
