import { runCli } from './program.js';

process.exitCode = await runCli({ argv: process.argv.slice(2) });
