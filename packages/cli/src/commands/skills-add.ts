import type { Command } from 'commander';
import type { CliEnvironment } from '../cli-environment.js';
import { installFromSource } from '../install/install-from-source.js';
import { addInstallOptions, addTokenOption, type InstallCommandOptions } from '../install/install-options.js';
import { withDraftCleanup } from '../install/with-draft-cleanup.js';
import type { Output } from '../output.js';

/** `skilldock skills add SOURCE [--global] [--agent …] [--skill …] [--copy] [--list] [--yes] [--json] [--token-env NAME]` (SPEC P4–P8, Y13). */
export function registerSkillsAdd(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  addTokenOption(
    addInstallOptions(
      skills
        .command('add')
        .description(
          'Install skills from a folder, archive, SKILL.md, git URL, GitHub owner/repo or well-known index',
        )
        .argument('<source>', 'path, owner/repo[/path][@skill], https URL'),
    ),
  ).action(async (source: string, options: InstallCommandOptions) =>
    withDraftCleanup(environment, (stagingParent) =>
      installFromSource(source, options, output, setExitCode, environment, { stagingParent }),
    ),
  );
}
