import { Command, CommanderError } from 'commander';
import pc from 'picocolors';
import { registerChat } from './commands/chat.js';
import { registerRun } from './commands/run.js';
import { registerSkillsAdd } from './commands/skills-add.js';
import { registerSkillsCheck } from './commands/skills-check.js';
import { registerSkillsDoctor } from './commands/skills-doctor.js';
import { registerSkillsHash } from './commands/skills-hash.js';
import { registerSkillsImport } from './commands/skills-import.js';
import { registerSkillsList } from './commands/skills-list.js';
import { registerSkillsNew } from './commands/skills-new.js';
import { registerSkillsPack } from './commands/skills-pack.js';
import { registerSkillsPrompt } from './commands/skills-prompt.js';
import { registerSkillsReadProperties } from './commands/skills-read-properties.js';
import { registerSkillsRemove } from './commands/skills-remove.js';
import { registerSkillsShow } from './commands/skills-show.js';
import { registerSkillsUpdate } from './commands/skills-update.js';
import { registerSkillsValidate } from './commands/skills-validate.js';
import { registerTrust } from './commands/trust.js';
import { ExitCode } from './exit-codes.js';
import { loadCore } from './load-core.js';
import { processOutput } from './output.js';

/** The version printed by `skilldock --version`. */
export const VERSION = '0.1.0';

/** Builds the `skilldock` program and runs it; returns the exit code (0 ok, 1 invalid input, 2 usage). */
export async function runCli(argv: readonly string[]): Promise<number> {
  const output = processOutput();
  let exitCode: number = ExitCode.ok;
  const setExitCode = (code: number) => {
    exitCode = code;
  };

  const program = new Command('skilldock')
    .description('Agent Skills and subagents for TypeScript')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(pc.red(text)) });
  const skills = program
    .command('skills')
    .description('Manage, validate and render Agent Skills')
    .exitOverride();
  registerSkillsList(skills, output, setExitCode);
  registerSkillsShow(skills, output, setExitCode);
  registerSkillsValidate(skills, output, setExitCode);
  registerSkillsReadProperties(skills, setExitCode);
  registerSkillsPrompt(skills, output, setExitCode);
  registerSkillsNew(skills, output, setExitCode);
  registerSkillsPack(skills, output, setExitCode);
  registerSkillsHash(skills, output, setExitCode);
  registerSkillsDoctor(skills, output, setExitCode);
  registerSkillsAdd(skills, output, setExitCode);
  registerSkillsRemove(skills, output, setExitCode);
  registerSkillsUpdate(skills, output, setExitCode);
  registerSkillsCheck(skills, output, setExitCode);
  registerSkillsImport(skills, output, setExitCode);
  registerTrust(program, output, setExitCode);
  registerRun(program, output, setExitCode);
  registerChat(program, output, setExitCode);
  for (const command of skills.commands) command.exitOverride();
  for (const command of program.commands) command.exitOverride();

  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other parse failure is a usage error.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
      return ExitCode.usage;
    }
    const { SkilldockError } = await loadCore();
    if (SkilldockError.isInstance(error)) {
      output.error(`${pc.red('error')} ${error.message}`);
      const usage =
        error.code === 'path_not_found' ||
        error.code === 'cwd_not_found' ||
        error.code === 'not_a_skill_path';
      return usage ? ExitCode.usage : ExitCode.invalid;
    }
    // Anything else is unexpected (a disk error, a bug): one clear line, the stack only on request.
    const message = error instanceof Error ? error.message : String(error);
    output.error(`${pc.red('error')} ${message}`);
    if (process.env.SKILLDOCK_DEBUG && error instanceof Error && error.stack) output.error(error.stack);
    else output.error('(set SKILLDOCK_DEBUG=1 to see where it happened)');
    return ExitCode.invalid;
  }
}
