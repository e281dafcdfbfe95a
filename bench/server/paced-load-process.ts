import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type PacedResult, type PacedRoute, pacedLoad } from './paced-load.js';

/** What one paced run in the load process needs. */
interface PacedJob {
  /** The server's base URL. */
  readonly url: string;
  readonly route: PacedRoute;
  readonly tokens: readonly string[];
  readonly ratePerClient: number;
  readonly warmupSeconds: number;
  readonly seconds: number;
}

/** The CPU the load generator is pinned to (`taskset`), when the machine has a second one for the server. */
export const LOAD_CPU = 0;

/** `taskset -c <cpu>` before a command when taskset exists, else nothing. */
export function pinnedTo(cpu: number): string[] {
  return existsSync('/usr/bin/taskset') ? ['/usr/bin/taskset', '-c', String(cpu)] : [];
}

/**
 * Runs {@link pacedLoad} (a warm-up, then the measured run) in a process of its own, pinned to
 * {@link LOAD_CPU}: in the benchmark's process the load generator's timers shared an event loop
 * with reading the server's request log, and its own pauses showed up as the server's latency.
 * `onMeasuring` runs when the warm-up is over and the measured run starts.
 */
export function pacedLoadInProcess(job: PacedJob, onMeasuring: () => void): Promise<PacedResult> {
  const pin = pinnedTo(LOAD_CPU);
  const command = [...pin, process.execPath, '--import', 'tsx', fileURLToPath(import.meta.url)];
  const child = spawn(command[0] as string, command.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(job));
  let result: PacedResult | undefined;
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'measuring') onMeasuring();
    else result = JSON.parse(line) as PacedResult;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0 && result !== undefined) resolve(result);
      else reject(new Error(`the load process exited with ${code}`));
    });
  });
}

async function runJob(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const job = JSON.parse(input) as PacedJob;
  const options = { ratePerClient: job.ratePerClient };
  await pacedLoad(job.url, job.route, job.tokens, { ...options, seconds: job.warmupSeconds });
  process.stdout.write('measuring\n');
  const result = await pacedLoad(job.url, job.route, job.tokens, { ...options, seconds: job.seconds });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runJob();
