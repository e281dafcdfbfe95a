/**
 * `npm run test:profile`: the repository's vitest configuration with a per-file CPU record
 * (`record-file-cpu.ts`) written to `.test-profile/`, emptied first; `report.mjs` prints it.
 * `SKILLDOCK_TEST_CPU_PROF=1` also writes each file's V8 CPU profile to `.test-profile/cpu/`
 * (`record-file-cpu.ts`), to open in Chrome DevTools or speedscope.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import base from '../../vitest.config.js';

const folder = fileURLToPath(new URL('../../.test-profile/', import.meta.url));
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

export default mergeConfig(base, {
  test: {
    setupFiles: [fileURLToPath(new URL('./record-file-cpu.ts', import.meta.url))],
    env: { SKILLDOCK_TEST_PROFILE_DIR: folder },
  },
});
