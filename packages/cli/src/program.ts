import { Command, CommanderError } from 'commander';
import { type CliEnvironmentOptions, resolveCliEnvironment } from './cli-environment.js';
import { type CommandSelection, selectCommands } from './command-table.js';
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
  return runProgram(options, selectCommands(options.argv));
}

/**
 * {@link runCli} with the commands given instead of the ones `argv` selects: `selectCommands`
 * registers the one command an invocation names, `ALL_COMMANDS` every command (what help and
 * usage errors get). Either way the same invocation prints the same bytes.
 */
export async function runProgram(
  options: CliEnvironmentOptions,
  commands: CommandSelection,
): Promise<number> {
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
  // Every module loads at once: they are independent, and help waits for all of them.
  const [groupRegisters, topLevelRegisters] = await Promise.all([
    Promise.all(commands.groups.map((group) => Promise.all(group.commands.map((command) => command.load())))),
    Promise.all(commands.topLevel.map((command) => command.load())),
  ]);
  commands.groups.forEach((group, index) => {
    const parent = program.command(group.name).description(group.description).exitOverride();
    for (const register of groupRegisters[index]!) register(parent, output, setExitCode, environment);
    for (const command of parent.commands) command.exitOverride();
  });
  for (const register of topLevelRegisters) register(program, output, setExitCode, environment);
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
