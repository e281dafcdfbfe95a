/**
 * Benchmark runner: `npm run bench` runs every benchmark, `npm run bench -- discover` one by name.
 *
 * Options: `--rounds N` (measured rounds per line), `--profile` (also profile where the time goes),
 * `--strict` (exit 1 when a target is not met; by default the exit code is 0 either way).
 * Exit code 2 for an unknown benchmark or option.
 */
import { availableParallelism, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { agentsBenchmark } from './agents.js';
import { discoverBenchmark } from './discover.js';
import { globBenchmark } from './glob.js';
import { installBenchmark } from './install.js';
import type { Benchmark } from './lib/benchmark.js';
import { BenchmarkReport, formatResultsTable, type TargetOutcome } from './lib/benchmark-report.js';
import { TempDirectories } from './lib/temp-directories.js';
import { loopBenchmark } from './loop.js';
import { packageBenchmark } from './package.js';
import { runsBenchmark } from './runs.js';
import { serverBenchmark } from './server.js';
import { startupBenchmark } from './startup.js';

/** Every benchmark, in the order `npm run bench` runs them. */
const BENCHMARKS: readonly Benchmark[] = [
  startupBenchmark,
  discoverBenchmark,
  packageBenchmark,
  installBenchmark,
  loopBenchmark,
  agentsBenchmark,
  serverBenchmark,
  runsBenchmark,
  globBenchmark,
];

const USAGE = `usage: npm run bench -- [NAME…] [--rounds N] [--profile] [--strict]

benchmarks:
${BENCHMARKS.map((benchmark) => `  ${benchmark.name.padEnd(10)} ${benchmark.description}`).join('\n')}

  --rounds N  measured rounds per line (each benchmark has its default)
  --profile   also profile one run and print where the time goes
  --strict    exit 1 when a target is not met (default: exit 0 either way)`;

async function main(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const repositoryRoot = dirname(dirname(fileURLToPath(import.meta.url)));
  const outcomes: TargetOutcome[] = [];
  let crashed = false;
  for (const benchmark of parsed.benchmarks) {
    const report = new BenchmarkReport(benchmark.name);
    const temp = new TempDirectories();
    try {
      await benchmark.run({
        report,
        temp,
        repositoryRoot,
        profile: parsed.profile,
        ...(parsed.rounds === undefined ? {} : { rounds: parsed.rounds }),
      });
    } catch (error) {
      crashed = true;
      process.stderr.write(`${benchmark.name}: failed: ${(error as Error).stack ?? String(error)}\n`);
    } finally {
      await temp.removeAll();
    }
    outcomes.push(...report.targets);
  }
  const targets = outcomes.filter((outcome) => outcome.kind === 'target');
  const unmeasured = outcomes.filter((outcome) => outcome.kind === 'unmeasured').length;
  const checks = outcomes.filter((outcome) => outcome.kind === 'check');
  const missed = targets.filter((outcome) => !outcome.met).length;
  const failedChecks = checks.filter((outcome) => !outcome.met).length;
  process.stdout.write(
    `\nResults (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Node ${process.versions.node}, ${availableParallelism()} CPUs, load ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}):\n\n${formatResultsTable(outcomes)}\n`,
  );
  process.stdout.write(
    `\n${targets.length - missed} of ${targets.length} targets met${unmeasured > 0 ? ` (${unmeasured} not measured)` : ''}; ${checks.length - failedChecks} of ${checks.length} checks ok\n`,
  );
  // A failed check means the numbers measured the wrong work: that is a failure even without --strict.
  if (crashed || failedChecks > 0) return 1;
  return parsed.strict && missed > 0 ? 1 : 0;
}

function parseCommandLine(argv: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      rounds: { type: 'string' },
      profile: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const rounds = values.rounds === undefined ? undefined : Number(values.rounds);
  if (rounds !== undefined && !(Number.isInteger(rounds) && rounds >= 1)) {
    throw new Error(`--rounds must be a whole number of at least 1, not '${values.rounds}'`);
  }
  const benchmarks =
    positionals.length === 0
      ? BENCHMARKS
      : positionals.map((name) => {
          const benchmark = BENCHMARKS.find((candidate) => candidate.name === name);
          if (benchmark === undefined) throw new Error(`unknown benchmark '${name}'`);
          return benchmark;
        });
  return { benchmarks, rounds, profile: values.profile, strict: values.strict, help: values.help };
}

process.exitCode = await main(process.argv.slice(2));
