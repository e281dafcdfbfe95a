#!/usr/bin/env node
// Committed so npm can link the `skilldock` bin at install time, before any build exists (npm skips a
// bin whose file is missing, and `npx skilldock` in a fresh checkout would then look elsewhere).
// It starts the bundled CLI, dist/bundle/skilldock.js (scripts/bundle-cli.mjs, issue 28).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

// V8's compile cache (Node 22.1+; absent on Node 20, where this is a no-op): later starts reuse the
// compiled code of the bundle's chunks instead of compiling them again. NODE_DISABLE_COMPILE_CACHE=1
// turns it off; Node keeps the cache under the temp directory.
module.enableCompileCache?.();
// Node's fetch parses HTTP with llhttp compiled to WebAssembly. V8 compiles it at once with its
// baseline compiler and, once its one large function runs hot, again with the optimising one on a
// background thread; a short command's exit waits for that second compile, ~170 ms of CPU that a
// one-turn run never profits from (issue 28). Set before anything loads the WebAssembly, only here
// in the CLI process: the baseline code alone parses the model's small answers just as well. Not for
// the long-running commands: `serve` and `worker` run the embedded PostgreSQL (PGlite), itself
// WebAssembly, whose queries need the optimised code; `chat` and `mcp` live long enough to profit.
const LONG_RUNNING_COMMANDS = new Set(['serve', 'worker', 'chat', 'mcp']);
// Any argument naming one counts (an option's value may come before the command): in doubt, keep it.
if (!process.argv.slice(2).some((argument) => LONG_RUNNING_COMMANDS.has(argument)))
  v8.setFlagsFromString('--no-wasm-tier-up --no-wasm-dynamic-tiering');
const entry = new URL('../dist/bundle/skilldock.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write('skilldock is not built yet: run `npm run build` in the repository root.\n');
  process.exit(2);
}
await import(entry.href);
