import type { Command } from 'commander';
import { createCliContext } from '../cli-context.js';
import { loadCore } from '../load-core.js';

/** `skilldock skills read-properties PATH` — the reference validator's JSON, byte for byte. */
export function registerSkillsReadProperties(skills: Command, setExitCode: (code: number) => void): void {
  skills
    .command('read-properties')
    .description("Print a skill's properties as JSON (same output as the reference skills-ref)")
    .argument('<path>', 'skill folder or its SKILL.md')
    .option('--cwd <dir>', 'work in this folder instead of the current one')
    .action(async (argument: string, options: { cwd?: string }) => {
      const { skillsRefReadProperties } = await loadCore();
      const context = await createCliContext(options);
      const result = await skillsRefReadProperties(argument, { cwd: context.cwd });
      if (result.stdout) process.stdout.write(result.stdout);
      if (result.stderr) process.stderr.write(result.stderr);
      setExitCode(result.exitCode);
    });
}
