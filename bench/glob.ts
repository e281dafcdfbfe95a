import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { createGlobTool } from '@skilldock/agent/tools';
import { compileGitignore, compileGlob } from '@skilldock/core/format';
import { createApiToken, createServer, hashPassword, schema, silentLogger } from '@skilldock/server';
import { eq } from 'drizzle-orm';
import ignore from 'ignore';
import picomatch from 'picomatch';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.js';
import { formatMilliseconds, formatRatio } from './lib/benchmark-report.js';

/** Sizes (path length or folder depth) each hostile case is timed at; each doubles the last. */
const SIZES = [1000, 2000, 4000, 8000, 16000];
/** Linear time doubles per doubling; this leaves room for noise on a shared machine. */
const GROWTH_PER_DOUBLING_TARGET = 2.6;
/** An old engine's size step stops once one match takes longer than this. */
const OLD_ENGINE_BUDGET_MS = 1500;
const HEALTH_P99_TARGET_MS = 50;
const HEALTH_INTERVAL_MS = 10;
const HOSTILE_SECONDS = 6;

/**
 * `npm run bench -- glob` (issue 23, SPEC SEC7): hostile globs and `.gitignore` rules on the linear
 * pattern engine at growing sizes, with the growth per doubling (2× is linear) beside what the
 * backtracking engines it replaced (`ignore`, picomatch) took at small sizes; then a skilldock
 * server in this process (PGlite, loopback socket) answering `GET /api/health` every 10 ms while
 * the glob tool walks a 30-folder-deep tree under a nested `**` `.gitignore` rule, over and over,
 * in the same process (as a platform run's tools run): the p99 from each request's scheduled time
 * and the event loop's longest stall.
 */
export const globBenchmark: Benchmark = {
  name: 'glob',
  description:
    'hostile glob/.gitignore patterns: growth per doubling, and /api/health p99 during a hostile glob',
  run: runGlobBenchmark,
};

interface HostileCase {
  readonly label: string;
  /** The input of size `size`. */
  readonly input: (size: number) => string;
  readonly linear: (input: string) => unknown;
  /** The engine it replaced, when one took this pattern. */
  readonly old?: (input: string) => unknown;
}

const NESTED_RULE = `a/${Array(12).fill('**').join('/')}/b`;
const STARS_GLOB = '*a*a*a*a*a*a*a*a*b';

function hostileCases(): HostileCase[] {
  const gitignore = compileGitignore(`${NESTED_RULE}\n`);
  const stars = compileGlob(STARS_GLOB);
  const extglob = compileGlob('+(a|aa)+(a|aa)b');
  if (!stars.ok || !extglob.ok) throw new Error('the hostile globs did not compile');
  const oldIgnore = ignore().add(`${NESTED_RULE}\n`);
  const oldStars = picomatch(STARS_GLOB, { dot: true });
  return [
    {
      label: `.gitignore ${NESTED_RULE.slice(0, 20)}… vs n/2 folders`,
      input: (size) => `a/${'x/'.repeat(size / 2)}c.md`,
      linear: (input) => gitignore.verdict(input, false),
      old: (input) => oldIgnore.ignores(input),
    },
    {
      label: `glob ${STARS_GLOB} vs n letters`,
      input: (size) => 'a'.repeat(size),
      linear: (input) => stars.matches(input),
      old: (input) => oldStars(input),
    },
    {
      label: 'glob +(a|aa)+(a|aa)b vs n letters',
      input: (size) => 'a'.repeat(size),
      linear: (input) => extglob.matches(input),
    },
  ];
}

/** Median milliseconds of one call over a few rounds (each round repeats until 20 ms pass). */
function timeCall(call: () => unknown): number {
  const rounds: number[] = [];
  for (let round = 0; round < 5; round++) {
    let calls = 0;
    const started = performance.now();
    do {
      call();
      calls++;
    } while (performance.now() - started < 20);
    rounds.push((performance.now() - started) / calls);
  }
  return rounds.sort((a, b) => a - b)[2]!;
}

