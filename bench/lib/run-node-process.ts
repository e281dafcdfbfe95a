import { execFile } from 'node:child_process';

/** How a whole Node process ended, and the CPU time it reported. */
export interface NodeProcessResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** User + system CPU milliseconds of every thread, as the process reported them at exit. */
  readonly cpuMilliseconds: number | undefined;
}

/**
 * Preloaded into every measured process: at exit it writes its own CPU time (user + system) as a
 * last stderr line, which {@link runNodeProcess} takes off again.
 */
const REPORT_CPU_AT_EXIT =
  'data:text/javascript,import{writeSync}from"node:fs";process.on("exit",()=>{const u=process.cpuUsage();writeSync(2,"\\nskilldock-bench-cpu-microseconds "+(u.user+u.system)+"\\n")})';
const CPU_LINE = /\nskilldock-bench-cpu-microseconds (\d+)\n$/;

/**
 * Runs `node <arguments>` as a whole process with stdin closed (no terminal, so every tool runs
 * non-interactively) and returns its exit code, output and CPU time.
 * @example const result = await runNodeProcess(['-e', ''], { cwd, env: { PATH: process.env.PATH } });
 */
export function runNodeProcess(
  commandArguments: readonly string[],
  { cwd, env }: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<NodeProcessResult> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', REPORT_CPU_AT_EXIT, ...commandArguments],
      { cwd, env, maxBuffer: 512 * 1024 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        const cpu = CPU_LINE.exec(stderr);
        resolve({
          exitCode,
          stdout,
          stderr: cpu === null ? stderr : stderr.slice(0, cpu.index),
          cpuMilliseconds: cpu === null ? undefined : Number(cpu[1]) / 1000,
        });
      },
    );
    child.stdin?.end();
  });
}
