/**
 * SPEC SEC12 with real processes: a second `skilldock serve` on the same embedded database folder
 * used to start and accept writes, and one side's writes were gone after a restart. It must exit
 * non-zero naming the holder's pid and port; once the holder is killed, its stale lock is taken over.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, cliTestEnvironment } from './run-cli.js';
import { type ServeProcess, startServe } from './serve-process.js';

/** Runs `skilldock …args` to its end (bounded) and returns its exit code and stderr. */
async function runToEnd(
  args: readonly string[],
  home: string,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: home,
    env: cliTestEnvironment(home),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stderr };
}

describe('SEC12 one skilldock serve per embedded database folder', () => {
  const homes: string[] = [];
  const running: ServeProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop('SIGKILL');
    for (const home of homes) await rm(home, { recursive: true, force: true });
  });

  it('SEC12 a second serve on the folder exits non-zero naming the holder; a killed holder lock is taken over', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'skilldock-sec12-serve-'));
    homes.push(home);
    const data = ['--data', path.join(home, 'data'), '--no-worker'];
    const first = await startServe(data, { home });
    running.push(first);
    const port = new URL(first.start.url).port;

    const second = await runToEnd(['serve', '--port', '0', '--json', ...data], home);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`pid ${first.child.pid}`);
    expect(second.stderr).toContain(`port ${port}`);
    // The first server still answers: the second did not touch its database.
    expect((await fetch(`${first.start.url}/api/health`)).status).toBe(200);

    // Killed without a chance to remove its lock file: the next serve finds it stale.
    expect(await first.stop('SIGKILL')).toMatchObject({ signal: 'SIGKILL' });
    const third = await startServe(data, { home });
    running.push(third);
    expect((await fetch(`${third.start.url}/api/health`)).status).toBe(200);
    expect(await third.stop('SIGINT')).toMatchObject({ code: 0 });
  }, 180_000);
});
