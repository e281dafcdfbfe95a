import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { CatalogSnapshot } from '@skilldock/core/catalog';
import {
  catalogFromDiscovery,
  DEFAULT_MAX_FOLDERS,
  type DiscoveryResult,
  discoverSkills,
} from '@skilldock/core/discover';
import { parseSkill } from '@skilldock/core/format';
import { measureCatalogRendering } from './discover/measure-catalog-rendering.js';
import { measureDiscoverPhases } from './discover/measure-discover-phases.js';
import { measureHostileInput } from './discover/measure-hostile-input.js';
import { measureRefresh } from './discover/measure-refresh.js';
import { measureSkillsListCommand } from './discover/measure-skills-list-command.js';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.js';
import { formatMilliseconds, formatRatio } from './lib/benchmark-report.js';
import { type GeneratedSkillProject, generateSkillProject } from './lib/generate-skill-project.js';
import { measureInterleaved } from './lib/measure-rounds.js';
import { profileCpu } from './lib/profile-cpu.js';
import { RAW_READ_STRATEGIES } from './lib/raw-read-strategies.js';

const SKILL_COUNT = 10_000;
/** Above the default walk limit (`DEFAULT_MAX_FOLDERS` skill folders per root), so no skill is cut off. */
const MAX_FOLDERS = 20_000;
const COLD_TARGET_RATIO = 3;
const REFRESH_TARGET_MILLISECONDS = 50;
const REFRESH_EDITS = 24;
const COMMAND_ROUNDS = 5;
/** Issue 28: the cold `skills list --json` at most this many times the read-only floor… */
const LIST_TARGET_RATIO = 2.5;
/** …and at least this many times faster than the `skills` CLI. */
const PEER_TARGET_SPEEDUP = 6;
/** The pinned devDependency; 1.7.x needs Node ≥ 22.20, so this is the newest that runs on Node 20. */
const SKILLS_CLI_VERSION = '1.5.18';

/**
 * `npm run bench -- discover` (issue 2 §6): 10,000 generated skills; cold discover + parse +
 * validate + catalog against reading the same SKILL.md bytes with plain `fs` in the same run; the
 * refresh after one edit; `skilldock skills list --json` as a whole process; rendering the
 * model's catalog with and without a budget; how fast hostile SKILL.md input is refused.
 */
export const discoverBenchmark: Benchmark = {
  name: 'discover',
  description:
    'cold discovery of 10,000 skills vs raw reads, refresh, `skills list --json`, catalog rendering, hostile input',
  run: runDiscoverBenchmark,
};

