import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createServer, type DatabaseOptions, silentLogger } from '@skilldock/server';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Benchmark, BenchmarkContext } from './lib/benchmark.js';
import { formatMilliseconds } from './lib/benchmark-report.js';
import { pacedLoadInProcess } from './server/paced-load-process.js';
import { type PlatformShape, type SeededClient, seedPlatform } from './server/seed-platform.js';

const SHAPE: PlatformShape = { skills: 1000, departments: 100, users: 10_000, clients: 50 };
const P99_TARGET_MILLISECONDS = 20;
/** The paced load: every client sends 20 requests a second (1,000 a second in all). */
const PACED_RATE_PER_CLIENT = 20;
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = 10;
const POSTGRES_ADMIN_URL =
  process.env.SKILLDOCK_TEST_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

/**
 * `npm run bench -- server` (issue 12 §6): "list the skills I can read" (`GET /api/skills`) on a
 * platform with 1,000 shared skills, 100 departments and 10,000 users, under 50 concurrent clients
 * (each its own user and bearer token) driven by `autocannon`, against a real `skilldock serve`
 * process. The p99 target applies on PostgreSQL; the embedded PGlite figure is printed beside it.
 * The baseline is `GET /api/health` (token check only) under the same load in the same run: the
 * floor of the HTTP stack on this machine. Every client's listing is checked against the seed first.
 *
 * Two loads: paced (each client 20 requests a second, steadily, 1,000 a second in all, latency from
 * each request's scheduled time — the target applies here: the latency a user sees at a heavy but
 * sustainable load; see `pacedLoad`), and saturated through autocannon (each client sends its next
 * request as soon as the answer arrives; with 50 clients its latency is bounded below by
 * 50 / throughput, so it reports how much the server can take rather than how fast it answers).
 * The paced load runs in a process of its own pinned to one CPU (`taskset`), and beside each paced
 * line the bench prints the server's own p99 (its request log, measured part only) and the CPU
 * one request cost the server process and PostgreSQL's sessions: on a machine others share, the
 * client's p99 minus the server's is the machine (scheduling, the load generator), and the CPU per
 * request is what the code costs whatever the load.
 */
export const serverBenchmark: Benchmark = {
  name: 'server',
  description:
    '"skills I can read" under 50 concurrent clients (1,000 skills, 10,000 users): PostgreSQL and PGlite',
  run: runServerBenchmark,
};

async function runServerBenchmark(context: BenchmarkContext): Promise<void> {
  const { report } = context;
  report.heading(
    `${SHAPE.skills.toLocaleString('en-US')} shared skills, ${SHAPE.departments} departments, ${SHAPE.users.toLocaleString('en-US')} users; ${SHAPE.clients} concurrent clients, ${MEASURE_SECONDS} s per line after ${WARMUP_SECONDS} s warm-up`,
  );
  const postgres = await createThrowawayPostgres();
  if (postgres === undefined) {
    report.skipped('PostgreSQL', `${POSTGRES_ADMIN_URL} is unreachable`);
  } else {
    try {
      const p99 = await measureBackend(context, 'PostgreSQL', { kind: 'postgres', url: postgres.url });
      report.target(
        `list p99 on PostgreSQL, 50 clients × ${PACED_RATE_PER_CLIENT} req/s, ≤ ${P99_TARGET_MILLISECONDS} ms`,
        p99,
        P99_TARGET_MILLISECONDS,
        'ms',
        {
          figure: `GET /api/skills p99, PostgreSQL, ${SHAPE.clients} clients × ${PACED_RATE_PER_CLIENT} req/s`,
          value: formatMilliseconds(p99),
          baseline: 'none (an absolute limit)',
          goal: `≤ ${P99_TARGET_MILLISECONDS} ms`,
        },
      );
    } finally {
      await postgres.drop();
    }
  }
  await measureBackend(context, 'PGlite', { kind: 'pglite' });
}

