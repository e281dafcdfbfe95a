import { homedir, tmpdir } from 'node:os';

/** A stream the CLI reads: the process's stdin, or any readable (tests pass their input). */
export type CliInputStream = NodeJS.ReadableStream & { readonly isTTY?: boolean };

/** A stream the CLI writes: the process's stdout/stderr, or any writable. */
export type CliOutputStream = NodeJS.WritableStream & { readonly isTTY?: boolean; readonly columns?: number };

/** What {@link runCli} may be given instead of the real process; every field defaults to it. */
export interface CliEnvironmentOptions {
  /** The arguments after `skilldock`, e.g. `['skills', 'list', '--json']`. */
  readonly argv: readonly string[];
  /** The folder relative paths and `--cwd` start from; default `process.cwd()`. */
  readonly cwd?: string;
  /** Environment variables; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Home folder (personal skills, settings, trust, sessions); default `env.HOME`, else `os.homedir()`. */
  readonly home?: string;
  readonly stdin?: CliInputStream;
  readonly stdout?: CliOutputStream;
  readonly stderr?: CliOutputStream;
  /** Whether stdin, stdout and stderr are terminals; default each stream's own `isTTY`. */
  readonly isTTY?: boolean;
}

/**
 * Everything a command may know about the process it runs in. Commands read these, never
 * `process.*` or `os.homedir()`, so the same code runs as the real process and in process (tests,
 * an embedding program). Signals stay process-level: a command that listens removes its listener.
 */
export interface CliEnvironment {
  readonly argv: readonly string[];
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  /** The temp folder (`TMPDIR` of `env`): install drafts are staged under it. */
  readonly temporaryDirectory: string;
  readonly stdin: CliInputStream;
  readonly stdout: CliOutputStream;
  readonly stderr: CliOutputStream;
  /** Which streams are terminals (prompts, spinners, activity lines). */
  readonly terminal: { readonly stdin: boolean; readonly stdout: boolean; readonly stderr: boolean };
  /** Whether the CLI's own styles become colours; see {@link colourEnabled}. */
  readonly colour: boolean;
}

/**
 * The environment of one CLI invocation: the options given, the real process for the rest.
 * @example resolveCliEnvironment({ argv: ['skills', 'list'], cwd: project, env: { HOME: home } })
 */
export function resolveCliEnvironment(options: CliEnvironmentOptions): CliEnvironment {
  const env = options.env ?? process.env;
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const terminal = {
    stdin: options.isTTY ?? stdin.isTTY === true,
    stdout: options.isTTY ?? stdout.isTTY === true,
    stderr: options.isTTY ?? stderr.isTTY === true,
  };
  return {
    argv: options.argv,
    cwd: options.cwd ?? process.cwd(),
    env,
    home: options.home ?? (options.env === undefined ? homedir() : env.HOME || homedir()),
    temporaryDirectory: options.env === undefined ? tmpdir() : env.TMPDIR || env.TMP || env.TEMP || tmpdir(),
    stdin,
    stdout,
    stderr,
    terminal,
    colour: colourEnabled({ env, argv: options.argv, terminal: terminal.stdout }),
  };
}

/**
 * picocolors' rule (1.1), over the given environment instead of the process's: off with a
 * non-empty `NO_COLOR` or `--no-color`; on with a non-empty `FORCE_COLOR`, `--color`, a terminal
 * on stdout (not `TERM=dumb`), or a non-empty `CI`.
 */
export function colourEnabled({
  env,
  argv,
  terminal,
}: {
  env: Readonly<Record<string, string | undefined>>;
  argv: readonly string[];
  terminal: boolean;
}): boolean {
  if (env.NO_COLOR || argv.includes('--no-color')) return false;
  return Boolean(env.FORCE_COLOR || argv.includes('--color') || (terminal && env.TERM !== 'dumb') || env.CI);
}
