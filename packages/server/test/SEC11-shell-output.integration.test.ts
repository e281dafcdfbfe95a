/**
 * SPEC SEC11, full tier (a bubblewrap-sandboxed shell): a platform run whose shell prints a NUL
 * byte stores the output escaped and goes on; nothing of the database's error text is shown.
 */
import path from 'node:path';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { addPerson, type TestPerson } from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun } from './support/wait-for.js';

describe('SEC11 shell output with a NUL byte', () => {
  let server: SkilldockServer;
  let model: FakeModelServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let admin: TestPerson;

  beforeAll(async () => {
    folder = await temporaryFolder('sec11-shell');
    model = await startFakeModelServer({
      script: (request) => {
        const messages = (request.body as { messages: { role: string; content: string }[] }).messages;
        if (messages.at(-1)!.role !== 'tool')
          return { toolCalls: [{ name: 'shell', arguments: { command: "printf 'before\\000after'" } }] };
        return { text: `the shell said: ${messages.at(-1)!.content}` };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await TEST_BACKENDS[0]!.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'sec11-shell-password',
      logger: silentLogger,
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000 } },
    });
    admin = await addPerson(server, 'sec11-shell-admin', 'admin');
    await server.database.db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await server?.database.close();
    await model?.close();
    await folder?.remove();
  });

  it('SEC11 the run completes and its stored messages hold the NUL escaped', async () => {
    const agent = await admin.client.request('POST', '/api/agents', {
      json: { name: 'nul-shell', model: 'fake:fake-model', tools: ['shell'] },
    });
    expect(agent.status).toBe(201);
    const conversation = await admin.client.request('POST', '/api/conversations', {
      json: { agentId: agent.body.agent.id },
    });
    const id = conversation.body.conversation.id;
    const started = await admin.client.request('POST', `/api/conversations/${id}/runs`, {
      json: { prompt: 'print it' },
    });
    expect(started.status).toBe(202);
    let run = await settledRun(admin.client, started.body.run.id);
    for (let round = 0; round < 3 && run.status === 'waiting_approval'; round++) {
      for (const request of run.pendingApprovals as { toolCallId: string }[])
        expect(
          (
            await admin.client.request('POST', `/api/runs/${run.id}/approvals/${request.toolCallId}`, {
              json: { decision: 'allow' },
            })
          ).status,
        ).toBe(200);
      run = await settledRun(admin.client, started.body.run.id);
    }
    expect(run.error ?? null).toBeNull();
    expect(run.status).toBe('completed');
    // The model was sent the shell's raw output: the NUL reached the run, and its storage.
    const toolMessages = model.requests.flatMap((request) =>
      (request.body as { messages: { role: string; content: string }[] }).messages.filter(
        (message) => message.role === 'tool',
      ),
    );
    expect(toolMessages.some((message) => message.content.includes('before\u0000after'))).toBe(true);
    expect(run.finalText).toContain('before\\u0000after');
    const stored = await admin.client.request('GET', `/api/conversations/${id}`);
    expect(JSON.stringify(stored.body.messages)).toContain('before\\\\u0000after');
  });
});
