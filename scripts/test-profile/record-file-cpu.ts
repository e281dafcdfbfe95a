/**
 * Setup file of `npm run test:profile`: records, for every test file, the CPU its tests cost in the
 * worker (user and system seconds), the CPU of the child processes they waited for, how many child
 * processes they started, and the wall time — one JSON line per file in the folder named by
 * `SKILLDOCK_TEST_PROFILE_DIR`. Written by hand: vitest reports wall times only, and on a shared
 * 2-core machine wall times move with the load while CPU seconds mostly do not, so the tiers are
 * split by what a file costs, not by how long it happened to take. Import and collection are not
 * counted (a worker imports once for all its files). With `SKILLDOCK_TEST_CPU_PROF=1`, also each
 * file's V8 CPU profile (its tests, through the inspector) as `cpu/<file>.cpuprofile` beside them:
 * `--cpu-prof` would write one per worker, and only when vitest lets the worker exit by itself.
 */
import childProcess from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
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
const profiling = process.env.SKILLDOCK_TEST_CPU_PROF === '1' ? new Session() : undefined;

beforeAll(async () => {
  if (profiling !== undefined) {
    profiling.connect();
    await profiling.post('Profiler.enable');
    await profiling.post('Profiler.start');
  }
  start = {
    cpu: process.cpuUsage(),
    children: childSeconds(),
    spawns: state.__skilldockSpawns ?? 0,
    wall: performance.now(),
  };
});

afterAll(async () => {
  const folder = process.env.SKILLDOCK_TEST_PROFILE_DIR;
  if (start === undefined || folder === undefined) return;
  const cpu = process.cpuUsage(start.cpu);
  const testPath = path.relative(process.cwd(), expect.getState().testPath ?? '');
  if (profiling !== undefined) {
    const { profile } = await profiling.post('Profiler.stop');
    profiling.disconnect();
    mkdirSync(path.join(folder, 'cpu'), { recursive: true });
    const name = `${testPath.replaceAll(path.sep, '__')}.cpuprofile`;
    writeFileSync(path.join(folder, 'cpu', name), JSON.stringify(profile));
  }
  const record = {
    file: testPath,
    user: cpu.user / 1e6,
    system: cpu.system / 1e6,
    children: childSeconds() - start.children,
    processes: (state.__skilldockSpawns ?? 0) - start.spawns,
    wall: (performance.now() - start.wall) / 1000,
  };
  appendFileSync(path.join(folder, `${process.pid}.jsonl`), `${JSON.stringify(record)}\n`);
});
