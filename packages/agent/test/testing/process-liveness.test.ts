import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { isProcessAlive, waitUntilProcessGone } from '../../src/testing/process-liveness.js';

describe('process liveness', () => {
  it('G4 tells a running process from a killed one, and throws where /proc is missing', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const pid = child.pid ?? 0;
    expect(isProcessAlive(pid)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    expect(await waitUntilProcessGone(pid, { timeoutMs: 5000 })).toBe(true);
    expect(isProcessAlive(pid)).toBe(false);
    expect(() => isProcessAlive(process.pid, { procRoot: '/no/such/proc' })).toThrow(
      /needs \/proc \(Linux\): \/no\/such\/proc\/self\/stat is missing/,
    );
  });
});
