import { Command, CommanderError } from 'commander';
import { type CliEnvironmentOptions, resolveCliEnvironment } from './cli-environment.js';
import { registerAgentsDoctor } from './commands/agents-doctor.js';
import { registerAgentsList } from './commands/agents-list.js';
import { registerAgentsNew } from './commands/agents-new.js';
import { registerAgentsShow } from './commands/agents-show.js';
import { registerAgentsValidate } from './commands/agents-validate.js';
import { registerChat } from './commands/chat.js';
import { registerCurator } from './commands/curator.js';
import { registerLearn } from './commands/learn.js';
import { registerMcp } from './commands/mcp.js';
import { registerRun } from './commands/run.js';
import { registerServe } from './commands/serve.js';
import { registerSkillsAdd } from './commands/skills-add.js';
import { registerSkillsCheck } from './commands/skills-check.js';
import { registerSkillsDoctor } from './commands/skills-doctor.js';
import { registerSkillsHash } from './commands/skills-hash.js';
import { registerSkillsImport } from './commands/skills-import.js';
import { registerSkillsList } from './commands/skills-list.js';
import { registerSkillsNew } from './commands/skills-new.js';
import { registerSkillsPack } from './commands/skills-pack.js';
import { registerSkillsPending } from './commands/skills-pending.js';
import { registerSkillsPrompt } from './commands/skills-prompt.js';
import { registerSkillsReadProperties } from './commands/skills-read-properties.js';
import { registerSkillsRemove } from './commands/skills-remove.js';
import { registerSkillsShow } from './commands/skills-show.js';
import { registerSkillsUpdate } from './commands/skills-update.js';
import { registerSkillsValidate } from './commands/skills-validate.js';
import { registerTrust } from './commands/trust.js';
import { registerWorker } from './commands/worker.js';
import { ExitCode, errorCode, exitCodeFor } from './exit-codes.js';
import { createOutput } from './output.js';
import { reportError } from './report-error.js';
import { pc } from './terminal-style.js';

/** The version printed by `skilldock --version`. */
export const VERSION = '0.1.0';

/**
 * Builds the `skilldock` program and runs it; returns the exit code (0 ok, 1 invalid input, 2 usage,
 * see `exit-codes.ts`). Everything it reads and writes comes from `options`, the real process for
 * what is left out, so it also runs in process: tests and embedding programs pass their own folder,
 * environment, home and streams.
 * @example
 * const code = await runCli({ argv: ['skills', 'list', '--json'], cwd: project, env: { HOME: home }, stdout });
 */
export async function runCli(options: CliEnvironmentOptions): Promise<number> {
  const environment = resolveCliEnvironment(options);
  const { argv } = environment;
  const output = createOutput(environment);
  let exitCode: number = ExitCode.ok;
  const setExitCode = (code: number) => {
    exitCode = code;
  };

  const program = new Command('skilldock')
    .description('Agent Skills and subagents for TypeScript')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => output.writeOut(text),
      writeErr: (text) => output.writeError(text),
      outputError: (text, write) => write(output.render(pc.red(text))),
      // Help follows this invocation's terminal, not the hosting process's.
      getOutHelpWidth: () => environment.stdout.columns ?? 80,
      getErrHelpWidth: () => environment.stderr.columns ?? 80,
      getOutHasColors: () => environment.colour,
      getErrHasColors: () => environment.colour,
    });
  const skills = program
    .command('skills')
    .description('Manage, validate and render Agent Skills')
    .exitOverride();
  registerSkillsList(skills, output, setExitCode, environment);
  registerSkillsShow(skills, output, setExitCode, environment);
  registerSkillsValidate(skills, output, setExitCode, environment);
  registerSkillsReadProperties(skills, output, setExitCode, environment);
  registerSkillsPrompt(skills, output, setExitCode, environment);
  registerSkillsNew(skills, output, setExitCode, environment);
  registerSkillsPack(skills, output, setExitCode, environment);
  registerSkillsHash(skills, output, setExitCode, environment);
  registerSkillsDoctor(skills, output, setExitCode, environment);
  registerSkillsAdd(skills, output, setExitCode, environment);
  registerSkillsRemove(skills, output, setExitCode, environment);
  registerSkillsUpdate(skills, output, setExitCode, environment);
  registerSkillsCheck(skills, output, setExitCode, environment);
  registerSkillsImport(skills, output, setExitCode, environment);
  registerSkillsPending(skills, output, setExitCode, environment);
  const agents = program
    .command('agents')
    .description('List, show, validate and create subagents (agent files and fork profiles)')
    .exitOverride();
  registerAgentsList(agents, output, setExitCode, environment);
  registerAgentsShow(agents, output, setExitCode, environment);
  registerAgentsValidate(agents, output, setExitCode, environment);
  registerAgentsDoctor(agents, output, setExitCode, environment);
  registerAgentsNew(agents, output, setExitCode, environment);
  registerTrust(program, output, setExitCode, environment);
  registerRun(program, output, setExitCode, environment);
  registerChat(program, output, setExitCode, environment);
  registerCurator(program, output, setExitCode, environment);
  registerLearn(program, output, setExitCode, environment);
  registerMcp(program, output, setExitCode, environment);
  registerServe(program, output, setExitCode, environment);
  registerWorker(program, output, setExitCode, environment);
  for (const command of [...skills.commands, ...agents.commands]) command.exitOverride();
  for (const command of program.commands) command.exitOverride();

  const json = argv.includes('--json');
  const debug = Boolean(environment.env.SKILLDOCK_DEBUG);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version are successes; every other parse failure is a usage error.
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return ExitCode.ok;
      if (!json) return exitCodeFor(error);
      // `run --json` speaks JSON lines; its failures are `run-error` lines.
      if (argv[0] === 'run') {
        output.writeOut(
          `${JSON.stringify({ type: 'run-error', code: errorCode(error), message: error.message })}\n`,
        );
        return exitCodeFor(error);
      }
      return reportError(error, output, { json, printed: true, debug });
    }
    return reportError(error, output, { json, debug });
  }
}
