/**
 * SPEC Y3/Y8/Y14 over HTTP: agents — CRUD and sharing through `canOnAgent` for every role × scope,
 * another user's private agent 404, no agent names a skill its editor cannot read, the built-in
 * assistant (created once, even by two servers starting at once; undeletable; the superadmin edits
 * it), hostile input and CSRF. On PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { SKILLDOCK_TOOL_NAMES } from '@skilldock/agent/subagents';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, openDatabase, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import {
  ASSISTANT_AGENT_KEY,
  JSON_BODY_LIMIT,
  MAX_SYSTEM_PROMPT_LENGTH,
  PLATFORM_TOOL_NAMES,
} from '../src/testing.js';
import {
  addPerson,
  auditEntries,
  publishSharedSkill,
  startContentServer,
  type TestPerson,
} from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { createThrowawayPostgres, describeOnPostgres, TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

describe.each(TEST_BACKENDS)('Y8 agent routes on $name', (backend) => {
  let server: SkilldockServer;
  let started: Awaited<ReturnType<typeof startContentServer>>;
  let root: TestPerson;
  let salesAdmin: TestPerson;
  let readingAdmin: TestPerson;
  let outsideAdmin: TestPerson;
  let salesUser: TestPerson;
  let otherUser: TestPerson;
  const sales = randomUUID();
  let serial = 0;

  const create = (person: TestPerson, json: Record<string, unknown>, csrf = true) =>
    person.client.request('POST', '/api/agents', { json: { name: `agent ${++serial}`, ...json }, csrf });
  const patch = (person: TestPerson, id: string, json: unknown) =>
    person.client.request('PATCH', `/api/agents/${id}`, { json });
  const statusOf = async (pending: Promise<{ status: number }>) => (await pending).status;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await startContentServer(await backend.openMigrated(), 'y8-agents');
    server = started.server;
    await server.database.db.insert(schema.departments).values({ id: sales, name: 'Sales' });
    root = await addPerson(server, 'root', 'superadmin');
    salesAdmin = await addPerson(server, 'sales-admin', 'admin', [sales]);
    readingAdmin = await addPerson(server, 'reading-admin', 'admin', [sales]);
    outsideAdmin = await addPerson(server, 'outside-admin', 'admin');
    salesUser = await addPerson(server, 'sales-user', 'user', [sales]);
    otherUser = await addPerson(server, 'other-user', 'user');
    await publishSharedSkill(server, 'open-skill');
    await publishSharedSkill(server, 'admins-only', {
      readScope: { kind: 'users', userIds: [salesAdmin.id] },
    });
    await publishSharedSkill(server, 'switched-off', { enabled: false });
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  it.skipIf(backend.skip)(
    'Y8 the built-in assistant exists once, preloads chat-widgets, is readable by all, edited only by the superadmin, never deleted',
    async () => {
      expect(server.startup.agents.created).toEqual([ASSISTANT_AGENT_KEY]);
      const listed = await otherUser.client.request('GET', '/api/agents');
      expect(listed.status).toBe(200);
      const builtins = listed.body.agents.filter((agent: { builtin: boolean }) => agent.builtin);
      expect(builtins).toHaveLength(1);
      const id = builtins[0].id as string;
      const assistant = (await otherUser.client.request('GET', `/api/agents/${id}`)).body.agent;
      expect(assistant).toMatchObject({
        name: 'Assistant',
        skills: 'all',
        preloadSkills: ['chat-widgets'],
        builtin: true,
        ownerId: null,
        permissions: { edit: false, share: false, delete: false },
      });
      expect(assistant.tools).not.toContain('shell');
      expect(await statusOf(patch(salesAdmin, id, { name: 'Mine now' }))).toBe(403);
      expect(await statusOf(patch(otherUser, id, { name: 'Mine now' }))).toBe(403);
      const edited = await patch(root, id, { systemPrompt: 'Be brief.' });
      expect(edited.status).toBe(200);
      // Its preload of a builtin not installed here was there before: editing keeps it.
      expect(edited.body.agent).toMatchObject({ systemPrompt: 'Be brief.', preloadSkills: ['chat-widgets'] });
      for (const person of [root, salesAdmin, otherUser]) {
        const refused = await person.client.request('DELETE', `/api/agents/${id}`);
        expect([refused.status, refused.body.error.code]).toEqual([409, 'agent_builtin']);
      }
      const events = await server.database.db
        .select()
        .from(schema.systemEvents)
        .where(eq(schema.systemEvents.kind, 'builtin_agent_created'));
      expect(events).toHaveLength(1);
    },
  );

  it.skipIf(backend.skip)(
    "Y3 a user's agent is private: another user and admins 404, the superadmin manages it; users never share",
    async () => {
      const made = await create(otherUser, { skills: ['open-skill'], tools: ['read_file', 'grep'] });
      expect(made.status).toBe(201);
      expect(made.body.agent).toMatchObject({
        ownerId: otherUser.id,
        skills: ['open-skill'],
        permissions: { edit: true, share: false, delete: true },
      });
      const id = made.body.agent.id as string;
      for (const person of [salesUser, salesAdmin, outsideAdmin]) {
        expect(await statusOf(person.client.request('GET', `/api/agents/${id}`))).toBe(404);
        expect(await statusOf(patch(person, id, { name: 'x' }))).toBe(404);
        expect(await statusOf(person.client.request('DELETE', `/api/agents/${id}`))).toBe(404);
        const listing = (await person.client.request('GET', '/api/agents')).body.agents;
        expect(listing.map((agent: { id: string }) => agent.id)).not.toContain(id);
      }
      const shared = await create(otherUser, { readScope: { kind: 'global' } });
      expect([shared.status, shared.body.error.code]).toEqual([403, 'forbidden']);
      expect(
        await statusOf(
          otherUser.client.request('PUT', `/api/agents/${id}/share`, {
            json: { readScope: { kind: 'global' }, manageScope: { kind: 'users', userIds: [] } },
          }),
        ),
      ).toBe(403);
      expect(await statusOf(patch(otherUser, id, { description: 'Mine.' }))).toBe(200);
      expect(await statusOf(root.client.request('GET', `/api/agents/${id}`))).toBe(200);
      expect(await statusOf(root.client.request('DELETE', `/api/agents/${id}`))).toBe(204);
      expect(await statusOf(otherUser.client.request('GET', `/api/agents/${id}`))).toBe(404);
      expect((await auditEntries(server, id)).map((entry) => [entry.action, entry.actorId])).toEqual([
        ['agent.created', otherUser.id],
        ['agent.updated', otherUser.id],
        ['agent.deleted', root.id],
      ]);
    },
  );

  it.skipIf(backend.skip)(
    'Y3 an admin shares an agent: readers read, admins in both scopes manage, others 404, manage ⊆ read',
    async () => {
      const made = await create(salesAdmin, {
        readScope: { kind: 'departments', departmentIds: [sales] },
        manageScope: { kind: 'users', userIds: [] },
      });
      expect([made.status, made.body.error?.code]).toEqual([422, 'invalid_share_scope']);
      const shared = await create(salesAdmin, {
        readScope: { kind: 'users', userIds: [readingAdmin.id, salesUser.id] },
        manageScope: { kind: 'users', userIds: [readingAdmin.id] },
      });
      expect(shared.status).toBe(201);
      const id = shared.body.agent.id as string;
      const permissions = async (person: TestPerson) => {
        const answer = await person.client.request('GET', `/api/agents/${id}`);
        return answer.status === 200 ? answer.body.agent.permissions : answer.status;
      };
      expect({
        root: await permissions(root),
        owner: await permissions(salesAdmin),
        coManager: await permissions(readingAdmin),
        outsideAdmin: await permissions(outsideAdmin),
        reader: await permissions(salesUser),
        stranger: await permissions(otherUser),
      }).toEqual({
        root: { edit: true, share: true, delete: true },
        owner: { edit: true, share: true, delete: true },
        coManager: { edit: true, share: true, delete: true },
        outsideAdmin: 404,
        reader: { edit: false, share: false, delete: false },
        stranger: 404,
      });
      expect(await statusOf(patch(salesUser, id, { name: 'x' }))).toBe(403);
      expect(await statusOf(salesUser.client.request('DELETE', `/api/agents/${id}`))).toBe(403);
      expect(await statusOf(patch(readingAdmin, id, { name: 'Renamed' }))).toBe(200);
      // The co-manager narrows the scopes and so leaves them: the owner still manages.
      const narrowed = await readingAdmin.client.request('PUT', `/api/agents/${id}/share`, {
        json: {
          readScope: { kind: 'departments', departmentIds: [sales] },
          manageScope: { kind: 'departments', departmentIds: [] },
        },
      });
      expect(narrowed.status).toBe(200);
      expect(await permissions(readingAdmin)).toEqual({ edit: false, share: false, delete: false });
      expect(await statusOf(otherUser.client.request('GET', `/api/agents/${id}`))).toBe(404);
      expect(await statusOf(salesUser.client.request('GET', `/api/agents/${id}`))).toBe(200);
      expect((await salesAdmin.client.request('GET', `/api/agents/${id}/share`)).body.share).toEqual({
        readScope: { kind: 'departments', departmentIds: [sales] },
        manageScope: { kind: 'departments', departmentIds: [] },
      });
      // An agent that uses it as a subagent forgets it when it is deleted.
      const caller = await create(salesAdmin, { subagents: [id] });
      expect(caller.body.agent.subagents).toEqual([id]);
      expect(await statusOf(salesAdmin.client.request('DELETE', `/api/agents/${id}`))).toBe(204);
      expect(
        (await salesAdmin.client.request('GET', `/api/agents/${caller.body.agent.id}`)).body.agent.subagents,
      ).toEqual([]);
      expect((await auditEntries(server, id)).map((entry) => entry.action)).toEqual([
        'agent.created',
        'agent.updated',
        'agent.share_changed',
        'agent.deleted',
      ]);
    },
  );

  it.skipIf(backend.skip)(
    'Y3 an agent never names a skill its editor cannot read: unknown, unreadable and disabled ids are refused alike',
    async () => {
      const refusedFor = async (person: TestPerson, json: Record<string, unknown>) => {
        const answer = await create(person, json);
        return [answer.status, answer.body.error?.code, answer.body.error?.details?.skillIds];
      };
      expect(await refusedFor(salesUser, { skills: ['open-skill', 'admins-only'] })).toEqual([
        422,
        'agent_skill_refused',
        ['admins-only'],
      ]);
      expect(await refusedFor(salesUser, { skills: ['no-such-skill'] })).toEqual([
        422,
        'agent_skill_refused',
        ['no-such-skill'],
      ]);
      expect(await refusedFor(salesUser, { skills: 'all', preloadSkills: ['switched-off'] })).toEqual([
        422,
        'agent_skill_refused',
        ['switched-off'],
      ]);
      const allowed = await create(salesAdmin, { skills: ['admins-only'], preloadSkills: ['admins-only'] });
      expect(allowed.status).toBe(201);
      const id = allowed.body.agent.id as string;
      // A disabled skill is never added, not even by the superadmin.
      const disabled = await patch(root, id, { skills: ['admins-only', 'switched-off'] });
      expect([disabled.status, disabled.body.error.details.skillIds]).toEqual([422, ['switched-off']]);
      // A skill the agent already has stays when it is switched off later: the agent stays editable.
      await server.database.db
        .update(schema.skills)
        .set({ enabled: false })
        .where(eq(schema.skills.id, 'admins-only'));
      expect(await statusOf(patch(salesAdmin, id, { description: 'Still editable.' }))).toBe(200);
      const [row] = await server.database.db.select().from(schema.agents).where(eq(schema.agents.id, id));
      expect(row!.skills).toEqual(['admins-only']);
      const before = await auditEntries(server, id);
      const ghost = await patch(salesAdmin, id, { skills: ['admins-only', 'ghost'] });
      expect([ghost.status, ghost.body.error.details.skillIds]).toEqual([422, ['ghost']]);
      await server.database.db
        .update(schema.skills)
        .set({ enabled: true })
        .where(eq(schema.skills.id, 'admins-only'));
      expect(await auditEntries(server, id)).toHaveLength(before.length);
    },
  );

  it.skipIf(backend.skip)(
    'Y8 the agent tools list says what each caller may add, by the rule a save enforces',
    async () => {
      const forUser = await salesUser.client.request('GET', '/api/agent-tools');
      const forAdmin = await salesAdmin.client.request('GET', '/api/agent-tools');
      expect(forUser.status).toBe(200);
      expect(forAdmin.status).toBe(200);
      const names = forUser.body.tools.map((tool: { name: string }) => tool.name);
      expect([...names].sort()).toEqual([...SKILLDOCK_TOOL_NAMES, ...PLATFORM_TOOL_NAMES].sort());
      const refusedForUser = forUser.body.tools.filter((tool: { mayAdd: boolean }) => !tool.mayAdd);
      expect(refusedForUser).toEqual([{ name: 'shell', adminOnly: true, mayAdd: false, standard: false }]);
      // A new agent starts with the Assistant's tools: files, search, questions, to-dos — no shell, no network.
      const standard = forUser.body.tools
        .filter((tool: { standard: boolean }) => tool.standard)
        .map((tool: { name: string }) => tool.name);
      expect([...standard].sort()).toEqual([
        'ask_user_question',
        'edit',
        'glob',
        'grep',
        'ls',
        'read_file',
        'todo_write',
        'write_file',
      ]);
      expect(forAdmin.body.tools.every((tool: { mayAdd: boolean }) => tool.mayAdd)).toBe(true);
      // What the list offers a user saves; what it withholds is refused.
      const offered = forUser.body.tools
        .filter((tool: { mayAdd: boolean }) => tool.mayAdd)
        .map((tool: { name: string }) => tool.name);
      const saved = await create(salesUser, { tools: offered });
      expect(saved.status).toBe(201);
      expect(await statusOf(salesUser.client.request('DELETE', `/api/agents/${saved.body.agent.id}`))).toBe(
        204,
      );
      expect(await statusOf(create(salesUser, { tools: ['shell'] }))).toBe(403);
      expect((await new TestClient(server).request('GET', '/api/agent-tools')).status).toBe(401);
    },
  );

  it.skipIf(backend.skip)(
    'SEC1/SEC4 hostile input: huge prompts, unknown tools, shell by a user, __proto__ keys, path-like ids, no CSRF',
    async () => {
      const answers = [
        await create(salesUser, { systemPrompt: 'x'.repeat(MAX_SYSTEM_PROMPT_LENGTH + 1) }),
        await salesUser.client.request('POST', '/api/agents', {
          body: JSON.stringify({ name: 'big', systemPrompt: 'x'.repeat(JSON_BODY_LIMIT) }),
          headers: { 'content-type': 'application/json' },
        }),
        await create(salesUser, { tools: ['read_file', 'rm_rf_everything'] }),
        await create(salesUser, { tools: ['mcp__github__create_issue'] }),
        await create(salesUser, { tools: ['shell'] }),
        await create(salesUser, { skills: ['open-skill'], preloadSkills: [], subagents: [randomUUID()] }),
        await create(salesUser, { skills: [], preloadSkills: ['open-skill'] }),
        await salesUser.client.request('POST', '/api/agents', {
          body: '{"name":"proto","__proto__":{"builtinKey":"assistant"}}',
          headers: { 'content-type': 'application/json' },
        }),
        await create(salesUser, { ownerId: root.id }),
        await create(salesUser, { skills: ['../../etc/passwd'] }),
        await create(salesUser, { model: 'openai:gpt\n4' }),
        await create(salesUser, {}, false),
      ];
      expect(answers.map((answer) => [answer.status, answer.body.error.code])).toEqual([
        [422, 'agent_invalid'],
        [413, 'body_too_large'],
        [422, 'agent_invalid'],
        [422, 'agent_invalid'],
        [403, 'forbidden'],
        [422, 'agent_invalid'],
        [422, 'agent_invalid'],
        [400, 'invalid_request'],
        [400, 'invalid_request'],
        [400, 'invalid_request'],
        [400, 'invalid_request'],
        [403, 'csrf_failed'],
      ]);
      expect(answers[0]!.body.error.details).toMatchObject({
        field: 'systemPrompt',
        limit: MAX_SYSTEM_PROMPT_LENGTH,
      });
      expect(answers[2]!.body.error.details.unknown).toEqual(['rm_rf_everything']);
      // An admin may enable shell and MCP tools of a listed server.
      const admin = await create(salesAdmin, {
        tools: ['shell', 'mcp__github__create_issue'],
        mcpServers: ['github'],
      });
      expect(admin.status).toBe(201);
      for (const id of ['..', '%2e%2e', '__proto__', 'toString', "1' or '1'='1", '..%2F..%2Fetc']) {
        const answer = await salesUser.client.request('GET', `/api/agents/${encodeURIComponent(id)}`);
        expect([400, 404]).toContain(answer.status);
      }
      const mine = (await salesUser.client.request('GET', '/api/agents')).body.agents.filter(
        (agent: { ownerId: string }) => agent.ownerId === salesUser.id,
      );
      expect(mine).toEqual([]);
    },
  );
  it.skipIf(backend.skip)(
    'Y3/Y8 a global agent is read by everyone; model selectors name what a configured provider offers; every cookie write needs CSRF',
    async () => {
      await server.database.db.insert(schema.modelProviders).values({
        id: 'acme',
        protocol: 'openai',
        models: ['m1', 'm2'],
        defaultModel: 'm1',
      });
      const global = await create(salesAdmin, {
        model: 'acme:m2',
        readScope: { kind: 'global' },
        manageScope: { kind: 'users', userIds: [] },
      });
      expect(global.status).toBe(201);
      const id = global.body.agent.id as string;
      for (const person of [otherUser, outsideAdmin, salesUser])
        expect(await statusOf(person.client.request('GET', `/api/agents/${id}`))).toBe(200);
      // An admin in the read scope only reads: manage needs both scopes.
      expect((await outsideAdmin.client.request('GET', `/api/agents/${id}`)).body.agent.permissions).toEqual({
        edit: false,
        share: false,
        delete: false,
      });
      const model = await patch(salesAdmin, id, { model: 'acme:m3' });
      expect([model.status, model.body.error.code, model.body.error.details.offered]).toEqual([
        422,
        'agent_invalid',
        ['m1', 'm2'],
      ]);
      // An unknown prefix is part of the model id (SPEC S6).
      expect(await statusOf(patch(salesAdmin, id, { model: 'qwen3:32b' }))).toBe(200);
      expect(await statusOf(patch(salesAdmin, id, { model: 'fast' }))).toBe(200);
      const withoutCsrf = [
        await salesAdmin.client.request('PATCH', `/api/agents/${id}`, { json: { name: 'x' }, csrf: false }),
        await salesAdmin.client.request('PUT', `/api/agents/${id}/share`, {
          json: { readScope: { kind: 'global' }, manageScope: { kind: 'global' } },
          csrf: false,
        }),
        await salesAdmin.client.request('DELETE', `/api/agents/${id}`, { csrf: false }),
      ];
      expect(withoutCsrf.map((answer) => [answer.status, answer.body.error.code])).toEqual(
        Array.from({ length: 3 }, () => [403, 'csrf_failed']),
      );
      expect((await salesAdmin.client.request('GET', `/api/agents/${id}`)).body.agent.model).toBe('fast');
      // A bearer token writes without CSRF, as the CLI does.
      const bearer = await server.app.request(`/api/agents/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${salesAdmin.token}` },
      });
      expect(bearer.status).toBe(204);
    },
  );
});

describeOnPostgres('Y8 two servers starting at once on PostgreSQL', () => {
  it('Y8/Y16 create the built-in assistant exactly once', async () => {
    const throwaway = await createThrowawayPostgres();
    const folder = await temporaryFolder('y8-two');
    const databases = await Promise.all(
      [0, 1].map(() => openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 3 })),
    );
    try {
      const servers = await Promise.all(
        databases.map((database) =>
          createServer({
            passwordHashCost: TEST_PASSWORD_HASH_COST,
            database,
            dataDir: folder.path,
            builtinDir: '/nonexistent-builtin-folder',
            adminPassword: 'two-servers-password',
            logger: silentLogger,
          }),
        ),
      );
      expect(servers.map((one) => one.startup.agents.created).sort()).toEqual([[], [ASSISTANT_AGENT_KEY]]);
      const rows = await databases[0]!.db.select().from(schema.agents);
      expect(rows.map((row) => row.builtinKey)).toEqual([ASSISTANT_AGENT_KEY]);
      await Promise.all(servers.map((one) => one.stop()));
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await throwaway.drop();
      await folder.remove();
    }
  });
});
