/**
 * Prints how much compressed JavaScript the first page load fetches, and fails the build above
 * the budget of SPEC W6 / issue 14 (300 KB). The first page is the shell with the sign-in page or,
 * already signed in, the skills list: the entry chunk, every chunk it imports statically, and the
 * chunks of those two pages — read from Vite's manifest and gzipped as `skilldock serve` sends them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget: 300 KB (1 KB = 1000 bytes, as bundle sizes are usually quoted). */
const BUDGET_BYTES = 300_000;
const FIRST_PAGES = ['src/pages/sign-in-page.tsx', 'src/pages/skills-page.tsx'];

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const loaded = new Set<string>();
const visit = (key: string): void => {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`The Vite manifest has no chunk ${key}`);
  if (loaded.has(chunk.file)) return;
  loaded.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1)
  throw new Error(`Expected one entry chunk in the Vite manifest, found ${entries.length}`);
visit(entries[0]![0]);
for (const page of FIRST_PAGES) visit(page);

let total = 0;
for (const file of [...loaded].filter((name) => name.endsWith('.js'))) {
  total += gzipSync(await readFile(path.join(dist, file))).byteLength;
}
const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
console.log(
  `First page load: ${kilobytes(total)} of gzip JavaScript in ${[...loaded].length} files (budget ${kilobytes(BUDGET_BYTES)})`,
);
if (total > BUDGET_BYTES) {
  console.error(
    `The first page load is over its ${kilobytes(BUDGET_BYTES)} budget: split a page or drop a dependency.`,
  );
  process.exitCode = 1;
}
