import { Command, CommanderError } from 'commander';
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
import { ExitCode, errorCode, exitCodeFor } from './exit-codes.js';
import { processOutput } from './output.js';
import { reportError } from './report-error.js';
import { pc, renderForTerminal } from './terminal-style.js';

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
    .configureOutput({ outputError: (text, write) => write(renderForTerminal(pc.red(text))) });
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
  registerChat(program, setExitCode);
  for (const command of skills.commands) command.exitOverride();
  for (const command of program.commands) command.exitOverride();

  const json = argv.includes('--json');
  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other parse failure is a usage error.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
      if (!json) return exitCodeFor(error);
      // `run --json` speaks JSON lines; its failures are `run-error` lines.
      if (argv[2] === 'run') {
        process.stdout.write(
          `${JSON.stringify({ type: 'run-error', code: errorCode(error), message: error.message })}\n`,
        );
        return exitCodeFor(error);
      }
      return reportError(error, output, { json, printed: true });
    }
    return reportError(error, output, { json });
  }
}
