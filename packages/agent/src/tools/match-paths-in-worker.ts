import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** picomatch options that cross to the worker (plain data). */
export interface GlobMatchOptions {
  readonly dot?: boolean;
  /** A pattern without `/` matches base names. */
  readonly basename?: boolean;
}

const PICOMATCH_PATH = createRequire(import.meta.url).resolve('picomatch');

// Plain CommonJS, run with `eval`, so the same code works from the built package and from sources.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const picomatch = require(workerData.picomatchPath);
const isMatch = picomatch(workerData.pattern, workerData.options);
parentPort.postMessage(workerData.paths.filter((path) => isMatch(path)));
`;

/**
 * The paths that match a picomatch glob, matched in a worker thread that is terminated when
 * `signal` aborts (SEC4).
 *
 * Why a worker: picomatch compiles a glob to a backtracking JavaScript RegExp and passes groups
 * and extglobs through, so a pattern like `(a+)+$` can run for hours on one path and would freeze
 * the process (no time limit, no Ctrl-C). Its output uses lookaheads, so a linear-time engine
 * (RE2) cannot run it, and rejecting "dangerous" globs would be a guess. A worker keeps the
 * exact picomatch semantics while the main thread stays free, and terminating it stops any
 * pattern at once.
 */
export function matchPathsInWorker(
  paths: readonly string[],
  pattern: string,
  options: GlobMatchOptions,
  signal: AbortSignal,
): Promise<string[]> {
  if (signal.aborted) return Promise.reject(signal.reason);
  if (paths.length === 0) return Promise.resolve([]);
  return new Promise<string[]>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { picomatchPath: PICOMATCH_PATH, pattern, options, paths },
    });
    const onAbort = () => {
      void worker.terminate();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    worker.once('message', (matched: string[]) => {
      settle();
      resolve(matched);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      settle();
      reject(error);
    });
    worker.once('exit', (code) => {
      settle();
      reject(new Error(`the glob matcher stopped (exit code ${code})`));
    });
  });
}
