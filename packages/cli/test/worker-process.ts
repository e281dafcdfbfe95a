/** Spawns `skilldock worker --json` as a real process and waits for its start line. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { BIN, cliTestEnvironment } from './run-cli.js';

/** A running `skilldock worker`. */
export interface WorkerProcess {
  readonly child: ChildProcess;
  readonly workerId: string;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `skilldock worker --json …args` with its own HOME; rejects with its stderr if it exits first. */
export async function startWorker(
  args: readonly string[],
  { home, env = {} }: { home: string; env?: Record<string, string> },
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [BIN, 'worker', '--json', ...args], {
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
  const workerId = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout
        .split('\n')
        .slice(0, -1)
        .find((candidate) => candidate.startsWith('{'));
      if (line !== undefined) resolve((JSON.parse(line) as { workerId: string }).workerId);
    });
    void exited.then(([code]) =>
      reject(new Error(`skilldock worker exited with ${code} before starting:\n${stderr}`)),
    );
  });
  return {
    child,
    workerId,
    stderr: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      return { code: child.exitCode, signal: child.signalCode };
    },
  };
}