async function runDiscoverBenchmark(context: BenchmarkContext): Promise<void> {
  const { report, temp, rounds = 7 } = context;
  const projectRoot = await temp.create('discover-project');
  const homeDirectory = await temp.create('discover-home');
  const generationStarted = performance.now();
  const project = await generateSkillProject(projectRoot, { count: SKILL_COUNT });
  await mkdir(join(projectRoot, '.skilldock'));
  await writeFile(
    join(projectRoot, '.skilldock', 'settings.json'),
    `${JSON.stringify({ skills: { maxFolders: MAX_FOLDERS } })}\n`,
  );
  report.heading(describeProject(project));
  report.note(`load average at the start: ${formatLoad()} (1, 5, 15 min)`);
  report.note(
    `generated in ${formatMilliseconds(performance.now() - generationStarted)}; project settings raise skills.maxFolders to ${MAX_FOLDERS.toLocaleString('en-US')} (default ${DEFAULT_MAX_FOLDERS.toLocaleString('en-US')} skill folders per root)`,
  );

  const discoverAndCatalog = async (): Promise<{ discovery: DiscoveryResult; catalog: CatalogSnapshot }> => {
    // Every round starts from nothing: a new discovery, new Skill objects, no watcher, no caches.
    const discovery = await discoverSkills({ projectRoot, homeDirectory, trusted: true });
    const catalog = catalogFromDiscovery(discovery, { projectRoot, version: 1 });
    return { discovery, catalog };
  };

  // The first run in this process is timed apart: JIT and module state are cold, as in a CLI.
  const firstStarted = performance.now();
  const first = await discoverAndCatalog();
  const firstMilliseconds = performance.now() - firstStarted;
  checkDiscovery(context, project, first.discovery, first.catalog);

  const files = project.skills.map((skill) => skill.skillFile);
  const wrongTotals: string[] = [];
  const expectBytes = (name: string) => (total: number) => {
    if (total !== project.skillFileBytes) wrongTotals.push(`${name} read ${total} bytes`);
  };
  const operations: Record<string, () => Promise<unknown>> = {};
  for (const strategy of RAW_READ_STRATEGIES) {
    operations[`read:${strategy.id}`] = () => strategy.readFiles(files).then(expectBytes(strategy.name));
    operations[`walk:${strategy.id}`] = () =>
      strategy.walkAndReadFiles(project.skillsRoot, 'SKILL.md').then(expectBytes(`${strategy.name} walk`));
  }
  operations.cold = discoverAndCatalog;
  const measured = await measureInterleaved(operations, { rounds });
  report.check(
    `every raw read returned the ${project.skillFileBytes.toLocaleString('en-US')} generated bytes`,
    wrongTotals.length === 0,
    wrongTotals[0],
  );

  const reads = RAW_READ_STRATEGIES.map((strategy) => ({
    strategy,
    measurement: measured[`read:${strategy.id}`]!,
  }));
  const fastest = reads.reduce((best, read) =>
    read.measurement.median < best.measurement.median ? read : best,
  );
  report.note(
    `raw-read baseline = the fastest of ${reads.length} ways to read the known SKILL.md paths (${fastest.strategy.name})`,
  );
  const baseline = report.baseline(
    `raw read, known paths: ${fastest.strategy.name}`,
    fastest.measurement,
    'raw read',
  );
  for (const read of reads) {
    if (read !== fastest)
      report.measurement(`raw read, known paths: ${read.strategy.name}`, read.measurement, baseline);
  }
  for (const strategy of RAW_READ_STRATEGIES) {
    report.measurement(
      `raw readdir walk + read: ${strategy.name}`,
      measured[`walk:${strategy.id}`]!,
      baseline,
    );
  }
  const cold = measured.cold!;
  report.measurement('cold discover + parse + validate + catalog', cold, baseline);
  report.note(`first cold run in this process (JIT cold): ${formatMilliseconds(firstMilliseconds)}`);
  const promisesRead = reads.find((read) => read.strategy.id === 'promises')!;
  const walkBaseline = measured[`walk:${fastest.strategy.id}`]!;
  report.note(
    `cold vs walk + read (${fastest.strategy.name}): ${formatRatio(cold.median / walkBaseline.median)}; ` +
      `vs the fs/promises read: ${formatRatio(cold.median / promisesRead.measurement.median)}`,
  );

  const validSkills = project.skills.filter((skill) => skill.invalid === undefined);
  const editable = validSkills.filter(
    (_, index) => index % Math.floor(validSkills.length / REFRESH_EDITS) === 0,
  );
  // The agent workspace refreshes from the change journal; the stat rescan is its fallback.
  const refresh = await measureRefresh({
    projectRoot,
    homeDirectory,
    skills: editable,
    edits: REFRESH_EDITS,
    trackChanges: true,
  });
  const statRefresh = await measureRefresh({
    projectRoot,
    homeDirectory,
    skills: editable,
    edits: REFRESH_EDITS,
  });
  report.note(
    `watcher start (full discovery + catalog): ${formatMilliseconds(refresh.startMilliseconds)} arming the change journal, ${formatMilliseconds(statRefresh.startMilliseconds)} without`,
  );
  report.measurement(
    `refresh([file]) after one edited SKILL.md (${REFRESH_EDITS} edits)`,
    statRefresh.measurement,
  );
  report.measurement('agent-loop refresh() after one edited SKILL.md (journal)', refresh.fullAfterEdit);
  report.measurement('agent-loop refresh() with nothing changed (journal)', refresh.fullUnchanged);
  report.measurement('stat rescan refresh() after one edit (fallback)', statRefresh.fullAfterEdit);
  report.measurement('stat rescan refresh() with nothing changed (fallback)', statRefresh.fullUnchanged);
  report.check(
    'every edit reached its snapshot with the next version, with and without the journal',
    refresh.problems.length === 0 && statRefresh.problems.length === 0,
    refresh.problems[0] ?? statRefresh.problems[0],
  );

  const command = await measureSkillsListCommand({
    repositoryRoot: context.repositoryRoot,
    projectRoot,
    homeDirectory,
    rounds: COMMAND_ROUNDS,
  });
  if (command.ok) {
    report.heading('whole processes, side by side (cold listing of the same 10,000 skills)');
    report.measurement('node -e "" (process start-up)', command.nodeStartup);
    const floor = report.baseline(
      'node script that only walks and reads every SKILL.md',
      command.readOnlyScript,
      'read-only floor',
    );
    report.measurement('skilldock skills list --json (cold: no cache)', command.command, floor);
    report.measurement('skilldock skills list --json (warm: discovery cache)', command.warmCommand, floor);
    if ('median' in command.peer) {
      report.measurement(`skills list (the skills CLI ${SKILLS_CLI_VERSION})`, command.peer, floor);
      report.note(
        `skilldock is ${formatRatio(command.peer.median / command.command.median)} faster than the skills CLI`,
      );
    } else report.skipped('skills list (the skills CLI)', command.peer.reason);
    report.heading(
      'the same processes in CPU time (user + system, as each reported at exit; the load moves it less)',
    );
    report.measurement('node -e "" (process start-up), CPU', command.cpu.nodeStartup);
    const cpuFloor = report.baseline(
      'node script that only walks and reads every SKILL.md, CPU',
      command.cpu.readOnlyScript,
      'read-only floor CPU',
    );
    report.measurement('skilldock skills list --json (cold), CPU', command.cpu.command, cpuFloor);
    if (command.cpu.peer !== undefined) {
      report.measurement(
        `skills list (the skills CLI ${SKILLS_CLI_VERSION}), CPU`,
        command.cpu.peer,
        cpuFloor,
      );
      report.note(
        `in CPU time skilldock is ${formatRatio(command.cpu.peer.median / command.cpu.command.median)} cheaper than the skills CLI`,
      );
    }
    report.note(
      `skills list printed ${(command.outputBytes / 1_048_576).toFixed(1)} MB` +
        (command.listedSkills === undefined
          ? ''
          : `, ${command.listedSkills.toLocaleString('en-US')} skills`),
    );
  } else {
    report.skipped('skilldock skills list --json (whole process)', command.reason);
  }

  report.heading(`targets side by side (issue 9 §7); load average ${formatLoad()} (1, 5, 15 min)`);
  const ms = formatMilliseconds;
  const row = (label: string, figures: string, goal: string) =>
    `${label.padEnd(46)} ${figures.padEnd(24)} goal ${goal.padEnd(8)}`;
  report.target(
    row(
      'cold discover + catalog vs raw read',
      `${ms(cold.median)} vs ${ms(fastest.measurement.median)}`,
      `≤ ${COLD_TARGET_RATIO}×`,
    ),
    cold.median / fastest.measurement.median,
    COLD_TARGET_RATIO,
    'ratio',
    {
      figure: `discover + parse + catalog, ${SKILL_COUNT.toLocaleString('en-US')} skills, in process`,
      value: ms(cold.median),
      baseline: `raw read ${ms(fastest.measurement.median)}`,
      goal: `≤ ${COLD_TARGET_RATIO}× raw read`,
    },
  );
  if (command.ok) {
    const listFigure = `skills list --json, ${SKILL_COUNT.toLocaleString('en-US')} skills, cold`;
    report.target(
      row(
        'cold skills list --json vs read-only floor',
        `${ms(command.command.median)} vs ${ms(command.readOnlyScript.median)}`,
        `≤ ${LIST_TARGET_RATIO}×`,
      ),
      command.command.median / command.readOnlyScript.median,
      LIST_TARGET_RATIO,
      'ratio',
      {
        figure: listFigure,
        value: ms(command.command.median),
        baseline: `read-only floor ${ms(command.readOnlyScript.median)}`,
        goal: `≤ ${LIST_TARGET_RATIO}× floor`,
      },
    );
    const peerGoal = `≥ ${PEER_TARGET_SPEEDUP}× faster than the skills CLI`;
    if ('median' in command.peer)
      report.target(
        row(
          'cold skills list --json vs the skills CLI',
          `${ms(command.command.median)} vs ${ms(command.peer.median)}`,
          `≤ 1/${PEER_TARGET_SPEEDUP}`,
        ),
        command.command.median / command.peer.median,
        1 / PEER_TARGET_SPEEDUP,
        'ratio',
        {
          figure: listFigure,
          value: ms(command.command.median),
          baseline: `skills CLI ${ms(command.peer.median)}`,
          actual: `${formatRatio(command.peer.median / command.command.median)} faster`,
          goal: peerGoal,
        },
      );
    else
      report.unmeasured(
        'cold skills list --json vs the skills CLI',
        {
          figure: listFigure,
          value: ms(command.command.median),
          baseline: 'skills CLI: not run',
          goal: peerGoal,
        },
        command.peer.reason,
      );
  }
  const refreshTarget = `≤ ${REFRESH_TARGET_MILLISECONDS} ms`;
  report.target(
    row('refresh([file]) after one edit', `median of ${REFRESH_EDITS}`, refreshTarget),
    statRefresh.measurement.median,
    REFRESH_TARGET_MILLISECONDS,
    'ms',
    {
      figure: `${'refresh([file]) after one edit'} (median of ${REFRESH_EDITS})`,
      value: ms(statRefresh.measurement.median),
      baseline: `cold discover ${ms(cold.median)}`,
      goal: refreshTarget,
    },
  );
  report.target(
    row('agent-loop refresh() after one edit', `median of ${REFRESH_EDITS}`, refreshTarget),
    refresh.fullAfterEdit.median,
    REFRESH_TARGET_MILLISECONDS,
    'ms',
    {
      figure: `${'agent-loop refresh() after one edit'} (median of ${REFRESH_EDITS})`,
      value: ms(refresh.fullAfterEdit.median),
      baseline: `cold discover ${ms(cold.median)}`,
      goal: refreshTarget,
    },
  );
  report.target(
    row('agent-loop refresh() with nothing changed', `median of ${REFRESH_EDITS}`, refreshTarget),
    refresh.fullUnchanged.median,
    REFRESH_TARGET_MILLISECONDS,
    'ms',
    {
      figure: `${'agent-loop refresh() with nothing changed'} (median of ${REFRESH_EDITS})`,
      value: ms(refresh.fullUnchanged.median),
      baseline: `cold discover ${ms(cold.median)}`,
      goal: refreshTarget,
    },
  );

  report.heading(
    `the model's catalog of ${first.catalog.skills.length.toLocaleString('en-US')} skills (renderCatalog)`,
  );
  const rendering = await measureCatalogRendering(first.catalog.skills, rounds);
  const joined = report.baseline('join "- name: description" lines (no escaping)', rendering.join, 'join');
  report.measurement('render, compact XML, no budget', rendering.plain, joined);
  report.measurement('render, compact XML, 20,000-token budget', rendering.budgeted, joined);
  report.check(
    'every render listed every skill, and the budgeted one fit its budget',
    rendering.problems.length === 0,
    rendering.problems[0],
  );

  report.heading('hostile SKILL.md input is refused (SPEC S2)');
  const hostile = await measureHostileInput(await temp.create('discover-hostile'), rounds);
  const parse = report.baseline(
    'parseSkill of an ordinary SKILL.md',
    hostile.parseBaseline,
    'ordinary parse',
  );
  for (const item of hostile.parseCases) report.measurement(item.label, item.measurement, parse);
  const load = report.baseline(
    'loadSkill of an ordinary skill folder',
    hostile.loadBaseline,
    'ordinary load',
  );
  for (const item of hostile.loadCases) report.measurement(item.label, item.measurement, load);
  report.check(
    'every hostile input was refused with its diagnostic',
    hostile.problems.length === 0,
    hostile.problems[0],
  );

  report.heading('where the cold time goes (each stage alone over all skills)');
  const phases = await measureDiscoverPhases({ project, homeDirectory, rounds: 3, maxFolders: MAX_FOLDERS });
  for (const phase of phases) report.measurement(phase.label, phase.measurement, baseline);
  if (context.profile) await printProfiles(context, project, discoverAndCatalog);
}

