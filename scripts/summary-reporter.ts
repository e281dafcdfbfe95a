import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the closing lines name. */
const SLOWEST_SHOWN = 12;

/** How many failed tests the closing lines name (the default reporter above shows them all). */
const FAILED_SHOWN = 20;

/** Marks the block of failed tests; scripts/test-node-versions.mjs finds it by this text to repeat it. */
const FAILED_TESTS_HEADING = 'Failed tests:';

/**
 * Prints, after every run, the slowest test files (import + tests, so the suite's time can be
 * worked on from any CI log) and one closing line, `N passed, N failed, N skipped`, so CI and
 * humans read the same count whatever the default reporter printed above it. Failed tests are named
 * just above that line, with the first line of their error: a CI log is often read from its tail.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    const failures: string[] = [];
    for (const testModule of testModules) {
      const file = path.relative(process.cwd(), testModule.moduleId);
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) {
        failed += 1;
        failures.push(`${file}: ${firstLine(testModule.errors()[0]?.message)}`);
      }
      for (const test of testModule.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed += 1;
        else if (result.state === 'failed') {
          failed += 1;
          failures.push(`${file} > ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`);
        } else skipped += 1;
      }
    }
    for (const error of unhandledErrors) failures.push(`unhandled: ${firstLine(messageOf(error))}`);
    const timed = testModules
      .map((testModule) => {
        const { collectDuration, duration } = testModule.diagnostic();
        return { file: path.relative(process.cwd(), testModule.moduleId), ms: collectDuration + duration };
      })
      .sort((a, b) => b.ms - a.ms);
    if (timed.length > 1) {
      const total = timed.reduce((sum, each) => sum + each.ms, 0);
      const lines = timed
        .slice(0, SLOWEST_SHOWN)
        .map((each) => `  ${(each.ms / 1000).toFixed(1).padStart(6)} s  ${each.file}`);
      process.stdout.write(
        `\nSlowest test files (import + tests; ${(total / 1000).toFixed(0)} s summed over ${timed.length} files):\n${lines.join('\n')}\n`,
      );
    }
    if (failures.length > 0) {
      const shown = failures.slice(0, FAILED_SHOWN).map((line) => `  ${line}`);
      if (failures.length > FAILED_SHOWN) shown.push(`  … and ${failures.length - FAILED_SHOWN} more`);
      process.stdout.write(`\n${FAILED_TESTS_HEADING}\n${shown.join('\n')}\n`);
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** The first line of an error message, cut to one screen line. */
function firstLine(message: string | undefined): string {
  const line = (message ?? 'no message').split('\n', 1)[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
