#!/usr/bin/env node
/**
 * Start the fake model server from a JSON script file, for tests that run the CLI as a child process:
 *
 *   node dist/testing/fake-model-server-cli.js script.json [--requests requests.jsonl] [--port N]
 *
 * The script file holds an array of turns (see `FakeTurn`). Prints one JSON line
 * `{"url", "openaiBaseUrl", "anthropicBaseUrl"}` once listening; with `--requests`, appends every
 * request it receives to that file as one JSON line. Stops on SIGTERM or SIGINT.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startFakeModelServer } from './fake-model-server.js';
import type { FakeTurn, RecordedRequest } from './fake-model-turn.js';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { requests: { type: 'string' }, port: { type: 'string' } },
});
const scriptFile = positionals[0];
if (scriptFile === undefined) {
  process.stderr.write('usage: fake-model-server-cli <script.json> [--requests <file.jsonl>] [--port N]\n');
  process.exit(2);
}
const turns = JSON.parse(readFileSync(scriptFile, 'utf8')) as unknown;
if (!Array.isArray(turns)) {
  process.stderr.write(`${scriptFile}: the script must be a JSON array of turns\n`);
  process.exit(2);
}
const log = values.requests;
const script = (turns as FakeTurn[]).map((turn) => (request: RecordedRequest) => {
  if (log !== undefined) appendFileSync(log, `${JSON.stringify(request)}\n`);
  return turn;
});
const server = await startFakeModelServer({
  script,
  ...(values.port === undefined ? {} : { port: Number(values.port) }),
});
process.stdout.write(
  `${JSON.stringify({ url: server.url, openaiBaseUrl: server.openaiBaseUrl, anthropicBaseUrl: server.anthropicBaseUrl })}\n`,
);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