async function runGlobBenchmark(context: BenchmarkContext): Promise<void> {
  const { report } = context;
  report.heading(
    'hostile patterns on the linear engine: time per match at growing n (linear: 2× per doubling)',
  );
  for (const hostile of hostileCases()) {
    const times = SIZES.map((size) => {
      const input = hostile.input(size);
      return timeCall(() => hostile.linear(input));
    });
    const steps = times.slice(1).map((time, index) => time / times[index]!);
    const growth = (times.at(-1)! / times[0]!) ** (1 / (SIZES.length - 1));
    report.note(
      `${hostile.label}: ${SIZES.map((size, index) => `n=${size} ${formatMicroseconds(times[index]!)}`).join(', ')}; per doubling ${steps.map((step) => `${step.toFixed(2)}×`).join(' ')}`,
    );
    report.target(`${hostile.label}: growth per doubling`, growth, GROWTH_PER_DOUBLING_TARGET, 'ratio', {
      figure: `${hostile.label}, n=${SIZES.at(-1)}`,
      value: formatMicroseconds(times.at(-1)!),
      baseline: `n=${SIZES[0]} ${formatMicroseconds(times[0]!)}`,
      actual: `${formatRatio(growth)} per doubling`,
      goal: `≤ ${formatRatio(GROWTH_PER_DOUBLING_TARGET)} per doubling`,
    });
    if (hostile.old !== undefined) report.note(`  before (backtracking): ${oldEngineTimes(hostile)}`);
  }
  await measureHealthDuringHostileGlob(context);
  await measureHealthDuringPlatformRun(context, undefined);
  await measureHealthDuringPlatformRun(context, `${NESTED_RULE}\n`);
}

// The replaced engine at small sizes, stopping once one match exceeds the budget.
function oldEngineTimes(hostile: HostileCase): string {
  const shown: string[] = [];
  for (const size of [10, 20, 30, 40, 50, 60]) {
    const input = hostile.input(size);
    const started = performance.now();
    hostile.old!(input);
    const elapsed = performance.now() - started;
    shown.push(`n=${size} ${formatMilliseconds(elapsed)}`);
    if (elapsed > OLD_ENGINE_BUDGET_MS) {
      shown.push('(stopped: over budget)');
      break;
    }
  }
  return shown.join(', ');
}

/** A 30-folder-deep tree with 2,000 more files in 40 folders beside it; `gitignore` at its root. */
async function writeTree(project: string, gitignore: string | undefined): Promise<void> {
  if (gitignore !== undefined) await writeFile(join(project, '.gitignore'), gitignore);
  const deep = join(project, 'a', ...Array(30).fill('x'));
  await mkdir(join(deep, 'b'), { recursive: true });
  await writeFile(join(deep, 'notes.md'), 'notes\n');
  await writeFile(join(deep, 'b', 'hidden.md'), 'hidden\n');
  for (let folder = 0; folder < 40; folder++) {
    const path = join(project, 'src', `f${folder}`);
    await mkdir(path, { recursive: true });
    for (let file = 0; file < 50; file++) await writeFile(join(path, `${file}.md`), '');
  }
}

