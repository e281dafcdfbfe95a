/**
 * SPEC O1, O2, Y16 soak (issue 25): one PostgreSQL database, two `skilldock serve --no-worker` API
 * processes and two `skilldock worker` processes; four users queue ten runs each (all of the first
 * user's, then the second's…) against a fake model that streams slowly. One worker is killed
 * (SIGKILL) mid-run and the other sent SIGTERM mid-run; replacements start. Every run completes,
 * none fails, no text is stored or streamed twice, and the first runs to start are two per user
 * (the per-user limit) although one user's ten runs were queued first.
 *
 * Bounded: fixed counts, loopback only, every wait has a generous time limit and nothing asserts
 * speed. `npx vitest run --project integration packages/cli/test/O1-O2-runs-soak.integration.test.ts`
 * after `npm run build` (the processes run the built CLI).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../server/test/support/wait-for.js';
import { loginOverHttp, type ServeProcess, startServe } from './serve-process.js';
import { POSTGRES_ADMIN_URL, postgresReachable, queryPostgres } from './test-postgres.js';
import { startWorker, type WorkerProcess } from './worker-process.js';

const POSTGRES = await postgresReachable();
if (!POSTGRES)
  console.warn(`PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable: the runs soak test is skipped`);

const USERS = 4;
const RUNS_PER_USER = 10;
/** The admins' default `maxConcurrentRunsPerUser`. */
const PER_USER_LIMIT = 2;
/** Worker slots: two workers of four, as many as the users may fill together. */
const CONCURRENCY = 4;
const FIRST_WAVE = USERS * PER_USER_LIMIT;
/** Slow streaming: 10-character chunks every 40 ms. */
const STREAMING = { chunkSize: 10, chunkDelayMs: 40 } as const;

/** Generous waits for a loaded machine: asked every 100 ms for up to `seconds`. */
const waitUpTo = <T>(seconds: number, probe: () => Promise<T | undefined>, what: string) =>
  waitFor(probe, what, { timeoutMs: seconds * 1000, intervalMs: 100 });

/** The prompt of a Chat Completions request: its first user message (each run has its own). */
function promptOf(request: RecordedRequest): string {
  const messages = (request.body as { messages: { role: string; content: string }[] }).messages;
  return messages.find((message) => message.role === 'user')!.content;
}

/** 1 for the first model turn of a run, 2 once its `ls` result is in the conversation. */
function turnOf(request: RecordedRequest): number {
  const messages = (request.body as { messages: { role: string }[] }).messages;
  return messages.some((message) => message.role === 'tool') ? 2 : 1;
}

/** What the model says in `turn` of the run prompted `prompt` (long enough to stream in ~12 chunks). */
function turnText(prompt: string, turn: number): string {
  return turn === 1
    ? `Turn one of ${prompt}: listing the work folder before answering, slowly.`
    : `Turn two of ${prompt}: the folder is listed and this is the final answer.`;
}

/** A run's streamed text per turn as a client shows it: `turn-restart` drops what it replaces. */
function foldText(events: readonly { type: string; data: { turn?: number; text?: string } }[]) {
  const byTurn = new Map<number, string>();
  for (const { type, data } of events) {
    if (type === 'text-delta') byTurn.set(data.turn!, (byTurn.get(data.turn!) ?? '') + data.text!);
    if (type === 'turn-restart')
      for (const turn of byTurn.keys()) if (turn >= data.turn!) byTurn.delete(turn);
  }
  return Object.fromEntries(byTurn);
}

