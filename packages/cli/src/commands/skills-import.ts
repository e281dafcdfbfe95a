import type { Command } from 'commander';
import type { CliEnvironment } from '../cli-environment.js';
import { installFromSource } from '../install/install-from-source.js';
import { addInstallOptions, type InstallCommandOptions } from '../install/install-options.js';
import { withDraftCleanup } from '../install/with-draft-cleanup.js';
import type { Output } from '../output.js';

/** `skilldock skills import ARCHIVE` — review a .zip/.tar.gz of skills, then install it (same flags as add). */
export function registerSkillsImport(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  addInstallOptions(
    skills
      .command('import')
      .description(
        'Review and install skills from a .zip, .tar.gz or .tgz archive (checked before anything is unpacked)',
      )
      .argument('<archive>', 'path of the archive'),
  ).action(async (archive: string, options: InstallCommandOptions) =>
    withDraftCleanup(environment, (stagingParent) =>
      installFromSource(archive, options, output, setExitCode, environment, {
        archiveOnly: true,
        stagingParent,
      }),
    ),
  );
}
