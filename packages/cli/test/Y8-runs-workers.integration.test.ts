/**
 * SPEC Y16, O1 with real processes: one `skilldock serve --no-worker` and two `skilldock worker` on
 * one PostgreSQL database and data folder. Twenty runs are each executed exactly once (one model
 * request, one claim); a worker killed mid-run (SIGKILL) has its run resumed by the other worker
 * from its last checkpoint on the same run id (issue 25: it used to end `failed`,
 * `run_worker_lost`); a worker sent SIGTERM drains — it hands its run back and exits 0, and the
 * run completes on another worker.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../server/test/support/wait-for.js';
import { runCliInProcess } from './run-cli.js';
import { loginOverHttp, type ServeProcess, startServe } from './serve-process.js';
import { POSTGRES_ADMIN_URL, postgresReachable, queryPostgres } from './test-postgres.js';
import { startWorker, type WorkerProcess } from './worker-process.js';

const POSTGRES = await postgresReachable();
if (!POSTGRES)
  console.warn(
    `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable: the run worker processes test is skipped`,
  );

/** Runs across processes take longer: asked every 100 ms for up to 90_000 ms. */
const waitForRun = <T>(probe: () => Promise<T | undefined>, what: string) =>
  waitFor(probe, what, { timeoutMs: 90_000, intervalMs: 100 });

/** The prompt of a Chat Completions request: its last user message. */
function promptOf(request: RecordedRequest): string {
  const messages = (request.body as { messages: { role: string; content: string }[] }).messages;
  return messages.filter((message) => message.role === 'user').at(-1)!.content;
}

