/**
 * `npm run lint:openapi`: asks the compiled server for its /openapi.json (built in process on an
 * in-memory PGlite, as packages/web's generate:api does: the routes are only wired by
 * `createServer`) and lints it with Redocly's recommended rules (redocly.yaml). Needs
 * `tsc -b packages/server` first. Redocly's telemetry and update check are off: no network.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { createServer, silentLogger } = await import('@skilldock/server');
const folder = await mkdtemp(path.join(tmpdir(), 'skilldock-openapi-lint-'));
try {
  const server = await createServer({
    database: { kind: 'pglite' },
    dataDir: path.join(folder, 'data'),
    logger: silentLogger,
    // Only the document is read: no one logs in, so the first account's password is a throwaway.
    adminPassword: 'openapi-document-only',
    passwordHashCost: { N: 2 ** 10, r: 8, p: 1 },
    modelProviders: { secretKey: undefined, env: {} },
    runs: { worker: false },
  });
  const documentFile = path.join(folder, 'openapi.json');
  try {
    const response = await server.app.request('/openapi.json');
    if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
    await writeFile(documentFile, JSON.stringify(await response.json(), null, 2));
  } finally {
    await server.stop();
  }
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