async function measureHealthDuringHostileGlob({ report, temp }: BenchmarkContext): Promise<void> {
  const project = await temp.create('glob-project');
  await writeTree(project, `${NESTED_RULE}\n`);
  const plainProject = await temp.create('glob-plain');
  await writeTree(plainProject, undefined);
  const dataDir = await temp.create('glob-server');
  const server = await createServer({
    database: { kind: 'pglite', dataDir: join(dataDir, 'db') },
    dataDir,
    logger: silentLogger,
    adminPassword: 'bench-admin-password',
    runs: { worker: false },
  });
  try {
    const { url } = await server.start({ port: 0 });
    report.heading(
      `GET /api/health every ${HEALTH_INTERVAL_MS} ms over loopback, while the glob tool runs **/*.md under ${NESTED_RULE} in the same process`,
    );
    const tool = createGlobTool({ maxResults: 5000 });
    const globsUntil = (folder: string, results: string[]) => async (until: number) => {
      const context = {
        cwd: folder,
        readOnlyRoots: [],
        signal: new AbortController().signal,
        reportFiles: () => {},
      };
      while (performance.now() < until) {
        results.push((await tool.execute({ pattern: '**/*.md' }, context)).content);
      }
    };
    // Warm the server and the JIT first; the same tree without the hostile rule is the baseline.
    await pacedHealth(url, 1, idleUntil);
    const quiet = await pacedHealth(url, 2, idleUntil);
    const plainResults: string[] = [];
    const plain = await pacedHealth(url, HOSTILE_SECONDS, globsUntil(plainProject, plainResults));
    const hostileResults: string[] = [];
    const hostile = await pacedHealth(url, HOSTILE_SECONDS, globsUntil(project, hostileResults));
    const listed = hostileResults.at(-1) ?? '';
    report.note(`quiet: ${describeLatencies(quiet)}`);
    report.note(
      `during ${plainResults.length} globs of the same tree without .gitignore: ${describeLatencies(plain)}`,
    );
    report.note(
      `during ${hostileResults.length} globs under the hostile rule: ${describeLatencies(hostile)}`,
    );
    report.note(
      `load average at the end: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')} on ${cpus().length} CPUs (a loaded machine inflates every latency here)`,
    );
    const lines = listed.split('\n');
    report.check(
      'the glob honours the .gitignore rule (the deep notes.md listed, b/hidden.md not) and lists all 2,001 files',
      lines.length === 2001 &&
        lines.some((line) => line.endsWith('x/notes.md')) &&
        !listed.includes('hidden.md'),
      `${lines.length} lines`,
    );
    report.target('/api/health p99 during hostile globs', hostile.p99, HEALTH_P99_TARGET_MS, 'ms', {
      figure: '/api/health p99 during hostile globs, in process',
      value: formatMilliseconds(hostile.p99),
      baseline: `without .gitignore ${formatMilliseconds(plain.p99)}`,
      goal: `≤ ${HEALTH_P99_TARGET_MS} ms`,
    });
  } finally {
    await server.stop();
  }
}

interface HealthLatencies {
  readonly count: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly loopDelayMaxMs: number;
  readonly loopDelayP99Ms: number;
}

/**
 * Sends `GET /api/health` every {@link HEALTH_INTERVAL_MS} while `work` runs (at most `seconds`),
 * and measures each answer from the time it was scheduled (a stalled event loop delays the send too).
 */
async function pacedHealth(
  url: string,
  seconds: number,
  work: (until: number) => Promise<void>,
): Promise<HealthLatencies> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  const pending: Promise<void>[] = [];
  let finished = false;
  const client = (async () => {
    for (let index = 0; !finished; index++) {
      const scheduled = started + index * HEALTH_INTERVAL_MS;
      if (scheduled >= until) break;
      const wait = scheduled - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(
        fetch(`${url}/api/health`).then(async (response) => {
          await response.arrayBuffer();
          if (response.ok) latencies.push(performance.now() - scheduled);
        }),
      );
    }
    await Promise.all(pending);
  })();
  await Promise.all([
    client,
    work(until).finally(() => {
      finished = true;
    }),
  ]);
  loop.disable();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
  return {
    count: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
    loopDelayMaxMs: loop.max / 1e6,
    loopDelayP99Ms: loop.percentile(99) / 1e6,
  };
}

/** Work for {@link pacedHealth} that does nothing until `until`: the quiet baseline. */
async function idleUntil(until: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now())));
}

function formatMicroseconds(milliseconds: number): string {
  return `${Math.round(milliseconds * 1000).toLocaleString('en-US')} µs`;
}

function describeLatencies(latencies: HealthLatencies): string {
  return `${latencies.count} health answers: p50 ${formatMilliseconds(latencies.p50)}, p99 ${formatMilliseconds(latencies.p99)}, max ${formatMilliseconds(latencies.max)}; event-loop delay p99 ${formatMilliseconds(latencies.loopDelayP99Ms)}, max ${formatMilliseconds(latencies.loopDelayMaxMs)}`;
}

/** Glob tool calls the platform run makes before it answers. */
const PLATFORM_GLOBS = 40;

/**
 * A platform run (the server's own worker, in this process) whose fake model first finds the run's
 * work folder holding the hostile tree, then calls `glob **\/*.md` {@link PLATFORM_GLOBS} times;
 * `GET /api/health` is sent every 10 ms over loopback until the run ends.
 */
