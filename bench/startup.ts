import { existsSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.js';
import { formatMilliseconds, formatRatio } from './lib/benchmark-report.js';
import { fromSamples, type Measurement, measureInterleaved } from './lib/measure-rounds.js';
import { type NodeProcessResult, runNodeProcess } from './lib/run-node-process.js';
import { writeCatalogProject } from './loop/write-catalog-project.js';

const SKILL_COUNT = 1_000;
/** A one-turn run in an empty project: at most this many times a bare `node -e ''`. */
const EMPTY_RUN_TARGET_RATIO = 3;
/** A one-turn run with 1,000 skills: at least this many times faster than Qwen Code. */
const QWEN_TARGET_SPEEDUP = 10;
const PROMPT = 'Say hi';
const ANSWER = 'Hi there.';

/**
 * `npm run bench -- startup` (issue 28): whole processes against the fake model server answering at
 * once — `node -e ''` (the floor), `skilldock --version`, a one-turn headless `skilldock run` in an
 * empty project and in one with 1,000 skills, and Qwen Code's `qwen -p` in the same 1,000-skill
 * project when it is installed (`qwen` on PATH, or SKILLDOCK_BENCH_QWEN naming its bin).
 */
export const startupBenchmark: Benchmark = {
  name: 'startup',
  description: "`skilldock --version` and one-turn `skilldock run` vs `node -e ''`, and vs Qwen Code",
  run: runStartupBenchmark,
};

async function runStartupBenchmark({ report, temp, repositoryRoot, rounds = 5 }: BenchmarkContext) {
  const bin = join(repositoryRoot, 'packages', 'cli', 'bin', 'skilldock.js');
  if (!existsSync(join(repositoryRoot, 'packages', 'cli', 'dist', 'bundle', 'skilldock.js'))) {
    report.skipped('startup', 'the CLI is not built (run `npm run build`)');
    return;
  }
  const emptyProject = await temp.create('startup-empty');
  const skillsProject = await temp.create('startup-skills');
  const home = await temp.create('startup-home');
  await mkdir(join(emptyProject, '.git'));
  await mkdir(join(skillsProject, '.git'));
  await writeCatalogProject(skillsProject, SKILL_COUNT);
  // Qwen Code reads .qwen/skills; the same folders serve both.
  await mkdir(join(skillsProject, '.qwen'));
  await symlink(join(skillsProject, '.agents', 'skills'), join(skillsProject, '.qwen', 'skills'));
  const server = await startFakeModelServer({ script: () => ({ text: ANSWER }) });
  try {
    await measureStartup({ report, rounds, bin, emptyProject, skillsProject, home, server });
  } finally {
    await server.close();
  }
}

async function measureStartup({
  report,
  rounds,
  bin,
  emptyProject,
  skillsProject,
  home,
  server,
}: {
  report: BenchmarkContext['report'];
  rounds: number;
  bin: string;
  emptyProject: string;
  skillsProject: string;
  home: string;
  server: FakeModelServer;
}) {
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    NO_COLOR: '1',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    OPENAI_API_KEY: 'bench-key',
    OPENAI_MODEL: 'bench-model',
    SKILLDOCK_MODEL: 'openai:bench-model',
    // The 1,000 project skills load only in a trusted workspace.
    SKILLDOCK_TRUST: '1',
  };
  const run = (cwd: string) => runNodeProcess([bin, 'run', PROMPT], { cwd, env });
  const qwen = findQwen();

  // Probes: each command does the work it is timed for, or the numbers mean nothing.
  server.clearRequests();
  const emptyProbe = await run(emptyProject);
  const skillsProbe = await run(skillsProject);
  const catalogSent = server.requests.some((request) =>
    JSON.stringify(request.body).includes('review-invoices'),
  );
  report.heading(
    `whole processes, fake model answering at once; ${SKILL_COUNT.toLocaleString('en-US')} skills in .agents/skills`,
  );
  report.check(
    'skilldock run answered in the empty project and in the one with skills, and sent the catalog',
    answered(emptyProbe) && answered(skillsProbe) && catalogSent,
    [emptyProbe, skillsProbe].find((result) => !answered(result))?.stderr.slice(0, 300) ??
      (catalogSent ? undefined : 'no request carried the skill catalog'),
  );
  let qwenProbe: NodeProcessResult | undefined;
  if (qwen !== undefined) qwenProbe = await runQwen(qwen, skillsProject, env);
  const qwenOk = qwenProbe !== undefined && qwenProbe.exitCode === 0 && qwenProbe.stdout.includes(ANSWER);

  const cpu: Record<string, number[]> = { node: [], version: [], runEmpty: [], runSkills: [], qwen: [] };
  const timed =
    (name: string, operation: () => Promise<NodeProcessResult>, expectAnswer = false) =>
    async (round: number) => {
      const result = await operation();
      if (result.exitCode !== 0 || (expectAnswer && !answered(result)))
        throw new Error(`${name} failed (${result.exitCode}): ${result.stderr.slice(0, 300)}`);
      if (round >= 0 && result.cpuMilliseconds !== undefined) cpu[name]?.push(result.cpuMilliseconds);
    };
  const operations: Record<string, (round: number) => Promise<void>> = {
    node: timed('node', () => runNodeProcess(['-e', ''], { cwd: emptyProject, env })),
    version: timed('version', () => runNodeProcess([bin, '--version'], { cwd: emptyProject, env })),
    runEmpty: timed('runEmpty', () => run(emptyProject), true),
    runSkills: timed('runSkills', () => run(skillsProject), true),
  };
  if (qwen !== undefined && qwenOk) operations.qwen = timed('qwen', () => runQwen(qwen, skillsProject, env));
  const measured = await measureInterleaved(operations, { rounds });
  server.clearRequests();

  const node = report.baseline("node -e '' (process start-up)", measured.node!, 'node');
  report.measurement('skilldock --version', measured.version!, node);
  report.measurement('skilldock run, one turn, empty project', measured.runEmpty!, node);
  report.measurement(
    `skilldock run, one turn, ${SKILL_COUNT.toLocaleString('en-US')} skills`,
    measured.runSkills!,
    node,
  );
  if (measured.qwen !== undefined)
    report.measurement(
      `qwen -p, one turn, ${SKILL_COUNT.toLocaleString('en-US')} skills`,
      measured.qwen,
      node,
    );
  else
    report.skipped(
      'qwen -p (Qwen Code)',
      qwen === undefined
        ? 'not installed (put `qwen` on PATH or set SKILLDOCK_BENCH_QWEN to its bin)'
        : `its probe failed: ${(qwenProbe?.stderr ?? '').split('\n')[0]?.slice(0, 160)}`,
    );
  report.heading('the same processes in CPU time (user + system, as each reported at exit)');
  const cpuOf = (name: string): Measurement => fromSamples(cpu[name] ?? []);
  const nodeCpu = report.baseline("node -e '', CPU", cpuOf('node'), 'node CPU');
  report.measurement('skilldock --version, CPU', cpuOf('version'), nodeCpu);
  report.measurement('skilldock run, empty project, CPU', cpuOf('runEmpty'), nodeCpu);
  report.measurement(`skilldock run, ${SKILL_COUNT} skills, CPU`, cpuOf('runSkills'), nodeCpu);

  const ms = formatMilliseconds;
  const emptyRatio = measured.runEmpty!.median / measured.node!.median;
  report.target(
    `one-turn run, empty project ≤ ${EMPTY_RUN_TARGET_RATIO}× node start`,
    emptyRatio,
    EMPTY_RUN_TARGET_RATIO,
    'ratio',
    {
      figure: 'skilldock run, one turn, empty project',
      value: ms(measured.runEmpty!.median),
      baseline: `node -e '' ${ms(measured.node!.median)}`,
      goal: `≤ ${EMPTY_RUN_TARGET_RATIO}× node`,
    },
  );
  const qwenFigures = {
    figure: `skilldock run, one turn, ${SKILL_COUNT.toLocaleString('en-US')} skills`,
    value: ms(measured.runSkills!.median),
    goal: `≥ ${QWEN_TARGET_SPEEDUP}× faster than qwen -p`,
  };
  if (measured.qwen !== undefined) {
    const speedup = measured.qwen.median / measured.runSkills!.median;
    report.target(
      `one-turn run, ${SKILL_COUNT} skills ≥ ${QWEN_TARGET_SPEEDUP}× faster than Qwen Code (time ratio ≤ ${formatRatio(1 / QWEN_TARGET_SPEEDUP)})`,
      measured.runSkills!.median / measured.qwen.median,
      1 / QWEN_TARGET_SPEEDUP,
      'ratio',
      {
        ...qwenFigures,
        baseline: `qwen -p ${ms(measured.qwen.median)}`,
        actual: `${formatRatio(speedup)} faster`,
      },
    );
  } else {
    report.unmeasured(
      `one-turn run, ${SKILL_COUNT} skills ≥ ${QWEN_TARGET_SPEEDUP}× faster than Qwen Code`,
      { ...qwenFigures, baseline: 'qwen -p: not run' },
      qwen === undefined ? 'Qwen Code not installed' : 'Qwen Code probe failed',
    );
  }
}

function answered(result: NodeProcessResult): boolean {
  return result.exitCode === 0 && result.stdout.includes(ANSWER);
}

/** Qwen Code's bin: SKILLDOCK_BENCH_QWEN, else `qwen` on PATH; undefined when neither is there. */
function findQwen(): string | undefined {
  const named = process.env.SKILLDOCK_BENCH_QWEN;
  if (named !== undefined && named !== '') return existsSync(named) ? named : undefined;
  for (const folder of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(folder, 'qwen');
    if (folder !== '' && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** `qwen -p PROMPT` with the OpenAI-compatible fake model (its `openai` auth reads OPENAI_*). */
function runQwen(qwen: string, cwd: string, env: NodeJS.ProcessEnv): Promise<NodeProcessResult> {
  return runNodeProcess([qwen, '-p', PROMPT, '--auth-type', 'openai', '--model', 'bench-model'], {
    cwd,
    env,
  });
}
