/**
 * `npm run docs:generate`: writes the manual's reference pages (docs/reference/) from the code —
 * the CLI reference from the command definitions, exit codes from the CLI's exit-code table, error
 * codes from `SkilldockErrorCodes`, settings from the zod settings schema, the HTTP API from the
 * server's `/openapi.json`. `--check` writes nothing and exits 1 naming every page that is stale
 * (CI and `scripts/test/docs-reference.test.ts` fail on those). Reads the packages' sources; the
 * HTTP page starts the server in process, so `npm run build` must have run for `tsx` to import it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliReferencePage } from './docs-reference/cli-reference.js';
import { errorCodesReferencePage } from './docs-reference/error-codes-reference.js';
import { exitCodesReferencePage } from './docs-reference/exit-codes-reference.js';
import { httpApiReferencePage, loadOpenApiDocument } from './docs-reference/http-api-reference.js';
import { settingsReferencePage } from './docs-reference/settings-reference.js';

/** The folder the reference pages live in. */
export const REFERENCE_FOLDER = fileURLToPath(new URL('../docs/reference/', import.meta.url));

/** Every generated page: its file name under docs/reference/ and its content. */
export async function generateReferencePages(): Promise<Map<string, string>> {
  return new Map([
    ['cli.md', await cliReferencePage()],
    ['exit-codes.md', exitCodesReferencePage()],
    ['error-codes.md', errorCodesReferencePage()],
    ['settings.md', settingsReferencePage()],
    ['http-api.md', httpApiReferencePage(await loadOpenApiDocument())],
  ]);
}

/** The pages whose file differs from what the code generates now (missing files included). */
export async function staleReferencePages(pages: ReadonlyMap<string, string>): Promise<string[]> {
  const stale: string[] = [];
  for (const [name, content] of pages) {
    const current = await readFile(path.join(REFERENCE_FOLDER, name), 'utf8').catch(() => undefined);
    if (current !== content) stale.push(name);
  }
  return stale;
}

async function main(argv: readonly string[]): Promise<number> {
  const pages = await generateReferencePages();
  if (argv.includes('--check')) {
    const stale = await staleReferencePages(pages);
    for (const name of stale) console.error(`docs/reference/${name} is stale: run npm run docs:generate`);
    if (stale.length === 0) console.log(`docs/reference: ${pages.size} generated pages are current`);
    return stale.length === 0 ? 0 : 1;
  }
  for (const [name, content] of pages) await writeFile(path.join(REFERENCE_FOLDER, name), content);
  console.log(`docs/reference: wrote ${[...pages.keys()].join(', ')}`);
  return 0;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