describe.skipIf(!POSTGRES)('O1 O2 runs soak: two APIs, workers killed and drained, four users', () => {
  const name = `skilldock_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(POSTGRES_ADMIN_URL), { pathname: `/${name}` }).toString();
  let home: string;
  const apis: ServeProcess[] = [];
  const workers: WorkerProcess[] = [];
  let model: FakeModelServer;
  /** A promise to hold streamed answers on, and what opens it. */
  const newGate = () => {
    let open: () => void = () => {};
    const until = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { until, open };
  };
  /** Holds the first answers of the first runs to ask, so that none ends before the first wave is in. */
  const firstGate = newGate();
  const firstWave = new Set<string>();
  /** Once set, holds the first answer of every run asking for the first time: a drain cannot reach a checkpoint. */
  const drainGate = newGate();
  const heldForDrain = new Set<string>();
  let holdNewRuns = false;
  const asked = new Set<string>();
  const options = () => ({
    home,
    env: { DATABASE_URL: databaseUrl, SKILLDOCK_ADMIN_PASSWORD: 'soak-test-admin-1' },
  });
  const workerArgs = () => [
    '--data',
    path.join(home, 'shared-data'),
    '--stale-after',
    '2',
    '--drain-timeout',
    '1',
    '--concurrency',
    String(CONCURRENCY),
  ];

  const call = async (
    api: ServeProcess,
    session: { cookie: string; csrfToken: string },
    method: string,
    route: string,
    json?: unknown,
  ) => {
    const response = await fetch(`${api.start.url}${route}`, {
      method,
      headers: {
        cookie: session.cookie,
        'x-csrf-token': session.csrfToken,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the route answered.
    return { status: response.status, body: (await response.json()) as any };
  };

  const query = <T>(text: string, values: unknown[] = []) => queryPostgres<T>(text, values, databaseUrl);

  beforeAll(async () => {
    if (!POSTGRES) return;
    await queryPostgres(`create database ${name}`);
    home = await mkdtemp(path.join(tmpdir(), 'skilldock-runs-soak-'));
    model = await startFakeModelServer({
      script: (request) => {
        const prompt = promptOf(request);
        const turn = turnOf(request);
        const text = turnText(prompt, turn);
        if (turn === 2) return { text, ...STREAMING };
        const turnOne = { text, toolCalls: [{ name: 'ls', arguments: { path: '.' } }], ...STREAMING };
        const firstAsk = !asked.has(prompt);
        asked.add(prompt);
        // The first asks of the first wave stream three chunks, then wait for their gate.
        if (firstAsk && firstWave.size < FIRST_WAVE) {
          firstWave.add(prompt);
          return { ...turnOne, pause: { afterEvents: 4, until: firstGate.until } };
        }
        if (firstAsk && holdNewRuns) {
          heldForDrain.add(prompt);
          return { ...turnOne, pause: { afterEvents: 4, until: drainGate.until } };
        }
        return turnOne;
      },
    });
    const data = ['--data', path.join(home, 'shared-data')];
    // The first start migrates; the second then finds the schema in place.
    apis.push(await startServe([...data, '--no-worker', '--stale-after', '2'], options()));
    apis.push(await startServe([...data, '--no-worker', '--stale-after', '2'], options()));
  }, 120_000);

  afterAll(async () => {
    if (!POSTGRES) return;
    firstGate.open();
    drainGate.open();
    for (const worker of workers) await worker.stop('SIGKILL');
    for (const api of apis) await api.stop('SIGTERM');
    await model?.close();
    await queryPostgres(`drop database if exists ${name} with (force)`);
    if (home !== undefined) await rm(home, { recursive: true, force: true });
  }, 60_000);

  it('O1 O2 forty runs of four users all complete once through a kill -9 and a drain, two per user at first', async () => {
    const [first, second] = apis as [ServeProcess, ServeProcess];
    const admin = await loginOverHttp(first.start.url, 'admin', 'soak-test-admin-1');
    expect(admin.status).toBe(200);
    const provider = await call(first, admin, 'POST', '/api/admin/model-providers', {
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    expect(provider.status).toBe(201);

    // Four users, each with an agent of their own; users 0 and 2 on the first API, 1 and 3 on the second.
    const users: {
      id: string;
      api: ServeProcess;
      session: { cookie: string; csrfToken: string };
      agentId: string;
    }[] = [];
    for (let index = 0; index < USERS; index++) {
      const created = await call(first, admin, 'POST', '/api/admin/users', {
        username: `soak-user-${index}`,
        password: `soak-password-${index}`,
      });
      expect(created.status).toBe(201);
      const api = index % 2 === 0 ? first : second;
      const session = await loginOverHttp(api.start.url, `soak-user-${index}`, `soak-password-${index}`);
      expect(session.status).toBe(200);
      const agent = await call(api, session, 'POST', '/api/agents', {
        name: `soak-${index}`,
        model: 'fake:fake-model',
        tools: ['ls'],
      });
      expect(agent.status).toBe(201);
      users.push({ id: created.body.user.id, api, session, agentId: agent.body.agent.id });
    }

    // Every run is queued before any worker runs: user 0's ten first, then user 1's, and so on.
    const runs: { id: string; prompt: string; user: number }[] = [];
    for (const [user, { api, session, agentId }] of users.entries()) {
      for (let index = 0; index < RUNS_PER_USER; index++) {
        const prompt = `soak run ${user}-${index}`;
        const conversation = await call(api, session, 'POST', '/api/conversations', { agentId });
        expect(conversation.status).toBe(201);
        const run = await call(
          api,
          session,
          'POST',
          `/api/conversations/${conversation.body.conversation.id}/runs`,
          {
            prompt,
          },
        );
        expect(run.status).toBe(202);
        runs.push({ id: run.body.run.id, prompt, user });
      }
    }
    const ids = runs.map((run) => run.id);
    workers.push(
      ...(await Promise.all([startWorker(workerArgs(), options()), startWorker(workerArgs(), options())])),
    );

    // The first wave holds in its first turn: eight runs streaming, two of each user.
    await waitUpTo(
      60,
      async () => (firstWave.size === FIRST_WAVE ? true : undefined),
      'the first wave to ask',
    );
    const streaming = await waitUpTo(
      60,
      async () => {
        const rows = await query<{ id: string; worker_id: string }>(
          `select r.id, r.worker_id from runs r where r.status = 'running' and exists (
             select 1 from run_events e where e.run_id = r.id and e.type = 'text-delta')`,
        );
        return rows.length === FIRST_WAVE ? rows : undefined;
      },
      'the first wave to stream part of its first turn',
    );
    const userOf = new Map(runs.map((run) => [run.id, run.user]));
    const perUser = (rows: readonly { id: string }[]) =>
      users.map((_, user) => rows.filter((row) => userOf.get(row.id) === user).length);
    expect(perUser(streaming)).toEqual(users.map(() => PER_USER_LIMIT));

    // kill -9 the worker holding the most of them; a replacement starts.
    const held = (worker: WorkerProcess) =>
      streaming.filter((row) => row.worker_id === worker.start.workerId);
    const victim = held(workers[0]!).length >= held(workers[1]!).length ? workers[0]! : workers[1]!;
    const killedRuns = held(victim).map((row) => row.id);
    expect(killedRuns.length).toBeGreaterThan(0);
    expect(await victim.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    workers.splice(workers.indexOf(victim), 1);
    workers.push(await startWorker(workerArgs(), options()));
    // From now on a run's first answer holds after three chunks until the drain is over.
    holdNewRuns = true;
    firstGate.open();

    // SIGTERM the other worker while it holds a run half-way through its first answer: it cannot
    // reach a checkpoint within its grace period (1 s), so it hands its runs back and exits 0; a
    // replacement starts, and the held answers go on.
    const draining = workers[0]!;
    const promptOfRun = new Map(runs.map((run) => [run.id, run.prompt]));
    const drainedRuns = await waitUpTo(
      60,
      async () => {
        const rows = await query<{ id: string }>(
          `select r.id from runs r where r.status = 'running' and r.worker_id = $1 and exists (
             select 1 from run_events e where e.run_id = r.id and e.type = 'text-delta')`,
          [draining.start.workerId],
        );
        const held = rows.filter((row) => heldForDrain.has(promptOfRun.get(row.id)!));
        return held.length > 0 ? held.map((row) => row.id) : undefined;
      },
      'the second worker to stream part of a held answer',
    );
    expect(await draining.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    workers.splice(workers.indexOf(draining), 1);
    workers.push(await startWorker(workerArgs(), options()));
    drainGate.open();

    const ended = await waitUpTo(
      150,
      async () => {
        const rows = await query<{ id: string; status: string; error: unknown }>(
          `select id, status, error from runs where id = any($1) and status in ('completed', 'failed', 'cancelled')`,
          [ids],
        );
        return rows.length === ids.length ? rows : undefined;
      },
      'all forty runs to end',
    );
    expect(ended.filter((row) => row.status !== 'completed')).toEqual([]);

    // Every run: its final text, its four messages once each, its streamed text once per turn.
    const rows = await query<{ id: string; final_text: string; attempts: number; started_at: Date }>(
      'select id, final_text, attempts, started_at from runs where id = any($1)',
      [ids],
    );
    const row = new Map(rows.map((each) => [each.id, each]));
    const messages = await query<{
      run_id: string;
      message: { role: string; content: string; toolCalls?: unknown[] };
    }>('select run_id, message from messages where run_id = any($1) order by run_id, seq', [ids]);
    const events = await query<{ run_id: string; type: string; data: Record<string, never> }>(
      'select run_id, type, data from run_events where run_id = any($1) order by run_id, seq',
      [ids],
    );
    for (const { id, prompt } of runs) {
      expect(row.get(id)!.final_text).toBe(turnText(prompt, 2));
      expect(
        messages
          .filter((message) => message.run_id === id)
          .map(({ message }) => [message.role, message.content, message.toolCalls?.length ?? 0]),
      ).toEqual([
        ['user', prompt, 0],
        ['assistant', turnText(prompt, 1), 1],
        ['tool', expect.any(String), 0],
        ['assistant', turnText(prompt, 2), 0],
      ]);
      const stream = events.filter((event) => event.run_id === id);
      expect(foldText(stream)).toEqual({ 1: turnText(prompt, 1), 2: turnText(prompt, 2) });
      expect(stream.filter((event) => event.type === 'run-status' && event.data.status === 'failed')).toEqual(
        [],
      );
      expect(stream.at(-1)).toMatchObject({ type: 'run-status', data: { status: 'completed' } });
    }

    // The killed worker's runs were taken over: resumed from a checkpoint, their partial turn restarted.
    for (const id of killedRuns) {
      const types = events.filter((event) => event.run_id === id).map((event) => event.type);
      expect(row.get(id)!.attempts).toBeGreaterThanOrEqual(2);
      expect(types).toContain('run-resumed');
      expect(types).toContain('turn-restart');
      expect(events.some((event) => event.run_id === id && event.data.reason === 'worker-lost')).toBe(true);
    }
    // The drained worker handed its held runs back mid-turn, and they went on elsewhere.
    for (const id of drainedRuns) {
      const types = events.filter((event) => event.run_id === id).map((event) => event.type);
      expect(row.get(id)!.attempts).toBeGreaterThanOrEqual(2);
      expect(events.some((event) => event.run_id === id && event.data.reason === 'handed-back')).toBe(true);
      expect(types).toContain('turn-restart');
    }

    // Fair queue (SPEC O2): user 0's ten runs were queued first, yet the first eight to start were
    // two of each user's, and every user's first run started before any user's third.
    const byStart = [...rows].sort((a, b) => a.started_at.getTime() - b.started_at.getTime());
    expect(perUser(byStart.slice(0, FIRST_WAVE))).toEqual(users.map(() => PER_USER_LIMIT));
    const startsOf = (user: number) =>
      byStart.filter((each) => userOf.get(each.id) === user).map((each) => each.started_at.getTime());
    const firstStarts = users.map((_, user) => startsOf(user)[0]!);
    const thirdStarts = users.map((_, user) => startsOf(user)[2]!);
    expect(Math.max(...firstStarts)).toBeLessThan(Math.min(...thirdStarts));
  }, 300_000);
});
