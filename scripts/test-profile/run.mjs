/**
 * `npm run test:profile [-- files…]`: the fast tier (or the files given) with the per-file CPU
 * record, then the report; exits with vitest's status, so a failing test still fails the command.
 */
import { spawnSync } from 'node:child_process';

const tests = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '-c',
    'scripts/test-profile/vitest.config.ts',
    '--project',
    'fast',
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
spawnSync(process.execPath, ['scripts/test-profile/report.mjs'], { stdio: 'inherit' });
process.exit(tests.status ?? 1);
