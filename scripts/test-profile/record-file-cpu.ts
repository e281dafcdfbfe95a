/**
 * Setup file of `npm run test:profile`: records, for every test file, the CPU its tests cost in the
 * worker (user and system seconds), the CPU of the child processes they waited for, how many child
 * processes they started, and the wall time — one JSON line per file in the folder named by
 * `SKILLDOCK_TEST_PROFILE_DIR`. Written by hand: vitest reports wall times only, and on a shared
 * 2-core machine wall times move with the load while CPU seconds mostly do not, so the tiers are
 * split by what a file costs, not by how long it happened to take. Import and collection are not
 * counted (a worker imports once for all its files).
 */
import childProcess from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const SPAWNING_FUNCTIONS = ['spawn', 'execFile', 'exec', 'fork', 'spawnSync', 'execFileSync', 'execSync'];

const state = globalThis as { __skilldockSpawns?: number };
if (state.__skilldockSpawns === undefined) {
  // Once per worker (files share it: isolate is off): count every process a test starts.
  state.__skilldockSpawns = 0;
  const functions = childProcess as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of SPAWNING_FUNCTIONS) {
    const original = functions[name]!;
    functions[name] = function counted(this: unknown, ...args: unknown[]) {
      state.__skilldockSpawns = (state.__skilldockSpawns ?? 0) + 1;
      return original.apply(this, args);
    };
  }
  syncBuiltinESMExports();
}

/** CPU seconds of the child processes this process has waited for (Linux `/proc/self/stat`). */
function childSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

let start: { cpu: NodeJS.CpuUsage; children: number; spawns: number; wall: number } | undefined;

beforeAll(() => {
  start = {
    cpu: process.cpuUsage(),
    children: childSeconds(),
    spawns: state.__skilldockSpawns ?? 0,
    wall: performance.now(),
  };
});

afterAll(() => {
  const folder = process.env.SKILLDOCK_TEST_PROFILE_DIR;
  if (start === undefined || folder === undefined) return;
  const cpu = process.cpuUsage(start.cpu);
  const record = {
    file: path.relative(process.cwd(), expect.getState().testPath ?? ''),
    user: cpu.user / 1e6,
    system: cpu.system / 1e6,
    children: childSeconds() - start.children,
    processes: (state.__skilldockSpawns ?? 0) - start.spawns,
    wall: (performance.now() - start.wall) / 1000,
  };
  appendFileSync(path.join(folder, `${process.pid}.jsonl`), `${JSON.stringify(record)}\n`);
});
