#!/usr/bin/env node
// Committed so npm can link the `skilldock` bin at install time, before any build exists (npm skips a
// bin whose file is missing, and `npx skilldock` in a fresh checkout would then look elsewhere).
// It starts the bundled CLI, dist/bundle/skilldock.js (scripts/bundle-cli.mjs, issue 28).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

// V8's compile cache (Node 22.1+; absent on Node 20, where this is a no-op): later starts reuse the
// compiled code of the bundle's chunks instead of compiling them again. NODE_DISABLE_COMPILE_CACHE=1
// turns it off; Node keeps the cache under the temp directory.
module.enableCompileCache?.();
const entry = new URL('../dist/bundle/skilldock.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('skilldock is not built yet: run `npm run build` in the repository root.\n');
  process.exit(2);
}
await import(entry.href);