/** The machine's load averages, e.g. `1.52, 1.20, 0.98`: the machine is shared, so say how busy it was. */
function formatLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

function describeProject(project: GeneratedSkillProject): string {
  const count = (predicate: (skill: GeneratedSkillProject['skills'][number]) => boolean) =>
    project.skills.filter(predicate).length.toLocaleString('en-US');
  return (
    `${project.skills.length.toLocaleString('en-US')} skills, ${(project.skillFileBytes / 1_048_576).toFixed(1)} MB of SKILL.md ` +
    `(largest ${(project.largestSkillFileBytes / 1024).toFixed(1)} KB); ${count((skill) => skill.supportingFiles.length > 0)} with supporting files; ` +
    `${count((skill) => skill.invalid !== undefined)} invalid (${count((skill) => skill.invalid === 'missing-description')} missing description, ` +
    `${count((skill) => skill.invalid === 'bad-yaml')} bad YAML, ${count((skill) => skill.invalid === 'name-mismatch')} name ≠ folder)`
  );
}

/** Checks the discovery found what the generator wrote, so a fast wrong answer cannot pass. */
function checkDiscovery(
  { report }: BenchmarkContext,
  project: GeneratedSkillProject,
  discovery: DiscoveryResult,
  catalog: CatalogSnapshot,
): void {
  // Lenient loading (the default) keeps a name/folder mismatch as a warning; the other kinds fail.
  const rejected = project.skills.filter(
    (skill) => skill.invalid === 'missing-description' || skill.invalid === 'bad-yaml',
  );
  const expectedLoaded = project.skills.length - rejected.length;
  report.check(
    `discovery loaded ${discovery.skills.length.toLocaleString('en-US')} skills and rejected ${discovery.invalid.length} (expected ${expectedLoaded.toLocaleString('en-US')} and ${rejected.length})`,
    discovery.skills.length === expectedLoaded && discovery.invalid.length === rejected.length,
  );
  const withFiles = project.skills.filter(
    (skill) => skill.invalid === undefined && skill.supportingFiles.length > 0,
  );
  const listed = withFiles.filter((skill) => {
    const files = catalog.get(skill.id)?.files.map((file) => file.path) ?? [];
    return skill.supportingFiles.every((path) => files.includes(path));
  });
  report.check(
    `catalog holds ${catalog.skills.length.toLocaleString('en-US')} skills; supporting files listed for ${listed.length} of ${withFiles.length}`,
    catalog.skills.length === expectedLoaded && listed.length === withFiles.length,
  );
}

