import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fromSamples, type Measurement, measureInterleaved } from '../lib/measure-rounds.js';

/** Inputs of {@link measureSkillsListCommand}. */
export interface MeasureSkillsListCommandInput {
  readonly repositoryRoot: string;
  readonly projectRoot: string;
  /** Used as HOME, so the user's own skills, settings and trust do not leak in. */
  readonly homeDirectory: string;
  readonly rounds: number;
}

/** Process timings, or why the command could not be measured. */
export type SkillsListCommandMeasurement =
  | {
      readonly ok: true;
      readonly nodeStartup: Measurement;
      /** Without the discovery cache (`SKILLDOCK_NO_CACHE=1`): the cold listing. */
      readonly command: Measurement;
      /** With the discovery cache filled by an earlier run: the warm listing. */
      readonly warmCommand: Measurement;
      /** A Node script that only walks the skill folder and reads every SKILL.md (the floor). */
      readonly readOnlyScript: Measurement;
      /** `skills list` of the `skills` CLI (the pinned devDependency), or why it was not run. */
      readonly peer: Measurement | { readonly reason: string };
      /**
       * CPU time (user + system, all threads) of the same runs, as each process reported it at exit:
       * on a shared machine it moves far less with the load than wall time does.
       */
      readonly cpu: {
        readonly nodeStartup: Measurement;
        readonly command: Measurement;
        readonly readOnlyScript: Measurement;
        readonly peer?: Measurement;
      };
      /** Skills in the command's JSON output, when it could be counted. */
      readonly listedSkills: number | undefined;
      readonly outputBytes: number;
    }
  | { readonly ok: false; readonly reason: string };

interface ProcessResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** CPU milliseconds the process reported at exit (see {@link REPORT_CPU_AT_EXIT}). */
  readonly cpuMilliseconds?: number;
}

/**
 * Preloaded into every measured process: at exit it writes its own CPU time (user + system) as a
 * last stderr line, which {@link runNode} takes off again. `process.cpuUsage()` covers every thread.
 */
const REPORT_CPU_AT_EXIT =
  'data:text/javascript,import{writeSync}from"node:fs";process.on("exit",()=>{const u=process.cpuUsage();writeSync(2,"\\nskilldock-bench-cpu-microseconds "+(u.user+u.system)+"\\n")})';
const CPU_LINE = /\nskilldock-bench-cpu-microseconds (\d+)\n$/;

/**
 * Times `node packages/cli/bin/skilldock.js skills list --json --cwd <project>` as a whole process,
 * cold (no discovery cache) and warm (the cache the first run wrote; its output must be identical),
 * interleaved with `node -e ""` (bare Node start-up), a script that only walks and reads every
 * SKILL.md (the floor), and the `skills` CLI's `skills list`. The CLI runs from its build
 * output (`npm run build`), so stale builds measure stale code.
 */
