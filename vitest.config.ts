import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@skilldock/core/install': fileURLToPath(
        new URL('./packages/core/src/install/index.ts', import.meta.url),
      ),
      '@skilldock/core': fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url)),
      '@skilldock/agent/testing': fileURLToPath(
        new URL('./packages/agent/src/testing/index.ts', import.meta.url),
      ),
      '@skilldock/agent': fileURLToPath(new URL('./packages/agent/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './scripts/summary-reporter.ts'],
  },
});