describe.skipIf(!POSTGRES)('Y16 runs on one API and two worker processes', () => {
  const name = `skilldock_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(POSTGRES_ADMIN_URL), { pathname: `/${name}` }).toString();
  let home: string;
  let api: ServeProcess;
  const workers: WorkerProcess[] = [];
  let model: FakeModelServer;
  let session: { cookie: string; csrfToken: string };
  let agentId: string;

  const call = async (method: string, route: string, json?: unknown) => {
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

  const startRun = async (prompt: string): Promise<string> => {
    const conversation = await call('POST', '/api/conversations', { agentId });
    expect(conversation.status).toBe(201);
    const run = await call('POST', `/api/conversations/${conversation.body.conversation.id}/runs`, {
      prompt,
    });
    expect(run.status).toBe(202);
    return run.body.run.id as string;
  };

  const runStatus = async (id: string) => (await call('GET', `/api/runs/${id}`)).body.run;

  beforeAll(async () => {
    if (!POSTGRES) return;
    await queryPostgres(`create database ${name}`);
    home = await mkdtemp(path.join(tmpdir(), 'skilldock-y16-runs-'));
    // `once …` prompts hang on their first request only: the worker that resumes the run gets an answer.
    const asked = new Map<string, number>();
    model = await startFakeModelServer({
      script: (request) => {
        const prompt = promptOf(request);
        const times = (asked.get(prompt) ?? 0) + 1;
        asked.set(prompt, times);
        if (prompt === 'hang' || (prompt.startsWith('once ') && times === 1))
          return { text: 'never sent', delayMs: 600_000 };
        return { text: `done: ${prompt}` };
      },
    });
    const options = {
      home,
      env: { DATABASE_URL: databaseUrl, SKILLDOCK_ADMIN_PASSWORD: 'worker-test-admin' },
    };
    const data = ['--data', path.join(home, 'shared-data')];
    api = await startServe([...data, '--no-worker', '--stale-after', '2'], options);
    workers.push(
      ...(await Promise.all([
        startWorker([...data, '--stale-after', '2', '--concurrency', '3'], options),
        startWorker([...data, '--stale-after', '2', '--concurrency', '3'], options),
      ])),
    );
    session = await loginOverHttp(api.start.url, 'admin', 'worker-test-admin');
    const provider = await call('POST', '/api/admin/model-providers', {
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    expect(provider.status).toBe(201);
    const agent = await call('POST', '/api/agents', { name: 'echo', model: 'fake:fake-model' });
    expect(agent.status).toBe(201);
    agentId = agent.body.agent.id;
  });

  afterAll(async () => {
    if (!POSTGRES) return;
    for (const worker of workers) await worker.stop();
    await api?.stop('SIGTERM');
    await model?.close();
    await queryPostgres(`drop database if exists ${name} with (force)`);
    if (home !== undefined) await rm(home, { recursive: true, force: true });
  });

  it('Y16 twenty runs are each executed exactly once by the two workers, none by the API', async () => {
    expect(api.start).toMatchObject({ database: 'postgres', worker: false });
    const prompts = Array.from({ length: 20 }, (_, index) => `prompt ${index}`);
    const ids = await Promise.all(prompts.map(startRun));
    const finished = await waitForRun(async () => {
      const runs = await Promise.all(ids.map(runStatus));
      return runs.every((run) => run.status === 'completed' || run.status === 'failed') ? runs : undefined;
    }, 'twenty runs to finish');
    expect(finished.map((run) => [run.status, run.finalText])).toEqual(
      prompts.map((prompt) => ['completed', `done: ${prompt}`]),
    );
    // One model request per prompt, and one claim per run: nothing ran twice.
    expect(model.requests.map(promptOf).sort()).toEqual([...prompts].sort());
    const rows = await queryPostgres<{ attempts: number; running: string }>(
      `select attempts, (select count(*) from run_events e where e.run_id = r.id and e.type = 'run-status'
         and e.data->>'status' = 'running') as running from runs r where id = any($1)`,
      [ids],
      databaseUrl,
    );
    expect(rows.map((row) => [row.attempts, Number(row.running)])).toEqual(ids.map(() => [1, 1]));
    // Both workers took runs from the one queue.
    const ranBy = await queryPostgres<{ worker_id: string }>(
      'select distinct worker_id from runs where id = any($1)',
      [ids],
      databaseUrl,
    );
    expect(ranBy.map((row) => row.worker_id).sort()).toEqual(
      workers.map((worker) => worker.start.workerId).sort(),
    );
  });

  it('Y16 a cancel sent to the API reaches the run on its worker process', async () => {
    const id = await startRun('hang');
    await waitForRun(
      async () => ((await runStatus(id)).status === 'running' ? true : undefined),
      'the run to start',
    );
    const cancelled = await call('POST', `/api/runs/${id}/cancel`);
    expect(cancelled.status).toBe(202);
    const ended = await waitForRun(async () => {
      const run = await runStatus(id);
      return run.status === 'running' ? undefined : run;
    }, 'the cancel to reach the worker');
    expect(ended).toMatchObject({ status: 'cancelled', error: null });
  });

  const holderOf = (id: string) =>
    waitForRun(async () => {
      const [row] = await queryPostgres<{ worker_id: string | null; status: string }>(
        'select worker_id, status from runs where id = $1',
        [id],
        databaseUrl,
      );
      return row?.status === 'running' && row.worker_id !== null && model.requests.length > 0
        ? row.worker_id
        : undefined;
    }, 'a worker to take the run');

  const streamedTypes = async (id: string) =>
    (
      await queryPostgres<{ type: string; data: { status?: string; reason?: string } }>(
        'select type, data from run_events where run_id = $1 order by seq',
        [id],
        databaseUrl,
      )
    ).map((row) => (row.type === 'run-status' ? `${row.type}:${row.data.status}` : row.type));

  it('O1 a worker killed mid-run: another worker resumes the run from its checkpoint, on the same run id', async () => {
    model.clearRequests();
    const id = await startRun('once killed');
    const holder = await holderOf(id);
    const killed = workers.find((worker) => worker.start.workerId === holder)!;
    expect(killed).toBeDefined();
    await killed.stop('SIGKILL');
    workers.splice(workers.indexOf(killed), 1);
    const resumed = await waitForRun(async () => {
      const run = await runStatus(id);
      return run.status === 'completed' || run.status === 'failed' ? run : undefined;
    }, 'the run to be resumed and complete after its worker was killed');
    expect(resumed).toMatchObject({ id, status: 'completed', finalText: 'done: once killed', error: null });
    const [row] = await queryPostgres<{ attempts: number; worker_id: string }>(
      'select attempts, worker_id from runs where id = $1',
      [id],
      databaseUrl,
    );
    expect(row!.attempts).toBe(2);
    expect(row!.worker_id).not.toBe(holder);
    const types = await streamedTypes(id);
    expect(types).toContain('run-resumed');
    expect(types.indexOf('run-status:queued')).toBeLessThan(types.indexOf('run-resumed'));
    expect(types.at(-1)).toBe('run-status:completed');
    // The conversation holds the prompt once and the answer once: nothing was said twice.
    const messages = await queryPostgres<{ message: { role: string; content: string } }>(
      'select message from messages where run_id = $1 order by seq',
      [id],
      databaseUrl,
    );
    expect(messages.map((message) => [message.message.role, message.message.content])).toEqual([
      ['user', 'once killed'],
      ['assistant', 'done: once killed'],
    ]);
  });

  it('O1 a worker sent SIGTERM drains: it hands its run back and exits 0, and another worker completes it', async () => {
    const options = {
      home,
      env: { DATABASE_URL: databaseUrl, SKILLDOCK_ADMIN_PASSWORD: 'worker-test-admin' },
    };
    const data = ['--data', path.join(home, 'shared-data')];
    // Two workers with a short grace period to drain replace the others; an idle worker's SIGTERM
    // has nothing to hand back and exits 0 at once.
    workers.push(
      ...(await Promise.all([
        startWorker([...data, '--stale-after', '2', '--drain-timeout', '1'], options),
        startWorker([...data, '--stale-after', '2', '--drain-timeout', '1'], options),
      ])),
    );
    for (const idle of workers.splice(0, workers.length - 2))
      expect(await idle.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    model.clearRequests();
    const id = await startRun('once drained');
    const holder = await holderOf(id);
    const draining = workers.find((worker) => worker.start.workerId === holder)!;
    const exit = await draining.stop('SIGTERM');
    workers.splice(workers.indexOf(draining), 1);
    expect(exit).toEqual({ code: 0, signal: null });
    const done = await waitForRun(async () => {
      const run = await runStatus(id);
      return run.status === 'completed' || run.status === 'failed' ? run : undefined;
    }, 'the handed-back run to complete on another worker');
    expect(done).toMatchObject({ status: 'completed', finalText: 'done: once drained' });
    const events = await queryPostgres<{ type: string; data: { status?: string; reason?: string } }>(
      'select type, data from run_events where run_id = $1 order by seq',
      [id],
      databaseUrl,
    );
    expect(events.some((event) => event.data.reason === 'handed-back')).toBe(true);
    expect(events.some((event) => event.data.status === 'failed')).toBe(false);
    const survivorRun = await startRun('after the drain');
    const survived = await waitForRun(async () => {
      const run = await runStatus(survivorRun);
      return run.status === 'completed' ? run : undefined;
    }, 'the remaining workers to run the next run');
    expect(survived.finalText).toBe('done: after the drain');
  });
});

describe('Y16 skilldock worker without PostgreSQL', () => {
  it('Y16 refuses to start without DATABASE_URL, with a usage exit code and the reason', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'skilldock-worker-'));
    try {
      const run = await runCliInProcess(['worker'], { cwd: home, home });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/DATABASE_URL/);
      const flags = await runCliInProcess(['worker', '--concurrency', '0'], {
        cwd: home,
        home,
        env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
      });
      expect(flags.status).toBe(1);
      expect(flags.stderr).toMatch(/--concurrency must be a whole number from 1 to 256/);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
