/** Spawns `skilldock serve --json` as a real process and waits for its start line. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { BIN, cliTestEnvironment } from './run-cli.js';

/** The `--json` start line of `skilldock serve`. */
export interface ServeStartLine {
  readonly type: 'server-started';
  readonly url: string;
  readonly database: 'pglite' | 'postgres';
  readonly dataDir: string;
  readonly worker: boolean;
  readonly admin?: { readonly username: string; readonly oneTimePassword: string | null };
}

/** A running `skilldock serve`. */
export type ServeProcess = CliProcess<ServeStartLine>;

/** A running `skilldock` command that printed a JSON start line. */
export interface CliProcess<Start> {
  readonly child: ChildProcess;
  readonly start: Start;
  stdout(): string;
  stderr(): string;
  /** Sends `signal` and resolves with how the process ended. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns `skilldock …args` with its own HOME and waits for the first JSON line on stdout (the
 * `--json` start line of `serve` or `worker`); rejects with its stderr if it exits first.
 */
export async function startCliProcess<Start>(
  args: readonly string[],
  { home, env = {} }: { home: string; env?: Record<string, string> },
): Promise<CliProcess<Start>> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: home,
    env: cliTestEnvironment(home, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = once(child, 'exit');
  const start = await new Promise<Start>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      // Only whole lines: a chunk may end inside the start line.
      const line = stdout
        .split('\n')
        .slice(0, -1)
        .find((candidate) => candidate.startsWith('{'));
      if (line !== undefined) resolve(JSON.parse(line) as Start);
    });
    void exited.then(([code]) =>
      reject(new Error(`skilldock ${args[0]} exited with ${code} before starting:\n${stderr}`)),
    );
  });
  return {
    child,
    start,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async (signal = 'SIGINT') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      return { code: child.exitCode, signal: child.signalCode };
    },
  };
}

/** Starts `skilldock serve --port 0 --json …args` with its own HOME; rejects with its stderr if it exits first. */
export function startServe(
  args: readonly string[],
  options: { home: string; env?: Record<string, string> },
): Promise<ServeProcess> {
  return startCliProcess<ServeStartLine>(['serve', '--port', '0', '--json', ...args], options);
}

/** Logs in over HTTP and returns the session cookie and CSRF token. */
export async function loginOverHttp(url: string, username: string, password: string) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { csrfToken: string };
  return {
    status: response.status,
    cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '',
    csrfToken: body.csrfToken,
  };
}
