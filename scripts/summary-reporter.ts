import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files the closing lines name. */
const SLOWEST_SHOWN = 12;

/**
 * Prints, after every run, the slowest test files (import + tests, so the suite's time can be
 * worked on from any CI log) and one closing line, `N passed, N failed, N skipped`, so CI and
 * humans read the same count whatever the default reporter printed above it.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const testModule of testModules) {
      if (testModule.state() === 'failed' && [...testModule.children.allTests()].length === 0) failed += 1;
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
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
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
