import type { InstallDraft } from '@skilldock/core/install';
import { escapeTerminalLine } from '../escape-terminal-text.js';
import { renderDiagnostic } from '../output.js';
import { pc } from '../terminal-style.js';
import { formatBytes } from './format-bytes.js';

/** Files listed per skill before the list is cut short. */
const MAX_FILES_SHOWN = 12;

/**
 * The human review of a draft (SPEC P6): each skill's name, description, files and sizes,
 * dependencies, diagnostics, warnings and secrets left out; failed skills apart.
 */
export function renderDraft(draft: InstallDraft, { files = true }: { files?: boolean } = {}): string {
  const lines = [
    pc.bold(`Source: ${draft.source.input}`) +
      pc.dim(` (${draft.source.type}${draft.commit ? ` @ ${draft.commit.slice(0, 12)}` : ''})`),
  ];
  for (const skill of draft.skills) {
    lines.push(
      '',
      `${pc.cyan(pc.bold(escapeTerminalLine(skill.id)))}${skill.name !== skill.id ? pc.dim(` (${escapeTerminalLine(skill.name)})`) : ''}  ${pc.dim(`${skill.files.length} file(s), ${formatBytes(skill.totalBytes)}`)}`,
    );
    lines.push(`  ${skill.description}`);
    if (files) {
      for (const file of skill.files.slice(0, MAX_FILES_SHOWN)) {
        lines.push(
          pc.dim(
            `    ${escapeTerminalLine(file.path)}${file.executable ? ' (executable)' : ''}  ${formatBytes(file.size)}`,
          ),
        );
      }
      if (skill.files.length > MAX_FILES_SHOWN)
        lines.push(pc.dim(`    … ${skill.files.length - MAX_FILES_SHOWN} more`));
    }
    if (skill.dependencies.length > 0)
      lines.push(`  depends on: ${skill.dependencies.map(escapeTerminalLine).join(', ')}`);
    for (const diagnostic of skill.diagnostics) lines.push(renderDiagnostic(diagnostic));
    for (const warning of skill.warnings) lines.push(`  ${pc.yellow('warning')} ${warning}`);
    if (skill.secrets.length > 0)
      lines.push(`  ${pc.red('secrets left out:')} ${skill.secrets.map(escapeTerminalLine).join(', ')}`);
  }
  if (draft.failed.length > 0) lines.push('', ...renderDraftFailures(draft.failed));
  return lines.join('\n');
}

/**
 * The skills of a draft that cannot be installed, each with its reason and every diagnostic, for the
 * review and for `--list` alike.
 */
export function renderDraftFailures(failed: InstallDraft['failed']): string[] {
  if (failed.length === 0) return [];
  const lines = [pc.red(pc.bold(`Cannot be installed (${failed.length}):`))];
  for (const failure of failed) {
    lines.push(
      `  ${escapeTerminalLine(failure.name ?? (failure.sourcePath || '(the source root)'))}: ${failure.message} ${pc.dim(`[${failure.code}]`)}`,
    );
    for (const diagnostic of failure.diagnostics) lines.push(`  ${renderDiagnostic(diagnostic)}`);
  }
  return lines;
}
