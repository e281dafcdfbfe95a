#!/usr/bin/env node
// Thin shim committed so npm can link the `skilldock` bin at install time, before any build exists.
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('skilldock is not built yet: run `npm run build` in the repository root.\n');
  process.exit(2);
}
// V8's compile cache (Node 22.1+; absent on Node 20, where this is a no-op): later starts reuse the
// compiled code of the ~800 modules a `run` loads instead of compiling them again (issue 28).
// NODE_DISABLE_COMPILE_CACHE=1 turns it off; Node keeps the cache under the temp directory.
module.enableCompileCache?.();
await import(entry.href);
