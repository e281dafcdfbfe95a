import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { generateSkillRepository } from './install/generate-skill-repository.js';
import { differences, readInstalledTree } from './install/read-installed-tree.js';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.js';
import { formatMilliseconds, formatRatio } from './lib/benchmark-report.js';
import { fromSamples, measureInterleaved } from './lib/measure-rounds.js';
import { median } from './lib/median.js';
import { runNodeProcess } from './lib/run-node-process.js';

const SKILL_COUNT = 200;
/** Issue 28: at least this many times faster than the `skills` CLI on the same files. */
const TARGET_SPEEDUP = 3;
const AGENTS = ['claude-code', 'codex'];

/**
 * `npm run bench -- install`: `skilldock skills add <repo> --skill '*' --yes --copy` against
 * `skills add <repo> --skill '*' -y --copy` (npm `skills` 1.5.18) on a local repository of 200
 * skills, same agents, each into a fresh project, both as whole processes; the installed trees
 * (files, modes, lock bytes) must be identical.
 */
export const installBenchmark: Benchmark = {
  name: 'install',
  description:
    "`skills add <200-skill repo> --skill '*' --copy`: skilldock vs the skills CLI, whole processes",
  run: runInstallBenchmark,
};

async function runInstallBenchmark({
  report,
  temp,
  repositoryRoot,
  rounds = 5,
}: BenchmarkContext): Promise<void> {
  const ours = join(repositoryRoot, 'packages', 'cli', 'bin', 'skilldock.js');
  const theirs = join(repositoryRoot, 'node_modules', 'skills', 'bin', 'cli.mjs');
  if (!existsSync(join(repositoryRoot, 'packages', 'cli', 'dist', 'bundle', 'skilldock.js'))) {
    report.skipped('install', 'the CLI is not built (run `npm run build`)');
    return;
  }
  const repository = await generateSkillRepository(await temp.create('install-repo'), { count: SKILL_COUNT });
  const work = await temp.create('install-work');
  const home = join(work, 'home');
  await mkdir(home);
  report.heading(
    `${SKILL_COUNT} skills, ${repository.files} files, ${(repository.bytes / 1024).toFixed(0)} KiB; --copy for ${AGENTS.join(', ')}`,
  );
  // HOME is empty and agent variables are unset, so neither tool detects agents or telemetry settings.
  const environment = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    NO_COLOR: '1',
    DO_NOT_TRACK: '1',
    DISABLE_TELEMETRY: '1',
  };
  const commands = {
    skilldock: [
      ours,
      'skills',
      'add',
      repository.root,
      '--skill',
      '*',
      '--yes',
      '--copy',
      '--agent',
      ...AGENTS,
    ],
    skills: [theirs, 'add', repository.root, '--skill', '*', '-y', '--copy', '--agent', ...AGENTS],
  } as const;
  const projectOf = (name: keyof typeof commands) => join(work, `project-${name}`);
  const freshProjects = async () => {
    for (const name of Object.keys(commands) as (keyof typeof commands)[]) {
      await rm(projectOf(name), { recursive: true, force: true });
      await mkdir(join(projectOf(name), '.git'), { recursive: true });
    }
  };
  const cpu: Record<keyof typeof commands, number[]> = { skilldock: [], skills: [] };
  const run = (name: keyof typeof commands) => async (round?: number) => {
    const result = await runNodeProcess(commands[name], { cwd: projectOf(name), env: environment });
    if (result.exitCode !== 0)
      throw new Error(`${name} add exited with ${result.exitCode}: ${result.stderr.slice(0, 400)}`);
    if (round !== undefined && round >= 0 && result.cpuMilliseconds !== undefined)
      cpu[name].push(result.cpuMilliseconds);
  };

  await freshProjects();
  await run('skills')();
  await run('skilldock')();
  const theirTree = await readInstalledTree(projectOf('skills'));
  const ourTree = await readInstalledTree(projectOf('skilldock'));
  const diff = differences(theirTree, ourTree);
  report.check(
    `installed trees identical (${theirTree.size} entries incl. skills-lock.json)`,
    diff.length === 0 && theirTree.has('skills-lock.json') && theirTree.size > SKILL_COUNT * 2,
    diff.length === 0 ? undefined : `differ at ${diff.join(', ')}`,
  );

  const measured = await measureInterleaved(
    { skills: run('skills'), skilldock: run('skilldock') },
    { rounds, beforeRound: freshProjects },
  );
  const baseline = report.baseline(
    'skills add (npm skills 1.5.18), whole process',
    measured.skills,
    'skills CLI',
  );
  report.measurement('skilldock skills add, whole process', measured.skilldock, baseline);
  const speedup = measured.skills.median / measured.skilldock.median;
  report.note(`skilldock is ${formatRatio(speedup)} faster (median)`);
  report.heading(
    'the same processes in CPU time (user + system, as each reported at exit; the load moves it less)',
  );
  const cpuBaseline = report.baseline('skills add, CPU', fromSamples(cpu.skills), 'skills CLI CPU');
  report.measurement('skilldock skills add, CPU', fromSamples(cpu.skilldock), cpuBaseline);
  report.note(
    `in CPU time skilldock is ${formatRatio(median(cpu.skills) / median(cpu.skilldock))} cheaper than the skills CLI`,
  );
  report.target(
    `skilldock ≥ ${TARGET_SPEEDUP}× faster than the skills CLI (time ratio ≤ ${formatRatio(1 / TARGET_SPEEDUP)})`,
    measured.skilldock.median / measured.skills.median,
    1 / TARGET_SPEEDUP,
    'ratio',
    {
      figure: `skills add, ${SKILL_COUNT} skills, --copy for 2 agents`,
      value: formatMilliseconds(measured.skilldock.median),
      baseline: `skills CLI ${formatMilliseconds(measured.skills.median)}`,
      actual: `${formatRatio(speedup)} faster`,
      goal: `≥ ${TARGET_SPEEDUP}× faster`,
    },
  );
}
