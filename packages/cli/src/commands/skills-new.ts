import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';

/** `skilldock skills new NAME [--dir DIR]` — writes a valid SKILL.md template (SPEC S5). */
export function registerSkillsNew(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('new')
    .description('Create a new skill folder with a valid SKILL.md template')
    .argument('<name>', 'skill name: lowercase letters, digits and hyphens')
    .option('--dir <dir>', 'parent folder (default: <project>/.agents/skills)')
    .option('--description <text>', 'the description to write')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (name: string, options: { dir?: string; description?: string; cwd?: string }) => {
      const { ConflictError, createSkillTemplate, isSafePathSegment, parseSkill, UserInputError } =
        await loadCore('errors', 'format', 'fs');
      const context = await createCliContext(environment, options);
      const parent = path.resolve(
        context.cwd,
        options.dir ?? path.join(context.projectRoot, '.agents', 'skills'),
      );
      const text = createSkillTemplate(name, options.description);
      const check = parseSkill(text, { profile: 'spec', folderName: name });
      // The name becomes a folder name: it must be exactly one path segment (SPEC SEC1).
      if (!check.ok || !isSafePathSegment(name)) {
        const reasons = check.ok
          ? ['it is not a single folder name']
          : check.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message);
        throw new UserInputError(
          'invalid_skill_name',
          `cannot create '${name}': ${reasons.join('; ')}. Use lowercase letters, digits and single hyphens, e.g. pdf-tools.`,
        );
      }
      const folder = path.join(parent, name);
      try {
        await mkdir(parent, { recursive: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST' || code === 'ENOTDIR') {
          throw new UserInputError(
            'dir_not_a_folder',
            `${parent} is not a folder; pass --dir a folder to create the skill in`,
            {
              details: { path: parent },
            },
          );
        }
        throw error;
      }
      try {
        await mkdir(folder);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new ConflictError(
            'skill_exists',
            `${folder} already exists; choose another name or remove it first`,
            { details: { path: folder } },
          );
        }
        throw error;
      }
      await writeFile(path.join(folder, 'SKILL.md'), text, { flag: 'wx' });
      output.out(
        `${pc.green('Created')} ${path.relative(context.cwd, path.join(folder, 'SKILL.md')) || 'SKILL.md'}`,
      );
      output.out('Edit its description and instructions, then check it with: skilldock skills validate');
      setExitCode(ExitCode.ok);
    });
}
