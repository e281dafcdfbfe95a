import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';

/** `skilldock skills read-properties PATH` — the reference validator's JSON, byte for byte. */
export function registerSkillsReadProperties(
  skills: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  skills
    .command('read-properties')
    .description("Print a skill's properties as JSON (same output as the reference skills-ref)")
    .argument('<path>', 'skill folder or its SKILL.md')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (argument: string, options: { cwd?: string }) => {
      const { skillsRefReadProperties } = await loadCore('format');
      const context = await createCliContext(environment, options);
      const result = await skillsRefReadProperties(argument, { cwd: context.cwd });
      if (result.stdout) output.writeOut(result.stdout);
      if (result.stderr) output.writeError(result.stderr);
      setExitCode(result.exitCode);
    });
}
