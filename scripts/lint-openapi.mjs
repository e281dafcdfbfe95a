/**
 * `npm run lint:openapi`: reads the compiled server's OpenAPI document (`describeApi`: the routes
 * alone, no database) and lints it with Redocly's recommended rules (redocly.yaml). Needs
 * `tsc -b packages/server` first. Redocly's telemetry and update check are off: no network.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { describeApi } = await import('@skilldock/server');
const folder = await mkdtemp(path.join(tmpdir(), 'skilldock-openapi-lint-'));
try {
  const documentFile = path.join(folder, 'openapi.json');
  await writeFile(documentFile, JSON.stringify(describeApi(), null, 2));
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      documentFile,
      '--config',
      path.join(root, 'redocly.yaml'),
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  await rm(folder, { recursive: true, force: true });
}
