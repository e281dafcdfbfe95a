import pc from 'picocolors';
import { ExitCode } from '../exit-codes.js';
import { loadInstallCore } from '../load-core.js';
import type { Output } from '../output.js';

/** Error codes that mean "you called it wrong" (exit 2) rather than "the input is bad" (exit 1). */
const USAGE_CODES = new Set([
  'unknown_agent',
  'empty_source',
  'source_not_found',
  'unrecognized_source',
  'unsupported_source_file',
  'skill_not_in_draft',
  'skill_not_found',
  'skill_selection_required',
  'skill_not_installed',
  'no_skills_selected',
  'cwd_not_found',
  'not_an_archive',
]);

/**
 * Runs an install command's action and turns a Skilldock error into one clear line (or a JSON
 * `{ error }` object with `--json`) and an exit code: 2 for usage errors, 1 otherwise. Drafts left
 * by interrupted runs are swept first, and a signal during the action removes this run's drafts
 * before the process ends (SPEC P6).
 */
export async function runInstallAction(
  output: Output,
  setExitCode: (code: number) => void,
  json: boolean | undefined,
  action: () => Promise<void>,
): Promise<void> {
  const core = await loadInstallCore();
  const restoreSignals = core.removeDraftsOnSignal();
  try {
    await new core.DraftStore().sweep();
    await action();
  } catch (error) {
    const { SkilldockError } = core;
    if (!SkilldockError.isInstance(error)) throw error;
    if (json) output.json({ error: { code: error.code, message: error.message, details: error.details } });
    output.error(`${pc.red('error')} ${error.message}`);
    setExitCode(USAGE_CODES.has(error.code) ? ExitCode.usage : ExitCode.invalid);
  } finally {
    restoreSignals();
  }
}