async function measureHealthDuringPlatformRun(
  { report, temp }: BenchmarkContext,
  gitignore: string | undefined,
): Promise<void> {
  const label = gitignore === undefined ? 'no .gitignore (baseline)' : `under ${NESTED_RULE}`;
  const dataDir = await temp.create('glob-runs');
  const listings: string[] = [];
  const model = await startFakeModelServer({
    script: async (request: RecordedRequest) => {
      const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
      const tools = messages.filter((message) => message.role === 'tool');
      if (tools.length === 0) {
        // The run's work folder exists by its first model request: the "agent" fills it.
        const [runFolder] = await readdir(join(dataDir, 'run-work'));
        await writeTree(join(dataDir, 'run-work', runFolder!), gitignore);
      } else listings.push(String(tools.at(-1)!.content));
      if (tools.length < PLATFORM_GLOBS)
        return { toolCalls: [{ name: 'glob', arguments: { pattern: '**/*.md' } }] };
      return { text: 'done' };
    },
  });
  const server = await createServer({
    database: { kind: 'pglite', dataDir: join(dataDir, 'db') },
    dataDir,
    logger: silentLogger,
    adminPassword: 'bench-admin-password',
  });
  try {
    const { url } = await server.start({ port: 0 });
    const { db } = server.database;
    const userId = randomUUID();
    await db.insert(schema.users).values({
      id: userId,
      username: 'bench-user',
      displayName: 'bench',
      role: 'user',
      passwordHash: await hashPassword('bench-password-1', { N: 2 ** 10, r: 8, p: 1 }),
    });
    const { token } = await createApiToken(db, { userId, name: 'bench', access: 'read-write' });
    await db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    const agentId = randomUUID();
    await db
      .insert(schema.agents)
      .values({ id: agentId, name: 'bench', model: 'fake:fake-model', tools: ['glob'], ownerId: userId });
    const post = async (path: string, json: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      if (response.status >= 300)
        throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { conversation?: { id: string }; run?: { id: string } };
    };
    report.heading(
      `GET /api/health every ${HEALTH_INTERVAL_MS} ms while a platform run calls glob **/*.md ${PLATFORM_GLOBS} times, ${label}`,
    );
    await pacedHealth(url, 1, idleUntil);
    const quiet = await pacedHealth(url, 2, idleUntil);
    let status = '';
    const during = await pacedHealth(url, 120, async () => {
      const { conversation } = await post('/api/conversations', { agentId });
      const { run } = await post(`/api/conversations/${conversation!.id}/runs`, { prompt: 'find the notes' });
      for (;;) {
        const [row] = await db
          .select({ status: schema.runs.status })
          .from(schema.runs)
          .where(eq(schema.runs.id, run!.id));
        status = row?.status ?? 'missing';
        if (['completed', 'failed', 'cancelled', 'waiting_approval'].includes(status)) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    report.note(`quiet: ${describeLatencies(quiet)}`);
    report.note(`during the run (${listings.length} globs): ${describeLatencies(during)}`);
    report.note(
      `load average at the end: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(', ')} on ${cpus().length} CPUs`,
    );
    const last = listings.at(-1) ?? '';
    report.check(
      `the run completed and its globs found every file the .gitignore leaves (500 shown, b/hidden.md never), ${label}`,
      status === 'completed' &&
        listings.length === PLATFORM_GLOBS &&
        last.includes(`[${gitignore === undefined ? 1502 : 1501} more files matched`) &&
        !last.includes('hidden.md'),
      `status ${status}, ${listings.length} globs, last ends: ${last.slice(-160)}`,
    );
    if (gitignore !== undefined) {
      report.target(
        '/api/health p99 during a platform run of hostile globs',
        during.p99,
        HEALTH_P99_TARGET_MS,
        'ms',
        {
          figure: '/api/health p99 during a platform run of hostile globs',
          value: formatMilliseconds(during.p99),
          baseline: `quiet ${formatMilliseconds(quiet.p99)}`,
          goal: `≤ ${HEALTH_P99_TARGET_MS} ms`,
        },
      );
    }
  } finally {
    await server.stop();
    await model.close();
  }
}
