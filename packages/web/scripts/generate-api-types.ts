/**
 * Writes `src/api/generated/openapi.ts`: the TypeScript types of the server's OpenAPI document,
 * taken from the server itself (built in process on an in-memory database, asked for
 * `/openapi.json`), so the web app never holds a hand-copied API type. Build output: gitignored,
 * run by the root `npm run build` and `npm run lint` after the server is compiled.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, silentLogger } from '@skilldock/server';
import openapiTS, { astToString } from 'openapi-typescript';

const output = fileURLToPath(new URL('../src/api/generated/openapi.ts', import.meta.url));
const dataDir = await mkdtemp(path.join(tmpdir(), 'skilldock-openapi-'));
try {
  const server = await createServer({
    database: { kind: 'pglite' },
    dataDir,
    logger: silentLogger,
    // Only the document is read: no one logs in, so the first account's password is a throwaway.
    adminPassword: 'openapi-document-only',
    passwordHashCost: { N: 2 ** 10, r: 8, p: 1 },
    modelProviders: { secretKey: undefined, env: {} },
  });
  let document: unknown;
  try {
    const response = await server.app.request('/openapi.json');
    if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}`);
    document = await response.json();
  } finally {
    await server.stop();
  }
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { alphabetize: true });
  const text = `/** Generated from the server's /openapi.json by scripts/generate-api-types.ts — do not edit. */\n${astToString(ast)}`;
  const previous = await readFile(output, 'utf8').catch(() => undefined);
  if (previous !== text) {
    await mkdir(path.dirname(output), { recursive: true });
    await writeFile(output, text);
  }
  console.log(`API types: ${path.relative(process.cwd(), output)}${previous === text ? ' (unchanged)' : ''}`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
