import type { Diagnostic } from '@skilldock/core';
import yoctoSpinner from 'yocto-spinner';
import { escapeTerminalText } from './escape-terminal-text.js';
import { pc, renderForTerminal } from './terminal-style.js';

/**
 * Where a command writes; tests and the real process both use `process` streams. Text passes
 * {@link renderForTerminal}: control and bidi characters from skills, files and models are shown
 * escaped (SPEC SEC5), and only the CLI's own `pc` styles become colours.
 */
export interface Output {
  out(text: string): void;
  error(text: string): void;
  /** Prints a value as stable, indented JSON on stdout. */
  json(value: unknown): void;
  /** Runs a slow step with a spinner on stderr when it is a terminal; silent otherwise. */
  spin<T>(label: string, work: () => Promise<T>): Promise<T>;
}

/** The process's stdout/stderr. Colours follow picocolors (`NO_COLOR`, `FORCE_COLOR`, TTY). */
export function processOutput(): Output {
  return {
    out: (text) => process.stdout.write(renderForTerminal(text.endsWith('\n') ? text : `${text}\n`)),
    error: (text) => process.stderr.write(renderForTerminal(text.endsWith('\n') ? text : `${text}\n`)),
    json: (value) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`),
    async spin(label, work) {
      if (!process.stderr.isTTY || process.env.CI) return work();
      const spinner = yoctoSpinner({ text: renderForTerminal(label), stream: process.stderr }).start();
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
