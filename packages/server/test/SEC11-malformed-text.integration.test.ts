/**
 * SPEC SEC11 over HTTP, on PGlite and PostgreSQL: malformed text — NUL bytes, lone UTF-16
 * surrogates, bytes that are not UTF-8, over-long fields — is answered at the input boundary with a
 * 400 naming the field, on every route (the OpenAPI document lists them all), never a 500 or a
 * database error text. Model and tool output holding such text is stored escaped and the run goes on.
 */
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { errorFacts } from '../src/runs/stored-run-event.js';
import { publicErrorMessage } from '../src/text/public-error-message.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun } from './support/wait-for.js';

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

interface Operation {
  readonly method: string;
  readonly path: string;
  readonly jsonBody: boolean;
}

/** An error answer: a 4xx naming the field, with no database text in it. */
const expectFieldRefusal = (answer: { status: number; body: unknown }, field: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  const text = JSON.stringify(answer.body);
  expect(text).not.toMatch(/Failed query|insert into|select |params:/i);
  expect((answer.body as { error: { code: string; details: { field?: string } } }).error).toMatchObject({
    code: 'invalid_request',
    details: { field },
  });
};

describe.each(TEST_BACKENDS)('SEC11 malformed text on $name', (backend) => {
  let server: SkilldockServer;
  let model: FakeModelServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let root: TestPerson;
  let alice: TestPerson;
  let operations: Operation[];
  let agentId: string;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('sec11-text');
    model = await startFakeModelServer({
      script: (request) => {
        const messages = (request.body as { messages: { role: string; content: string }[] }).messages;
        const prompt = messages.filter((message) => message.role === 'user').at(-1)!.content;
        const answered = messages.at(-1)!.role === 'tool';
        if (prompt === 'shell' && !answered)
          return {
            toolCalls: [
              { name: 'write_file', arguments: { path: 'plain.txt', content: 'hello' } },
              // A tool's answer that holds a NUL: edit quotes the text it did not find.
              {
                name: 'edit',
                arguments: { path: 'plain.txt', old_string: `before${NUL}after`, new_string: 'x' },
              },
            ],
          };
        if (prompt === 'shell') return { text: `read it: ${messages.at(-1)!.content}` };
        return { text: `ali${NUL}ce and ${LONE_SURROGATE} and \ud83d\ude00 done` };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'sec11-admin-password',
      logger: silentLogger,
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000 } },
    });
    root = await addPerson(server, 'sec11-root', 'superadmin');
    alice = await addPerson(server, 'sec11-alice', 'user');
    await server.database.db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    const agent = await alice.client.request('POST', '/api/agents', {
      json: { name: 'sec11', model: 'fake:fake-model', tools: ['read_file', 'write_file', 'edit'] },
    });
    expect(agent.status).toBe(201);
    agentId = agent.body.agent.id;
    const document = (await root.client.request('GET', '/openapi.json')).body as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>>;
    };
    operations = Object.entries(document.paths).flatMap(([route, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: route,
        jsonBody: operation.requestBody?.content?.['application/json'] !== undefined,
      })),
    );
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await model.close();
    await folder.remove();
  });

  it.skipIf(backend.skip)(
    "SEC11 the review's cases: a NUL in a login name, a run prompt or a system prompt is a 400 naming the field",
    async () => {
      const login = await new TestClient(server).request('POST', '/api/auth/login', {
        body: '{"username":"ali\\u0000ce","password":"whatever-password"}',
        headers: { 'content-type': 'application/json' },
      });
      expectFieldRefusal(login, 'username');
      const systemPrompt = await alice.client.request('POST', '/api/agents', {
        json: { name: 'nul-agent', systemPrompt: `You are${NUL} evil` },
      });
      expectFieldRefusal(systemPrompt, 'systemPrompt');
      const conversation = await alice.client.request('POST', '/api/conversations', { json: { agentId } });
      const prompt = await alice.client.request(
        'POST',
        `/api/conversations/${conversation.body.conversation.id}/runs`,
        { json: { prompt: `hello${NUL}` } },
      );
      expectFieldRefusal(prompt, 'prompt');
      // Nested fields and object keys are named by their path.
      const nested = await alice.client.request('PATCH', `/api/agents/${agentId}`, {
        json: { skills: ['ok', `b${LONE_SURROGATE}ad`] },
      });
      expectFieldRefusal(nested, 'skills.1');
      const key = await alice.client.request('PATCH', `/api/agents/${agentId}`, {
        body: `{"na\\u0000me":"x"}`,
        headers: { 'content-type': 'application/json' },
      });
      expectFieldRefusal(key, 'na\\u0000me');
    },
  );

  it.skipIf(backend.skip)(
    'SEC11 every route with a JSON body answers a NUL or a lone surrogate in any string field with a 400 naming it',
    async () => {
      const withBody = operations.filter((operation) => operation.jsonBody);
      expect(withBody.length).toBeGreaterThan(25);
      for (const operation of withBody) {
        const url = operation.path.replace(/\{[^}]+\}/g, 'probe-id');
        for (const bad of [`a${NUL}b`, `a${LONE_SURROGATE}b`]) {
          const answer = await root.client.request(operation.method, url, { json: { probe: bad } });
          expect.soft(answer.status, `${operation.method} ${operation.path}`).toBe(400);
          expect
            .soft(answer.body?.error?.details?.field, `${operation.method} ${operation.path}`)
            .toBe('probe');
        }
      }
    },
  );

  it.skipIf(backend.skip)(
    'SEC11 every route answers a NUL or broken UTF-8 in its path or query with a 400 naming it',
    async () => {
      const withParameter = operations.filter((operation) => operation.path.includes('{'));
      expect(withParameter.length).toBeGreaterThan(20);
      for (const operation of withParameter) {
        for (const bad of ['a%00b', 'a%C3%28b', 'a%ED%A0%80b']) {
          const url = operation.path.replace(/\{[^}]+\}/g, bad);
          const answer = await root.client.request(operation.method, url, {
            ...(operation.jsonBody ? { json: {} } : {}),
          });
          expect.soft(answer.status, `${operation.method} ${url}`).toBe(400);
          expect.soft(answer.body?.error?.details?.field, `${operation.method} ${url}`).toBe('path');
        }
      }
      const query = await root.client.request('GET', '/api/admin/audit?action=a%00b');
      expectFieldRefusal(query, 'query.action');
      const upload = await alice.client.request('POST', '/api/install/drafts/upload?fileName=a%00.zip', {
        body: new Uint8Array([1, 2, 3]),
        headers: { 'content-type': 'application/zip' },
      });
      expectFieldRefusal(upload, 'query.fileName');
    },
  );

  it.skipIf(backend.skip)(
    'SEC11 a JSON body that is not UTF-8 names the field; an over-long field is refused naming it',
    async () => {
      const notUtf8 = await alice.client.request('POST', '/api/agents', {
        body: Buffer.concat([Buffer.from('{"name":"ab'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
        headers: { 'content-type': 'application/json' },
      });
      expectFieldRefusal(notUtf8, 'name');
      const long = await alice.client.request('POST', '/api/conversations', {
        json: { agentId, title: 'x'.repeat(100_000) },
      });
      expectFieldRefusal(long, 'title');
    },
  );

  it.skipIf(backend.skip)(
    'SEC11 a model answer with a NUL and a lone surrogate is stored escaped and the run completes',
    async () => {
      const conversation = await alice.client.request('POST', '/api/conversations', { json: { agentId } });
      const id = conversation.body.conversation.id;
      const started = await alice.client.request('POST', `/api/conversations/${id}/runs`, {
        json: { prompt: 'answer' },
      });
      expect(started.status).toBe(202);
      const run = await settledRun(alice.client, started.body.run.id);
      expect(run.error ?? null).toBeNull();
      expect(run.status).toBe('completed');
      expect(run.finalText).toBe('ali\\u0000ce and \\ud800 and \ud83d\ude00 done');
      const stored = await alice.client.request('GET', `/api/conversations/${id}`);
      expect(JSON.stringify(stored.body.messages)).toContain('ali\\\\u0000ce');
      const events = await server.database.db.select().from(schema.runEvents);
      expect(JSON.stringify(events.map((event) => event.data))).not.toContain('Failed query');
    },
  );

  it.skipIf(backend.skip)(
    'SEC11 tool calls and tool output with a NUL are stored escaped and the run goes on',
    async () => {
      const conversation = await alice.client.request('POST', '/api/conversations', { json: { agentId } });
      const id = conversation.body.conversation.id;
      const started = await alice.client.request('POST', `/api/conversations/${id}/runs`, {
        json: { prompt: 'shell' },
      });
      let run = await settledRun(alice.client, started.body.run.id);
      // write_file asks first (G3); allow what it asks.
      for (let round = 0; round < 3 && run.status === 'waiting_approval'; round++) {
        for (const request of run.pendingApprovals as { toolCallId: string }[]) {
          const answer = await alice.client.request(
            'POST',
            `/api/runs/${started.body.run.id}/approvals/${request.toolCallId}`,
            { json: { decision: 'allow' } },
          );
          expect(answer.status).toBe(200);
        }
        run = await settledRun(alice.client, started.body.run.id);
      }
      expect(run.error ?? null).toBeNull();
      expect(run.status).toBe('completed');
      expect(run.finalText).toContain('before\\u0000after');
    },
  );

  it('SEC11 a database error becomes a run error without its SQL or parameters', () => {
    const facts = errorFacts(
      new DrizzleQueryError(
        'insert into messages (a) values ($1)',
        ['secret\u0000'],
        new Error('invalid byte'),
      ),
    );
    expect(JSON.stringify(facts)).not.toMatch(/Failed query|insert into|params|secret/);
    expect(facts.code).toBe('run_failed');
    // A driver's own error (a SQLSTATE), wrapped, in a warning an answer carries: the same rule.
    const driver = Object.assign(
      new Error('invalid byte sequence for encoding "UTF8": 0x00 in insert into x'),
      {
        severity: 'ERROR',
        code: '22021',
      },
    );
    const wrapped = new Error('prune failed', { cause: driver });
    expect(publicErrorMessage(wrapped)).not.toMatch(/insert|0x00|prune failed/);
    expect(publicErrorMessage(new Error('disk full'))).toBe('disk full');
  });
});
