import { lstatSync, statSync } from 'node:fs';
import path from 'node:path';
import { isPathInside } from '@skilldock/core/format';
import { type Command, Option } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { resolveSkillFolderArgument } from '../resolve-skill-folder-argument.js';
import { pc } from '../terminal-style.js';

/** File extension per bundle format. */
const EXTENSIONS = { zip: 'zip', tgz: 'tgz' } as const;

/** `skilldock skills pack DIR [--out FILE] [--format zip|tgz] [--json]` — a deterministic bundle (SPEC P2). */
export function registerSkillsPack(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('pack')
    .description('Pack a skill folder into a deterministic .zip or .tgz (noise skipped, secrets refused)')
    .argument('<dir>', 'the skill folder (holding SKILL.md)')
    .option(
      '--out <file>',
      'where to write the bundle (default: <folder name>.zip or .tgz in the current folder)',
    )
    .option('--force', 'replace the output file when it exists')
    .addOption(new Option('--format <format>', 'bundle format').choices(['zip', 'tgz']).default('zip'))
    .option('--json', 'print JSON')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(
      async (
        dir: string,
        options: { out?: string; format: 'zip' | 'tgz'; force?: boolean; json?: boolean; cwd?: string },
      ) => {
        const { ConflictError, packSkill, UserInputError } = await loadCore('errors', 'package');
        const context = await createCliContext(environment, options);
        const { directory } = await resolveSkillFolderArgument(context.cwd, dir);
        const out = path.resolve(
          context.cwd,
          options.out ?? `${path.basename(directory)}.${EXTENSIONS[options.format]}`,
        );
        if (isPathInside(out, directory)) {
          throw new UserInputError(
            'out_inside_skill',
            `--out ${options.out ?? path.basename(out)} is inside the skill folder; write the bundle somewhere else (e.g. --out ../${path.basename(out)})`,
            { details: { path: out } },
          );
        }
        if (lstatSync(out, { throwIfNoEntry: false }) !== undefined && !options.force) {
          throw new ConflictError(
            'output_exists',
            `${path.relative(context.cwd, out) || out} already exists; pass --force to replace it, or --out another file`,
            { details: { path: out } },
          );
        }
        if (!statSync(path.dirname(out), { throwIfNoEntry: false })?.isDirectory()) {
          throw new UserInputError('path_not_found', `the folder for --out ${options.out} does not exist`, {
            details: { path: path.dirname(out) },
          });
        }
        const result = await output.spin('Packing', () =>
          packSkill(directory, { format: options.format, out }),
        );
        for (const warning of result.warnings) output.error(`${pc.yellow('warning')} ${warning}`);
        const bytes = statSync(out).size;
        if (options.json) {
          output.json({
            path: out,
            name: result.name,
            format: result.format,
            files: result.files.length,
            bytes,
            warnings: result.warnings,
          });
        } else {
          output.out(
            `${pc.green('Packed')} ${result.name} (${result.files.length} ${result.files.length === 1 ? 'file' : 'files'}, ${bytes} bytes) → ${path.relative(context.cwd, out) || out}`,
          );
        }
        setExitCode(ExitCode.ok);
      },
    );
}
