import type { BenchmarkReport } from './benchmark-report.js';
import type { TempDirectories } from './temp-directories.js';

/** What the runner hands every benchmark. */
export interface BenchmarkContext {
  /** Where lines go; targets checked through it decide `--strict`'s exit code. */
  readonly report: BenchmarkReport;
  /** Temporary folders, deleted by the runner when the benchmark ends, fails or is interrupted. */
  readonly temp: TempDirectories;
  /** Repository root (the folder holding `bench/`). */
  readonly repositoryRoot: string;
  /** Measured rounds requested with `--rounds N`; each benchmark has its own default. */
  readonly rounds?: number;
  /** Set by `--profile`: also profile where the time goes and print the top costs. */
  readonly profile: boolean;
}

/** One named benchmark, run by `npm run bench -- <name>` or with all others by `npm run bench`. */
export interface Benchmark {
  readonly name: string;
  /** One line for `--help`. */
  readonly description: string;
  run(context: BenchmarkContext): Promise<void>;
}
