import { execFile, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The real `skills` CLI (npm `skills` 1.5.18). */
export const SKILLS_BIN = fileURLToPath(new URL('../../../node_modules/skills/bin/cli.mjs', import.meta.url));

/** A run of the `skills` CLI: its exit status and output. */
export interface SkillsRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** No TTY, no telemetry, no agent variables: the skills CLI runs non-interactively as a user would script it. */
function options(cwd: string, home: string) {
  return {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      DO_NOT_TRACK: '1',
      DISABLE_TELEMETRY: '1',
      NO_COLOR: '1',
    },
    encoding: 'utf8' as const,
    timeout: 120_000,
  };
}

/** Runs `skills …` as a process and waits for it (blocking this process: never against a server in it). */
export function runSkills(args: readonly string[], { cwd, home }: { cwd: string; home: string }): SkillsRun {
  const result = spawnSync(process.execPath, [SKILLS_BIN, ...args], { ...options(cwd, home), input: '' });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Runs `skills …` as a process without blocking this one (for a server answering from this process). */
export function runSkillsAsync(
  args: readonly string[],
  { cwd, home }: { cwd: string; home: string },
): Promise<SkillsRun> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [SKILLS_BIN, ...args],
      options(cwd, home),
      (error, stdout, stderr) =>
        resolve({
          status: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
          stdout,
          stderr,
        }),
    );
    child.stdin?.end();
  });
}
