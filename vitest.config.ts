import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import EnvironmentGroupingSequencer from './scripts/environment-grouping-sequencer.js';

/** Every test file of the repository, by tier below. */
const TEST_FILES = [
  'packages/*/test/**/*.test.ts',
  'packages/*/test/**/*.test.tsx',
  'examples/*/test/**/*.test.ts',
  // The repository's own scripts: the manual's generated reference and its link checker.
  'scripts/test/**/*.test.ts',
];

/** The full tier's own files: real processes, the build, a sandbox, Chromium, PostgreSQL only. */
const INTEGRATION_FILES = ['**/*.integration.test.ts', '**/*.integration.test.tsx', '**/test/e2e/**'];

const DEFAULT_EXCLUDE = ['**/node_modules/**', '**/dist/**'];

/**
 * The server's contract suites that the fast tier runs on PGlite, to run again on PostgreSQL: the
 * fast-tier test files that take their databases from `TEST_BACKENDS` or declare PostgreSQL-only
 * suites (`describeOnPostgres`) in test/support/test-databases.ts.
 */
function postgresContractFiles(): string[] {
  const root = fileURLToPath(new URL('./packages/server/test/', import.meta.url));
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts') && !name.endsWith('.integration.test.ts'))
    .filter((name) =>
      /\b(TEST_BACKENDS|describeOnPostgres)\b/.test(readFileSync(path.join(root, name), 'utf8')),
    )
    .map((name) => `packages/server/test/${name.split(path.sep).join('/')}`);
}