async function printProfiles(
  context: BenchmarkContext,
  project: GeneratedSkillProject,
  operation: () => Promise<unknown>,
) {
  await printProfile(context, 'one cold discover + catalog', operation);
  const texts = project.skills.map((skill) => ({ skill, bytes: readFileSync(skill.skillFile) }));
  await printProfile(context, 'parse + validate of every SKILL.md from memory', () => {
    for (const { skill, bytes } of texts) parseSkill(bytes, { file: skill.skillFile, folderName: skill.id });
  });
}

async function printProfile(
  context: BenchmarkContext,
  title: string,
  operation: () => unknown,
): Promise<void> {
  const { report, repositoryRoot } = context;
  const summary = await profileCpu(operation, { repositoryRoot });
  report.heading(
    `CPU profile of ${title} (${formatMilliseconds(summary.totalMilliseconds)} sampled, self time)`,
  );
  for (const entry of summary.files.slice(0, 10)) {
    report.note(
      `file ${(entry.share * 100).toFixed(1).padStart(5)}%  ${formatMilliseconds(entry.selfMilliseconds).padStart(9)}  ${entry.label}`,
    );
  }
  for (const entry of summary.functions.slice(0, 15)) {
    report.note(
      `fn   ${(entry.share * 100).toFixed(1).padStart(5)}%  ${formatMilliseconds(entry.selfMilliseconds).padStart(9)}  ${entry.label}`,
    );
  }
}
