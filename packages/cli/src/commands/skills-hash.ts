import { type Command, Option } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { resolveSkillFolderArgument } from '../resolve-skill-folder-argument.js';

/**
 * `skilldock skills hash DIR [--algo revision|skills-lock] [--json]` — the folder's revision
 * (`sha256:…`, SPEC P1) or the `computedHash` the `skills` CLI writes to skills-lock.json.
 */
export function registerSkillsHash(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('hash')
    .description("Print a skill folder's revision hash, or its skills-lock.json computedHash")
    .argument('<dir>', 'the skill folder (must be a valid skill: checked with the lenient profile)')
    .addOption(
      new Option('--algo <algo>', 'revision: sha256 directory revision; skills-lock: the skills CLI hash')
        .choices(['revision', 'skills-lock'])
        .default('revision'),
    )
    .option('--json', 'print JSON: { path, algo, hash }')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(
      async (dir: string, options: { algo: 'revision' | 'skills-lock'; json?: boolean; cwd?: string }) => {
        const { computeDirectoryRevision, computeSkillsLockHash } = await loadCore('package');
        const context = await createCliContext(environment, options);
        const { directory } = await resolveSkillFolderArgument(context.cwd, dir);
        const hash =
          options.algo === 'revision'
            ? await computeDirectoryRevision(directory)
            : await computeSkillsLockHash(directory);
        if (options.json) output.json({ path: directory, algo: options.algo, hash });
        else output.out(hash);
        setExitCode(ExitCode.ok);
      },
    );
}