export default defineConfig({
  resolve: {
    alias: {
      '@skilldock/core/catalog': fileURLToPath(
        new URL('./packages/core/src/catalog/index.ts', import.meta.url),
      ),
      '@skilldock/core/discover': fileURLToPath(
        new URL('./packages/core/src/discover/index.ts', import.meta.url),
      ),
      '@skilldock/core/csrf-header': fileURLToPath(
        new URL('./packages/core/src/csrf-header.ts', import.meta.url),
      ),
      '@skilldock/core/errors': fileURLToPath(new URL('./packages/core/src/errors.ts', import.meta.url)),
      '@skilldock/core/format/neutralize-text': fileURLToPath(
        new URL('./packages/core/src/format/neutralize-text.ts', import.meta.url),
      ),
      '@skilldock/core/format/browser': fileURLToPath(
        new URL('./packages/core/src/format/browser.ts', import.meta.url),
      ),
      '@skilldock/core/format': fileURLToPath(
        new URL('./packages/core/src/format/index.ts', import.meta.url),
      ),
      '@skilldock/core/fs': fileURLToPath(new URL('./packages/core/src/fs/index.ts', import.meta.url)),
      '@skilldock/core/install': fileURLToPath(
        new URL('./packages/core/src/install/index.ts', import.meta.url),
      ),
      '@skilldock/core/network': fileURLToPath(
        new URL('./packages/core/src/network/index.ts', import.meta.url),
      ),
      '@skilldock/core/package': fileURLToPath(
        new URL('./packages/core/src/package/index.ts', import.meta.url),
      ),
      '@skilldock/core/runtime': fileURLToPath(
        new URL('./packages/core/src/runtime/index.ts', import.meta.url),
      ),
      '@skilldock/core/widgets': fileURLToPath(
        new URL('./packages/core/src/widgets/index.ts', import.meta.url),
      ),
      '@skilldock/core': fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
      '@skilldock/agent/conversation': fileURLToPath(
        new URL('./packages/agent/src/conversation/index.ts', import.meta.url),
      ),
      '@skilldock/agent/curator': fileURLToPath(
        new URL('./packages/agent/src/curator/index.ts', import.meta.url),
      ),
      '@skilldock/agent/learn/auto-skill': fileURLToPath(
        new URL('./packages/agent/src/learn/auto-skill/index.ts', import.meta.url),
      ),
      '@skilldock/agent/learn': fileURLToPath(
        new URL('./packages/agent/src/learn/index.ts', import.meta.url),
      ),
      '@skilldock/agent/loop': fileURLToPath(new URL('./packages/agent/src/loop/index.ts', import.meta.url)),
      '@skilldock/agent/mcp-server': fileURLToPath(
        new URL('./packages/agent/src/mcp-server/index.ts', import.meta.url),
      ),
      '@skilldock/agent/model': fileURLToPath(
        new URL('./packages/agent/src/model/index.ts', import.meta.url),
      ),
      '@skilldock/agent/policy': fileURLToPath(
        new URL('./packages/agent/src/policy/index.ts', import.meta.url),
      ),
      '@skilldock/agent/sandbox': fileURLToPath(
        new URL('./packages/agent/src/sandbox/index.ts', import.meta.url),
      ),
      '@skilldock/agent/session': fileURLToPath(
        new URL('./packages/agent/src/session/index.ts', import.meta.url),
      ),
      '@skilldock/agent/subagents': fileURLToPath(
        new URL('./packages/agent/src/subagents/index.ts', import.meta.url),
      ),
      '@skilldock/agent/tools': fileURLToPath(
        new URL('./packages/agent/src/tools/index.ts', import.meta.url),
      ),
      '@skilldock/agent/workspace': fileURLToPath(
        new URL('./packages/agent/src/workspace/index.ts', import.meta.url),
      ),
      '@skilldock/agent/harness': fileURLToPath(
        new URL('./packages/agent/src/harness/index.ts', import.meta.url),
      ),
      '@skilldock/agent/ai-sdk': fileURLToPath(
        new URL('./packages/agent/src/ai-sdk/index.ts', import.meta.url),
      ),
      '@skilldock/agent/testing': fileURLToPath(
        new URL('./packages/agent/src/testing/index.ts', import.meta.url),
      ),
      '@skilldock/agent': fileURLToPath(new URL('./packages/agent/src/index.ts', import.meta.url)),
      '@skilldock/server/testing': fileURLToPath(
        new URL('./packages/server/src/testing.ts', import.meta.url),
      ),
      '@skilldock/server': fileURLToPath(new URL('./packages/server/src/index.ts', import.meta.url)),
      '@skilldock/build': fileURLToPath(new URL('./packages/build/src/index.ts', import.meta.url)),
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, where many
    // tests wait on child processes, a pseudo-terminal, PostgreSQL or a loopback server. One more
    // worker than cores overlaps those waits (measured on 2 cores: 93–95 s with two, 87–90 s with three).
    maxWorkers: availableParallelism() + 1,
    // Test files in one worker share its module cache instead of importing every package again per
    // file: import time across ~260 files fell from ~99 s to ~13 s (the suite from ~180 s to ~93 s
    // here). It holds because no test mocks modules or stubs globals, and the few that set
    // process.env restore it in a finally; a new test must leave global state as it found it.
    isolate: false,
    testTimeout: 30_000,
    setupFiles: ['./packages/web/test/support/dom-wait-limit.ts'],
    // Files of one environment run one after another, so that workers are kept between files.
    sequence: { sequencer: EnvironmentGroupingSequencer },
    hookTimeout: 60_000,
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Two tiers (README "Tests"): `npm test` runs the `fast` project alone — unit and in-process
    // tests on one in-memory PGlite, no build, no browser, no second database; `npm run test:all`
    // runs all three projects — the same contract suites again on PostgreSQL, then everything that
    // needs the build, real processes, a sandbox or Chromium.
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: TEST_FILES,
          exclude: [...INTEGRATION_FILES, ...DEFAULT_EXCLUDE],
          env: { SKILLDOCK_TEST_DATABASES: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: postgresContractFiles(),
          env: { SKILLDOCK_TEST_DATABASES: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION_FILES,
          exclude: DEFAULT_EXCLUDE,
          env: { SKILLDOCK_TEST_DATABASES: 'all' },
        },
      },
    ],
  },
});
