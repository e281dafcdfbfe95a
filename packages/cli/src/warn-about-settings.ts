import type { Diagnostic } from '@skilldock/core/format';
import { type Output, renderDiagnostic } from './output.js';
import { pc } from './terminal-style.js';

/**
 * Warns on stderr about every problem in the settings files a command read (malformed JSON, a
 * wrong type, an unknown key, a key a project may not set), one `file:line:column` line each, so a
 * bad settings file is never only a `doctor` finding. Other diagnostics are left to the command.
 */
export function warnAboutSettings(diagnostics: readonly Diagnostic[], output: Output): void {
  for (const diagnostic of diagnostics) {
    if (!diagnostic.code.startsWith('settings_')) continue;
    output.error(`${pc.yellow('settings')} ${renderDiagnostic(diagnostic).trimStart()}`);
  }
}
