/**
 * Issue 26, Yuxi seed 002, SPEC Y8 on PGlite and PostgreSQL: an agent's skills default to "all" (a
 * new agent over HTTP, a row written without the column: migration 0010), `preloadSkills: "all"`
 * preloads every selected skill its user may read, and permission changes reach a run in flight at
 * its next model turn ("运行期间，授权边界也会刷新"): a share revoked mid-run leaves the catalog, its
 * activation is refused and its files leave the projection; a share granted mid-run appears.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import {
  addPerson,
  publishSharedSkill,
  skillMarkdown,
  type TestPerson,
} from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';
import { settledRun, waitFor } from './support/wait-for.js';

interface ChatBody {
  readonly messages: readonly { readonly role: string; readonly content: unknown }[];
}

/** Everything the model was sent in one request, as one text. */
const sentText = (request: RecordedRequest) =>
  (request.body as ChatBody).messages.map((message) => JSON.stringify(message.content)).join('\n');
/** The tool results of the previous turn's calls (after the last assistant message), as one text. */
const toolResults = (request: RecordedRequest) => {
  const { messages } = request.body as ChatBody;
  const lastAssistant = messages.findLastIndex((message) => message.role === 'assistant');
  return messages
    .slice(lastAssistant + 1)
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.stringify(message.content))
    .join('\n');
};

