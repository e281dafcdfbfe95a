import type { Command } from 'commander';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import {
  type InspectCommandOptions,
  inspectOptions,
  missingSummary,
  statusLine,
} from '../install/inspect-command.js';
import { addRemotePolicyOptions, addTokenOption } from '../install/install-options.js';
import { withDraftCleanup } from '../install/with-draft-cleanup.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';

/** `skilldock skills update [ID…] [--global] [--json]` — replace changed skills, all or nothing. */
export function registerSkillsUpdate(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  addTokenOption(
    addRemotePolicyOptions(
      skills
        .command('update')
        .description(
          'Update installed skills whose source changed (the old folder stays until the new one is in place)',
        )
        .argument('[ids...]', 'only these skills (default: every skill in the lock)')
        .option('-g, --global', 'update your user skills instead of this project')
        .option('--json', 'print JSON'),
    ),
    'lock',
  )
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (ids: string[], options: InspectCommandOptions) =>
      withDraftCleanup(environment, async (stagingParent) => {
        const core = await loadCore('install');
        const { scope, inspect } = await inspectOptions(ids, options, output, environment, stagingParent);
        const result = await output.spin('Updating skills', () => core.updateInstalled(inspect));
        const missing = result.skills.filter((status) => status.status === 'sourceMissing');
        if (options.json)
          output.json({
            scope,
            skills: result.skills,
            updated: result.updated,
            lock: result.lock,
            warnings: result.warnings,
          });
        else {
          const lines = result.skills.map((status) => statusLine(status, result.updated.includes(status.id)));
          if (result.updated.length > 0) lines.push(pc.green(`Updated ${result.updated.length} skill(s).`));
          if (missing.length > 0) lines.push(...missingSummary(result.skills).map((line) => pc.red(line)));
          else if (result.updated.length === 0) lines.push(pc.green('Nothing to update.'));
          for (const warning of result.warnings) lines.push(`${pc.yellow('warning')} ${warning}`);
          output.out(lines.join('\n'));
        }
        setExitCode(missing.length > 0 ? ExitCode.invalid : ExitCode.ok);
      }),
    );
}