export async function measureSkillsListCommand({
  repositoryRoot,
  projectRoot,
  homeDirectory,
  rounds,
}: MeasureSkillsListCommandInput): Promise<SkillsListCommandMeasurement> {
  const bin = join(repositoryRoot, 'packages', 'cli', 'bin', 'skilldock.js');
  if (!existsSync(join(repositoryRoot, 'packages', 'cli', 'dist', 'bundle', 'skilldock.js'))) {
    return {
      ok: false,
      reason: 'the CLI is not built (packages/cli/dist/bundle/skilldock.js missing; run `npm run build`)',
    };
  }
  const environment = { ...process.env, HOME: homeDirectory, USERPROFILE: homeDirectory, NO_COLOR: '1' };
  const commandArguments = [bin, 'skills', 'list', '--json', '--cwd', projectRoot];
  const probe = await runNode(commandArguments, environment);
  if (probe.exitCode !== 0) {
    const firstLine = (probe.stderr.trim() || probe.stdout.trim()).split('\n')[0] ?? '';
    return {
      ok: false,
      reason: `\`skilldock skills list --json\` exited with ${probe.exitCode}: ${firstLine.slice(0, 160)}`,
    };
  }
  if (probe.stdout.trim() === '') {
    return {
      ok: false,
      reason: '`skilldock skills list --json` printed nothing (is the build current? `npm run build`)',
    };
  }
  let listed: unknown;
  try {
    listed = JSON.parse(probe.stdout);
  } catch {
    return {
      ok: false,
      reason: `\`skilldock skills list --json\` did not print JSON: ${probe.stdout.slice(0, 80)}`,
    };
  }
  const readOnlyArguments = ['-e', READ_ONLY_SCRIPT, join(projectRoot, '.agents', 'skills')];
  const peerBin = join(repositoryRoot, 'node_modules', 'skills', 'bin', 'cli.mjs');
  const peerArguments = [peerBin, 'list'];
  const peerProbe = existsSync(peerBin)
    ? await runNode(peerArguments, environment, projectRoot)
    : { exitCode: -1, stdout: '', stderr: 'the skills CLI is not installed (npm ci)' };
  const peerOk = peerProbe.exitCode === 0;
  const cpu = {
    nodeStartup: [] as number[],
    command: [] as number[],
    readOnlyScript: [] as number[],
    peer: [] as number[],
  };
  const recordCpu = (samples: number[], round: number, result: ProcessResult) => {
    if (round >= 0 && result.cpuMilliseconds !== undefined) samples.push(result.cpuMilliseconds);
    return result;
  };
  const operations: Record<string, (round: number) => Promise<unknown>> = {
    nodeStartup: async (round) => recordCpu(cpu.nodeStartup, round, await runNode(['-e', ''], environment)),
    readOnlyScript: async (round) => {
      const result = recordCpu(cpu.readOnlyScript, round, await runNode(readOnlyArguments, environment));
      if (result.exitCode !== 0) throw new Error(`the read-only script failed: ${result.stderr}`);
    },
    command: async (round) => {
      const result = recordCpu(
        cpu.command,
        round,
        await runNode(commandArguments, { ...environment, SKILLDOCK_NO_CACHE: '1' }),
      );
      if (result.exitCode !== 0) throw new Error(`skilldock skills list failed: ${result.stderr}`);
    },
    warmCommand: async () => {
      const result = await runNode(commandArguments, environment);
      if (result.exitCode !== 0) throw new Error(`skilldock skills list failed: ${result.stderr}`);
      if (result.stdout !== probe.stdout) throw new Error('the cached listing differs from the first one');
    },
  };
  if (peerOk)
    operations.peer = async (round) =>
      recordCpu(cpu.peer, round, await runNode(peerArguments, environment, projectRoot));
  const measured = await measureInterleaved(operations, { rounds });
  return {
    ok: true,
    nodeStartup: measured.nodeStartup!,
    command: measured.command!,
    warmCommand: measured.warmCommand!,
    readOnlyScript: measured.readOnlyScript!,
    peer: peerOk
      ? measured.peer!
      : { reason: `skills list exited with ${peerProbe.exitCode}: ${peerProbe.stderr.split('\n')[0]}` },
    cpu: {
      nodeStartup: fromSamples(cpu.nodeStartup),
      command: fromSamples(cpu.command),
      readOnlyScript: fromSamples(cpu.readOnlyScript),
      ...(cpu.peer.length === 0 ? {} : { peer: fromSamples(cpu.peer) }),
    },
    listedSkills: countSkills(listed),
    outputBytes: Buffer.byteLength(probe.stdout),
  };
}

/**
 * The floor a listing cannot beat: walk the skill folder and read every SKILL.md, nothing else
 * (no parse, no validation, no output).
 */
const READ_ONLY_SCRIPT = `
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const root = process.argv[1];
let bytes = 0;
for (const entry of readdirSync(root, { withFileTypes: true })) {
  if (!entry.isDirectory()) continue;
  for (const file of readdirSync(join(root, entry.name))) if (file === 'SKILL.md') bytes += readFileSync(join(root, entry.name, file)).length;
}
if (bytes === 0) process.exit(1);
`;

function runNode(
  commandArguments: readonly string[],
  environment: NodeJS.ProcessEnv,
  cwd?: string,
): Promise<ProcessResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', REPORT_CPU_AT_EXIT, ...commandArguments],
      {
        env: environment,
        maxBuffer: 512 * 1024 * 1024,
        encoding: 'utf8',
        ...(cwd === undefined ? {} : { cwd }),
      },
      (error, stdout, stderr) => {
        const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        const cpuLine = CPU_LINE.exec(stderr);
        if (cpuLine === null) resolve({ exitCode, stdout, stderr });
        else
          resolve({
            exitCode,
            stdout,
            stderr: stderr.slice(0, cpuLine.index),
            cpuMilliseconds: Number(cpuLine[1]) / 1000,
          });
      },
    );
  });
}

/** Counts skills in `[…]` or `{ skills: […] }` output. */
function countSkills(listed: unknown): number | undefined {
  if (Array.isArray(listed)) return listed.length;
  if (
    typeof listed === 'object' &&
    listed !== null &&
    Array.isArray((listed as { skills?: unknown }).skills)
  ) {
    return (listed as { skills: unknown[] }).skills.length;
  }
  return undefined;
}
