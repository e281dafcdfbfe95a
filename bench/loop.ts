import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { countTokens } from '@skilldock/core/catalog';
import { catalogFromDiscovery, discoverSkills } from '@skilldock/core/discover';
import { createSkillSession } from '@skilldock/core/runtime';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.js';
import { benchTools } from './loop/bench-tools.js';
import { measureLoopTurns, TURNS_PER_RUN } from './loop/measure-loop-turns.js';
import { writeCatalogProject } from './loop/write-catalog-project.js';

const SKILL_COUNT = 1_000;
const TOOL_COUNT = 50;
const TOKENS_PER_SKILL_TARGET = 60;

/**
 * `npm run bench -- loop` (issue G2): the agent loop with 1,000 skills in the catalog and 50 tools
 * against the fake model server answering at once — the overhead per turn over plain HTTP requests
 * with the same bodies, for both protocols — and the catalog's tokens per skill.
 */
export const loopBenchmark: Benchmark = {
  name: 'loop',
  description:
    'agent loop overhead per turn (1,000 skills, 50 tools, fake server) and catalog tokens per skill',
  run: runLoopBenchmark,
};

async function runLoopBenchmark(context: BenchmarkContext): Promise<void> {
  const { report, temp } = context;
  const projectRoot = await temp.create('loop-project');
  const homeDirectory = join(projectRoot, '.home');
  await mkdir(homeDirectory);
  await writeCatalogProject(projectRoot, SKILL_COUNT);
  const discovery = await discoverSkills({ projectRoot, homeDirectory, trusted: true });
  const catalog = catalogFromDiscovery(discovery, { projectRoot });
  const skillSession = await createSkillSession({ catalog, mode: 'stable' });
  const catalogTokens = countTokens(skillSession.systemPromptSection);
  const tokensPerSkill = catalogTokens / catalog.skills.length;
  report.heading(
    `${catalog.skills.length.toLocaleString('en-US')} skills (catalog ${catalogTokens.toLocaleString('en-US')} tokens), ${TOOL_COUNT} tools, ${TURNS_PER_RUN} turns per run, fake server answering at once`,
  );
  report.check(
    `catalog holds ${SKILL_COUNT} skills`,
    catalog.skills.length === SKILL_COUNT,
    `${catalog.skills.length}`,
  );
  report.note(`catalog tokens per skill (o200k): ${tokensPerSkill.toFixed(1)}`);
  report.target(
    `catalog tokens per skill ÷ ${TOKENS_PER_SKILL_TARGET} ≤ 1`,
    tokensPerSkill / TOKENS_PER_SKILL_TARGET,
    1,
    'ratio',
    {
      figure: `catalog tokens per skill (o200k), ${SKILL_COUNT} skills`,
      value: tokensPerSkill.toFixed(1),
      baseline: 'none (a fixed budget)',
      goal: `≤ ${TOKENS_PER_SKILL_TARGET}`,
    },
  );
  const tools = benchTools(TOOL_COUNT);
  await measureLoopTurns(context, 'openai', { tools, skillSession });
  await measureLoopTurns(context, 'anthropic', { tools, skillSession });
}
