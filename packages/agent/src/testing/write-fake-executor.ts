import { chmod, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type FakeExecutorProtocol,
  type FakeExecutorScript,
  fakeExecutorProgram,
} from './fake-executor-program.js';

/**
 * Writes a fake external executor into `directory` as an executable named `name`: a small Node
 * program (run by this Node, whatever the child's PATH) speaking `protocol` on stdio as the real
 * tool does, doing what `script` says. Put `directory` on the child's PATH, or name the file in
 * `executor.command`. Resolves with the file's path.
 */
async function writeFakeExecutor(
  directory: string,
  protocol: FakeExecutorProtocol,
  name: string,
  script: FakeExecutorScript,
): Promise<string> {
  const file = join(directory, name);
  const program = `#!${process.execPath}\n'use strict';\n(${fakeExecutorProgram.toString()})(${JSON.stringify(protocol)}, ${JSON.stringify(script)});\n`;
  await writeFile(file, program);
  await chmod(file, 0o755);
  return file;
}

/**
 * Writes a fake `codex` (default name) that speaks the Codex app-server protocol as
 * `codex app-server` does: initialize, thread/start, turn/start, item and turn notifications,
 * approval requests to the client.
 * @example
 * await writeFakeCodexAppServer(bin, { answers: ['All tests pass.'], commands: ['npm test'] });
 * startExternalTask({ …, env: { PATH: `${bin}:/usr/bin` } });
 */
export function writeFakeCodexAppServer(
  directory: string,
  script: FakeExecutorScript = {},
  { name = 'codex' }: { name?: string } = {},
): Promise<string> {
  return writeFakeExecutor(directory, 'codex', name, script);
}

/**
 * Writes a fake `claude-agent-acp` (default name) that speaks the Agent Client Protocol (v1) as an
 * ACP agent does: initialize, session/new, session/prompt with session/update notifications,
 * permission and file-system requests to the client.
 */
export function writeFakeAcpAgent(
  directory: string,
  script: FakeExecutorScript = {},
  { name = 'claude-agent-acp' }: { name?: string } = {},
): Promise<string> {
  return writeFakeExecutor(directory, 'acp', name, script);
}
