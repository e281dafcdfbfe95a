import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCli } from './agent-fixtures/agent-harness.js';
import { makeWorkspace, runCliInProcess } from './run-cli.js';
import { writeSkillRepository } from './skills-add-fixtures.js';

let project: string;
let home: string;
let base: string;
let tmp: string;
let server: Server;
let port: number;
const sockets = new Set<Socket>();

beforeEach(async () => {
  ({ project, home } = makeWorkspace());
  base = path.dirname(project);
  tmp = path.join(base, 'tmp');
  mkdirSync(tmp);
  // A well-known source that accepts the connection and never answers: the install hangs mid-fetch,
  // with its draft folder made.
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(base, { recursive: true, force: true });
});

/** Draft folders and owner files in the staging parent under the test's TMPDIR. */
function drafts(): string[] {
  const parent = path.join(tmp, `skilldock-drafts-${process.getuid?.() ?? 'user'}`);
  return existsSync(parent) ? readdirSync(parent).sort() : [];
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function startHangingInstall() {
  return startCli(['skills', 'add', `http://127.0.0.1:${port}`, '--allow-insecure-localhost', '--yes'], {
    cwd: project,
    home,
    env: { TMPDIR: tmp },
  });
}

describe('P6 interrupted installs leave no drafts behind', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'P6 %s mid-install removes the draft before the process ends',
    async (signal) => {
      const child = startHangingInstall();
      await waitFor(() => drafts().length > 0 && sockets.size > 0, 'the install to start fetching');
      child.child.kill(signal);
      const code = await child.exited;
      expect(code).not.toBe(0);
      expect(drafts()).toEqual([]);
      expect(existsSync(path.join(project, 'skills-lock.json'))).toBe(false);
    },
    30_000,
  );

  it('P6 a draft left by a SIGKILLed install is removed by the next run', async () => {
    const child = startHangingInstall();
    await waitFor(() => drafts().length > 0 && sockets.size > 0, 'the install to start fetching');
    child.child.kill('SIGKILL');
    await child.exited;
    const left = drafts();
    expect(left).toHaveLength(2);
    expect(left[1]).toBe(`${left[0]}.owner`);
    const source = writeSkillRepository(path.join(base, 'source'), ['alpha']);
    const next = await runCliInProcess(['skills', 'add', source, '--yes', '--agent', 'claude-code'], {
      cwd: project,
      home,
      env: { TMPDIR: tmp },
    });
    expect(next.status, next.stderr).toBe(0);
    expect(drafts()).toEqual([]);
  }, 30_000);
});