/** Seeds one backend, serves it with `skilldock serve`, and prints its lines; returns the listing's p99. */
async function measureBackend(
  { report, temp, repositoryRoot }: BenchmarkContext,
  label: string,
  database: DatabaseOptions,
): Promise<number> {
  const dataDir = await temp.create('server');
  const home = await temp.create('server-home');
  const opened =
    database.kind === 'pglite' ? { kind: 'pglite' as const, dataDir: join(dataDir, 'db') } : database;
  const seeded = await createServer({
    database: opened,
    dataDir,
    logger: silentLogger,
    adminPassword: 'bench-admin',
  });
  let clients: SeededClient[];
  try {
    clients = await seedPlatform(seeded.database.db, SHAPE);
  } finally {
    await seeded.stop();
  }
  const builtinSkills = seeded.startup.builtin.skills.length;
  const served = await startServeProcess(repositoryRoot, dataDir, home, database);
  try {
    const wrong = await checkListings(served.url, clients, builtinSkills);
    report.check(
      `${label}: every client's listing holds exactly the skills the seed lets it read`,
      wrong === undefined,
      wrong,
    );
    const tokens = clients.map((client) => client.token);
    const measured: { name: string; p50: number; p99: number; requestsPerSecond: number; errors: number }[] =
      [];
    const line = (name: string, result: (typeof measured)[number]) => {
      measured.push(result);
      report.note(
        `${label.padEnd(10)} ${name.padEnd(48)} p50 ${formatMilliseconds(result.p50).padStart(8)}  p99 ${formatMilliseconds(result.p99).padStart(8)}  ${Math.round(result.requestsPerSecond).toLocaleString('en-US').padStart(6)} req/s  errors ${result.errors}`,
      );
      return result;
    };
    const paced = `paced, ${PACED_RATE_PER_CLIENT} req/s per client`;
    const cpu = cpuMeter(served.pid, database);
    /** A paced run from the load process; what the server and PostgreSQL spent on its measured part. */
    const pacedRun = async (route: string) => {
      let before: Promise<CpuSample> | undefined;
      const result = await pacedLoadInProcess(
        {
          url: `${served.url}${route}`,
          tokens,
          ratePerClient: PACED_RATE_PER_CLIENT,
          warmupSeconds: WARMUP_SECONDS,
          seconds: MEASURE_SECONDS,
        },
        () => {
          served.takeDurations(route);
          before = cpu.sample();
        },
      );
      const after = await cpu.sample();
      const start = await (before as Promise<CpuSample>);
      const inServer = served.takeDurations(route).sort((a, b) => a - b);
      const per = (ms: number) => (inServer.length === 0 ? 0 : (ms * 1000) / inServer.length);
      return {
        ...result,
        serverP99: inServer[Math.floor(inServer.length * 0.99)] ?? 0,
        serverCpuMicroseconds: per(after.server - start.server),
        postgresCpuMicroseconds: per(postgresCpuBetween(start, after)),
      };
    };
    const pacedLine = (name: string, route: string, result: Awaited<ReturnType<typeof pacedRun>>) => {
      line(name, { name: route, ...result });
      report.note(
        `${label.padEnd(10)} ${''.padEnd(48)} the server's own p99 ${formatMilliseconds(result.serverP99).padStart(8)} (its request log); CPU per request: server ${Math.round(result.serverCpuMicroseconds)} µs${database.kind === 'postgres' ? `, PostgreSQL ${Math.round(result.postgresCpuMicroseconds)} µs` : ''}`,
      );
      return result;
    };
    const pacedHealth = pacedLine(
      `GET /api/health (${paced}; baseline)`,
      '/api/health',
      await pacedRun('/api/health'),
    );
    const pacedListing = pacedLine(
      `GET /api/skills (${paced})`,
      '/api/skills',
      await pacedRun('/api/skills'),
    );
    await cpu.close();
    report.note(
      `${label.padEnd(10)} ${paced}: listing p99 = ${(pacedListing.p99 / Math.max(pacedHealth.p99, 0.1)).toFixed(2)}× the health p99; the server's own listing p99 is ${formatMilliseconds(pacedListing.serverP99)} of the client's ${formatMilliseconds(pacedListing.p99)}`,
    );
    const saturated = (result: autocannon.Result) => ({
      p50: result.latency.p50,
      p99: result.latency.p99,
      requestsPerSecond: result.requests.average,
      errors: result.errors + result.non2xx,
    });
    const health = line('GET /api/health (saturated, autocannon; baseline)', {
      name: 'health',
      ...saturated(await load(`${served.url}/api/health`, clients)),
    });
    const listing = line('GET /api/skills (saturated, autocannon)', {
      name: 'listing',
      ...saturated(await load(`${served.url}/api/skills`, clients)),
    });
    report.note(
      `${label.padEnd(10)} saturated: listing p99 = ${(listing.p99 / Math.max(health.p99, 0.1)).toFixed(2)}× the health p99`,
    );
    report.check(
      `${label}: no errors or non-2xx answers under load`,
      measured.every((result) => result.errors === 0),
    );
    return pacedListing.p99;
  } finally {
    await served.stop();
  }
}

/**
 * Runs `autocannon` against `url`, each of the 50 connections as its own client (its own token);
 * `paced` caps every connection at {@link PACED_RATE_PER_CLIENT} requests a second.
 */
