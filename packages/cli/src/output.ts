import type { Diagnostic } from '@skilldock/core/format';
import type { CliEnvironment } from './cli-environment.js';
import { escapeTerminalText } from './escape-terminal-text.js';
import { pc, renderForTerminal } from './terminal-style.js';

/**
 * Where a command writes: the invocation's stdout and stderr ({@link CliEnvironment}). Text passes
 * {@link renderForTerminal}: control and bidi characters from skills, files and models are shown
 * escaped (SPEC SEC5), and only the CLI's own `pc` styles become colours, when colour is on.
 */
export interface Output {
  /** Prints a line (a newline is added when missing) on stdout. */
  out(text: string): void;
  /** Prints a line on stderr. */
  error(text: string): void;
  /** Prints a value as stable, indented JSON on stdout. */
  json(value: unknown): void;
  /** Runs a slow step with a spinner on stderr when it is a terminal; silent otherwise. */
  spin<T>(label: string, work: () => Promise<T>): Promise<T>;
  /** Writes text on stdout exactly as given: byte-exact formats and JSON lines only. */
  writeOut(text: string): void;
  /** Writes text on stderr exactly as given. */
  writeError(text: string): void;
  /** Text as this invocation's terminal gets it: escaped, styles as colours or dropped. */
  render(text: string): string;
}

/** The output of one invocation, on its environment's streams and colour setting. */
export function createOutput(environment: CliEnvironment): Output {
  const { stdout, stderr, colour } = environment;
  const render = (text: string) => renderForTerminal(text, { colour });
  return {
    out: (text) => stdout.write(render(text.endsWith('\n') ? text : `${text}\n`)),
    error: (text) => stderr.write(render(text.endsWith('\n') ? text : `${text}\n`)),
    json: (value) => stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    writeOut: (text) => stdout.write(text),
    writeError: (text) => stderr.write(text),
    render,
    async spin(label, work) {
      if (!environment.terminal.stderr || environment.env.CI) return work();
      // Loaded only for a terminal: piped and JSON runs (a listing of 10,000 skills) never spin.
      const { default: yoctoSpinner } = await import('yocto-spinner');
      const spinner = yoctoSpinner({ text: render(label), stream: stderr as NodeJS.WriteStream }).start();
      try {
        return await work();
      } finally {
        spinner.stop();
      }
    },
  };
}

const severityColour = { error: pc.red, warning: pc.yellow, info: pc.cyan } as const;

/** `file:line:col  severity  code  message [field]` — one line a diagnostic, coloured by severity. */
export function renderDiagnostic(
  diagnostic: Diagnostic,
  { relativeTo }: { relativeTo?: string } = {},
): string {
  const where = escapeTerminalText(diagnosticLocation(diagnostic, { relativeTo }), { singleLine: true });
  const field =
    diagnostic.path && diagnostic.path.length > 0 ? pc.dim(` [${diagnostic.path.join('.')}]`) : '';
  const severity = severityColour[diagnostic.severity](diagnostic.severity.padEnd(7));
  return `  ${where ? `${pc.bold(where)} ` : ''}${severity} ${pc.dim(diagnostic.code)} ${escapeTerminalText(diagnostic.message, { singleLine: true })}${field}`;
}

/** `file:line:column` of a diagnostic (`file` alone without a line, `''` without a file), optionally relative to a folder. */
export function diagnosticLocation(
  diagnostic: Diagnostic,
  { relativeTo }: { relativeTo?: string | undefined } = {},
): string {
  let file = diagnostic.file ?? '';
  if (relativeTo && file.startsWith(`${relativeTo}/`)) file = file.slice(relativeTo.length + 1);
  if (file === '') return '';
  return `${file}${diagnostic.line === undefined ? '' : `:${diagnostic.line}:${diagnostic.column ?? 1}`}`;
}

/** A diagnostic as JSON: the stable shape documented in the README. */
export function diagnosticJson(diagnostic: Diagnostic): Record<string, unknown> {
  return {
    code: diagnostic.code,
    severity: diagnostic.severity,
    message: diagnostic.message,
    file: diagnostic.file ?? null,
    line: diagnostic.line ?? null,
    column: diagnostic.column ?? null,
    path: diagnostic.path ?? [],
  };
}