describe.each(TEST_BACKENDS)('Y8 "all" skills and live permissions on $name', (backend) => {
  let server: SkilldockServer;
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let model: FakeModelServer;
  let alice: TestPerson;
  let root: TestPerson;
  let releaseFirstTurn: () => void = () => {};
  const firstTurnReleased = new Promise<void>((resolve) => {
    releaseFirstTurn = resolve;
  });

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    folder = await temporaryFolder('y8-live-permissions');
    model = await startFakeModelServer({
      script: (request) => {
        const body = request.body as ChatBody;
        const prompt = JSON.stringify(
          body.messages.filter((message) => message.role === 'user').at(0)?.content,
        );
        const toolTurns = body.messages.filter((message) => message.role === 'tool').length;
        if (prompt.includes('preloaded?')) return { text: 'done' };
        // The live-permission run: turn 1 holds until the test changed the shares.
        if (toolTurns === 0)
          return {
            toolCalls: [{ name: 'read_file', arguments: { path: '/.skills/secret-plan/SKILL.md' } }],
            pause: { afterEvents: 0, until: firstTurnReleased },
          };
        if (toolTurns === 1)
          return {
            toolCalls: [
              { name: 'activate_skill', arguments: { name: 'secret-plan' } },
              { name: 'read_file', arguments: { path: '/.skills/secret-plan/SKILL.md' } },
            ],
          };
        if (toolTurns === 3)
          return { toolCalls: [{ name: 'activate_skill', arguments: { name: 'new-grant' } }] };
        return { text: 'finished' };
      },
    });
    server = await createServer({
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      database: await backend.openMigrated(),
      dataDir: path.join(folder.path, 'data'),
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: 'content-admin-password',
      logger: silentLogger,
      runs: { workerOptions: { heartbeatMs: 200, staleAfterMs: 5000 } },
    });
    await server.start({ port: 0 });
    alice = await addPerson(server, 'alice', 'user');
    root = await addPerson(server, 'root-person', 'superadmin');
    await server.database.db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
    await publishSharedSkill(server, 'secret-plan', {
      readScope: { kind: 'users', userIds: [alice.id] },
      files: { 'SKILL.md': skillMarkdown('secret-plan').replace('Do the thing.', 'SECRET-PLAN-BODY') },
    });
    await publishSharedSkill(server, 'new-grant', {
      readScope: { kind: 'users', userIds: [] },
      files: { 'SKILL.md': skillMarkdown('new-grant').replace('Do the thing.', 'NEW-GRANT-BODY') },
    });
    await publishSharedSkill(server, 'everyone-notes', {
      files: { 'SKILL.md': skillMarkdown('everyone-notes').replace('Do the thing.', 'EVERYONE-NOTES-BODY') },
    });
  });

  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await model.close();
    await folder.remove();
  });

  const startRun = async (agentId: string, prompt: string) => {
    const conversation = await alice.client.request('POST', '/api/conversations', { json: { agentId } });
    const run = await alice.client.request(
      'POST',
      `/api/conversations/${conversation.body.conversation.id}/runs`,
      {
        json: { prompt },
      },
    );
    expect(run.status).toBe(202);
    return run.body.run.id as string;
  };

  it.skipIf(backend.skip)(
    'Y8 a new agent selects "all" skills by default, a row written without skills does too, and preload "all" is accepted',
    async () => {
      const created = await alice.client.request('POST', '/api/agents', { json: { name: 'defaults' } });
      expect(created.status).toBe(201);
      expect([created.body.agent.skills, created.body.agent.preloadSkills]).toEqual(['all', []]);
      const id = randomUUID();
      await server.database.db.insert(schema.agents).values({ id, name: 'raw row' });
      const [row] = await server.database.db.select().from(schema.agents).where(eq(schema.agents.id, id));
      expect(row!.skills).toBe('all');
      const preloadAll = await alice.client.request('PATCH', `/api/agents/${created.body.agent.id}`, {
        json: { skills: ['secret-plan'], preloadSkills: 'all' },
      });
      expect([preloadAll.status, preloadAll.body.agent.preloadSkills]).toEqual([200, 'all']);
      const badPreload = await alice.client.request('PATCH', `/api/agents/${created.body.agent.id}`, {
        json: { preloadSkills: 'everything' },
      });
      expect(badPreload.status).toBe(400);
    },
  );

  it.skipIf(backend.skip)(
    'Y8 preload "all" loads every selected skill the user may read from the first turn, and deleting one keeps "all"',
    async () => {
      const created = await alice.client.request('POST', '/api/agents', {
        json: { name: 'preload all', model: 'fake:fake-model', preloadSkills: 'all' },
      });
      expect(created.status).toBe(201);
      const before = model.requests.length;
      const runId = await startRun(created.body.agent.id, 'preloaded?');
      expect((await settledRun(alice.client, runId)).status).toBe('completed');
      const first = model.requests[before]!;
      const sent = `${JSON.stringify((first.body as ChatBody).messages)}`;
      expect(sent).toContain('SECRET-PLAN-BODY');
      expect(sent).toContain('EVERYONE-NOTES-BODY');
      // new-grant is not readable by alice: never preloaded.
      expect(sent).not.toContain('NEW-GRANT-BODY');
      await publishSharedSkill(server, 'short-lived');
      const deleted = await root.client.request('DELETE', '/api/skills/short-lived');
      expect(deleted.status).toBe(200);
      const [row] = await server.database.db
        .select()
        .from(schema.agents)
        .where(eq(schema.agents.id, created.body.agent.id));
      expect([row!.skills, row!.preloadSkills]).toEqual(['all', 'all']);
    },
  );

  it.skipIf(backend.skip)(
    'issue 26 a share revoked mid-run leaves the catalog at the next turn (activation refused, files gone) and a new grant appears',
    async () => {
      const created = await alice.client.request('POST', '/api/agents', {
        json: { name: 'live', model: 'fake:fake-model', tools: ['read_file'] },
      });
      expect([created.status, created.body.agent.skills]).toEqual([201, 'all']);
      const before = model.requests.length;
      const runId = await startRun(created.body.agent.id, 'work with the plan');
      await waitFor(async () => (model.requests.length > before ? true : undefined), 'the first model turn');
      expect(sentText(model.requests[before]!)).toContain('secret-plan');
      expect(sentText(model.requests[before]!)).not.toContain('new-grant');
      const revoke = await root.client.request('PUT', '/api/skills/secret-plan/share', {
        json: { readScope: { kind: 'users', userIds: [] }, manageScope: { kind: 'users', userIds: [] } },
      });
      expect(revoke.status).toBe(200);
      const grant = await root.client.request('PUT', '/api/skills/new-grant/share', {
        json: {
          readScope: { kind: 'users', userIds: [alice.id] },
          manageScope: { kind: 'users', userIds: [] },
        },
      });
      expect(grant.status).toBe(200);
      releaseFirstTurn();
      const run = await settledRun(alice.client, runId);
      expect(run.status).toBe('completed');
      const turns = model.requests.slice(before);
      // Turn 1's read was decided before the revoke and ran before the next turn's re-resolution:
      // the brief's boundary is the next model turn, so it still read the skill.
      const afterRevoke = turns[1]!;
      expect(toolResults(afterRevoke)).toContain('SECRET-PLAN-BODY');
      // The change signals appended before turn 2 announce the new grant (never seen before).
      const signals = sentText(afterRevoke);
      expect(signals).toMatch(/new-grant/);
      // Turn 2 asked to activate the revoked skill and read it again: neither gives its text.
      expect(toolResults(turns[2]!)).not.toContain('SECRET-PLAN-BODY');
      // Turn 3 activated the new grant: its instructions arrive.
      expect(toolResults(turns[3]!)).toContain('NEW-GRANT-BODY');
      expect(run.activeSkills ?? []).not.toContain('secret-plan');
    },
  );
});
