#!/usr/bin/env node
// Thin shim committed so npm can link the `skilldock` bin at install time, before any build exists.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('skilldock is not built yet: run `npm run build` in the repository root.\n');
  process.exit(2);
}
await import(entry.href);