async function load(url: string, clients: readonly SeededClient[]): Promise<autocannon.Result> {
  const run = async (duration: number) => {
    let next = 0;
    return autocannon({
      url,
      connections: clients.length,
      duration,
      setupClient: (client) => {
        const mine = clients[next % clients.length] as SeededClient;
        next += 1;
        client.setHeaders({ authorization: `Bearer ${mine.token}`, 'accept-encoding': 'gzip' });
      },
    });
  };
  await run(WARMUP_SECONDS);
  return run(MEASURE_SECONDS);
}

/** Why some client's listing is wrong, or undefined when all are right. */
async function checkListings(
  url: string,
  clients: readonly SeededClient[],
  builtinSkills: number,
): Promise<string | undefined> {
  for (const client of clients) {
    const response = await fetch(`${url}/api/skills`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    const body = (await response.json()) as { skills?: { kind: string }[] };
    const shared = body.skills?.filter((skill) => skill.kind === 'shared').length;
    const builtin = body.skills?.filter((skill) => skill.kind === 'builtin').length;
    if (response.status !== 200 || shared !== client.readableSkills || builtin !== builtinSkills) {
      return `${client.userId}: status ${response.status}, ${shared} shared and ${builtin} builtin skills, expected ${client.readableSkills} and ${builtinSkills}`;
    }
  }
  return undefined;
}

interface ServeProcess {
  readonly url: string;
  readonly pid: number;
  /** The server's own request durations (`durationMs` of its JSON request log) for `path` since the last call. */
  takeDurations(path: string): number[];
  stop(): Promise<void>;
}

/** Starts the real `skilldock serve --port 0 --json` on the seeded data and waits for its start line. */
async function startServeProcess(
  repositoryRoot: string,
  dataDir: string,
  home: string,
  database: DatabaseOptions,
): Promise<ServeProcess> {
  const child = spawn(
    process.execPath,
    [
      join(repositoryRoot, 'packages', 'cli', 'bin', 'skilldock.js'),
      'serve',
      '--port',
      '0',
      '--json',
      '--data',
      dataDir,
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        NO_COLOR: '1',
        ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stderr: string[] = [];
  const durations = new Map<string, number[]>();
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) => {
    if (stderr.length < 50) stderr.push(line);
    if (!line.includes('"event":"request"')) return;
    const entry = JSON.parse(line) as { path?: string; durationMs?: number };
    if (typeof entry.path === 'string' && typeof entry.durationMs === 'number') {
      const list = durations.get(entry.path) ?? [];
      list.push(entry.durationMs);
      durations.set(entry.path, list);
    }
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      const parsed = JSON.parse(line) as { type?: string; url?: string };
      if (parsed.type === 'server-started' && typeof parsed.url === 'string') resolve(parsed.url);
    });
    child.once('exit', (code) =>
      reject(new Error(`skilldock serve exited with ${code}: ${stderr.join('\n')}`)),
    );
  });
  return {
    url,
    pid: child.pid as number,
    takeDurations: (path) => {
      const taken = durations.get(path) ?? [];
      durations.delete(path);
      return taken;
    },
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

interface CpuSample {
  /** CPU milliseconds (user + system) the server process has used. */
  readonly server: number;
  /** CPU milliseconds each PostgreSQL session of the benchmark's database has used, by pid (none on PGlite). */
  readonly postgres: ReadonlyMap<number, number>;
}

/**
 * CPU milliseconds the PostgreSQL sessions used between two samples: a session that began in
 * between counts whole, one that ended in between is not seen (an idle pool connection closes).
 */
function postgresCpuBetween(before: CpuSample, after: CpuSample): number {
  let used = 0;
  for (const [pid, milliseconds] of after.postgres) used += milliseconds - (before.postgres.get(pid) ?? 0);
  return used;
}

/** CPU milliseconds (user + system) of a process so far, from `/proc` (0 where there is none). */
function processCpuMilliseconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * Reads how much CPU the server process and, on PostgreSQL, the database's sessions have used, so
 * the bench can say what a request costs apart from how busy the shared machine is.
 */
function cpuMeter(serverPid: number, database: DatabaseOptions) {
  const client = database.kind === 'postgres' ? new pg.Client({ connectionString: database.url }) : undefined;
  const connected = client?.connect();
  return {
    sample: async (): Promise<CpuSample> => {
      const postgres = new Map<number, number>();
      if (client !== undefined) {
        await connected;
        const sessions = await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        for (const { pid } of sessions.rows) postgres.set(pid, processCpuMilliseconds(pid));
      }
      return { server: processCpuMilliseconds(serverPid), postgres };
    },
    close: async () => {
      await client?.end();
    },
  };
}

/** A database of its own on the local PostgreSQL, or undefined when that does not answer. */
export async function createThrowawayPostgres(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const name = `skilldock_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
