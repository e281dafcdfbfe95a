/**
 * Writes `src/api/generated/openapi.ts`: the TypeScript types of the server's OpenAPI document,
 * taken from the server itself (`describeApi`: its routes' document, built without a database),
 * so the web app never holds a hand-copied API type. Build output: gitignored,
 * run by the root `npm run build` and `npm run lint` after the server is compiled.
 *
 * Loading the compiled server takes a moment, so the output names a digest of what the document
 * is made from — the compiled server, agent and core, and this script — and a run that
 * finds the same digest leaves the file as it is.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const output = fileURLToPath(new URL('../src/api/generated/openapi.ts', import.meta.url));
const packagesFolder = fileURLToPath(new URL('../../', import.meta.url));

/** A digest of every compiled file the document comes from, and of this script. */
async function sourceDigest(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(fileURLToPath(import.meta.url)));
  for (const name of ['core', 'agent', 'server']) {
    const dist = path.join(packagesFolder, name, 'dist');
    const files = (await readdir(dist, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) hash.update(`${path.relative(dist, file)}\0`).update(await readFile(file));
  }
  return hash.digest('hex');
}

const digest = await sourceDigest();
const stamp = `/** Generated from the server's /openapi.json by scripts/generate-api-types.ts — do not edit. Sources: ${digest} */\n`;
const previous = await readFile(output, 'utf8').catch(() => undefined);
if (previous?.startsWith(stamp)) {
  console.log(`API types: ${path.relative(process.cwd(), output)} (unchanged: the server is the same)`);
  process.exit(0);
}

const { describeApi } = await import('@skilldock/server');
const { default: openapiTS, astToString } = await import('openapi-typescript');
const document = describeApi();
const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], { alphabetize: true });
const text = `${stamp}${astToString(ast)}`;
if (previous !== text) {
  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, text);
}
console.log(`API types: ${path.relative(process.cwd(), output)}${previous === text ? ' (unchanged)' : ''}`);
