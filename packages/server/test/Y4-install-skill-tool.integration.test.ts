/**
 * Issue 26, Yuxi seed 002 ("npx skills add <source> -g -y" from inside an agent), SPEC Y4, Y9, P3,
 * P6 on PGlite and PostgreSQL: a platform run's `install_skill` tool prepares a personal-skill DRAFT
 * for the run's user from a remote source (github.com pointed at a local bare repository; a
 * well-known index on loopback), never installs it, and says so in the run's events; the user
 * confirms it like any draft, another user never sees it. Attacks: a host outside `allowed_hosts`,
 * a traversal in a skill's name, an archive that expands past the size budget.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type FakeModelServer, type RecordedRequest, startFakeModelServer } from '@skilldock/agent/testing';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeBareRepository,
  removeTemporaryDirectories,
  routes,
  startServer,
  type TestServer,
  writeSkill,
} from '../../core/test/install/sources/install-fixtures.js';
import { yazlZip, zeroStream } from '../../core/test/package/package-test-helpers.js';
import { schema } from '../src/index.js';
import {
  createAccount,
  draftFolders,
  type InstallTestServer,
  skillMarkdown,
  startInstallServer,
} from './install/install-fixtures.js';
import type { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { settledRun } from './support/wait-for.js';

interface ChatBody {
  readonly messages: readonly { readonly role: string; readonly content: unknown }[];
}

const digest = (bytes: string | Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** The result of the previous turn's single tool call. */
const lastToolResult = (request: RecordedRequest) =>
  JSON.stringify((request.body as ChatBody).messages.at(-1)?.content);

describe.each(TEST_BACKENDS)('install_skill in platform runs on $name', (backend) => {
  let setup: InstallTestServer;
  let alice: { id: string; client: TestClient };
  let bob: { id: string; client: TestClient };
  let site: TestServer;
  let model: FakeModelServer;
  let calls: { name: string; arguments: unknown }[] = [];

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    setup = await startInstallServer(await backend.openMigrated());
    alice = await createAccount(setup, 'alice', 'user');
    bob = await createAccount(setup, 'bob', 'user');
    await makeBareRepository(setup.hostRoot, 'acme/skills', async (tree) => {
      await writeSkill(path.join(tree, 'skills/pdf'));
      await writeSkill(path.join(tree, 'skills/ocr'));
    });
    const evil = skillMarkdown('evil');
    const bomb = await yazlZip({
      'bomb/SKILL.md': skillMarkdown('bomb'),
      'bomb/zeros.bin': zeroStream(60 * 1024 * 1024),
    });
    const index = (entry: Record<string, string>) =>
      JSON.stringify({
        $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
        skills: [entry],
      });
    site = await startServer(
      routes({
        '/traversal/.well-known/agent-skills/index.json': index({
          name: '../../evil',
          description: 'Evil.',
          type: 'skill-md',
          url: '/files/evil.md',
          digest: digest(evil),
        }),
        '/files/evil.md': evil,
        '/bomb/.well-known/agent-skills/index.json': index({
          name: 'bomb',
          description: 'Bomb.',
          type: 'archive',
          url: '/files/bomb.zip',
          digest: digest(bomb),
        }),
        '/files/bomb.zip': bomb,
      }),
    );
    const hosts = await setup.superadmin.request('PUT', '/api/admin/settings/install/allowed-hosts', {
      json: { allowedHosts: ['github.com', new URL(site.origin).host] },
    });
    expect(hosts.status).toBe(200);
    model = await startFakeModelServer({
      script: (request) => {
        const done = (request.body as ChatBody).messages.filter((message) => message.role === 'tool').length;
        const call = calls[done];
        return call === undefined ? { text: 'finished' } : { toolCalls: [call] };
      },
    });
    await setup.server.database.db.insert(schema.modelProviders).values({
      id: 'fake',
      protocol: 'openai',
      baseUrl: model.openaiBaseUrl,
      models: ['fake-model'],
      defaultModel: 'fake-model',
    });
  });

  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await model.close();
    await site.close();
    await setup.close();
    await removeTemporaryDirectories();
  });

  /** Runs an installer agent of alice's whose model makes `toolCalls`, one per turn; the model's requests. */
  const runCalls = async (toolCalls: { name: string; arguments: unknown }[]) => {
    calls = toolCalls;
    const agent = await alice.client.request('POST', '/api/agents', {
      json: { name: `installer ${Math.random()}`, model: 'fake:fake-model', tools: ['install_skill'] },
    });
    expect(agent.status).toBe(201);
    const conversation = await alice.client.request('POST', '/api/conversations', {
      json: { agentId: agent.body.agent.id },
    });
    const before = model.requests.length;
    const started = await alice.client.request(
      'POST',
      `/api/conversations/${conversation.body.conversation.id}/runs`,
      { json: { prompt: 'install it' } },
    );
    expect(started.status).toBe(202);
    const runId = started.body.run.id as string;
    expect((await settledRun(alice.client, runId)).status).toBe('completed');
    const events = await setup.server.database.db
      .select()
      .from(schema.runEvents)
      .where(eq(schema.runEvents.runId, runId))
      .orderBy(asc(schema.runEvents.seq));
    return { requests: model.requests.slice(before), events };
  };

  it.skipIf(backend.skip)(
    'issue 26 install_skill prepares a draft only its user sees and confirms; nothing is installed before',
    async () => {
      const { requests, events } = await runCalls([
        { name: 'install_skill', arguments: { source: 'acme/skills', skills: ['pdf'] } },
      ]);
      const result = lastToolResult(requests[1]!);
      expect(result).toContain('Prepared install draft');
      const notice = events.find((event) => event.type === 'run-notice' && 'installDraft' in event.data);
      const draft = notice!.data.installDraft as { id: string; skills: string[] };
      expect(draft.skills).toEqual(['pdf']);
      expect(result).toContain(draft.id);
      const [row] = await setup.server.database.db
        .select()
        .from(schema.drafts)
        .where(eq(schema.drafts.id, draft.id));
      expect(row!.userId).toBe(alice.id);
      // Nothing is installed until alice confirms.
      expect((await alice.client.request('GET', '/api/me/skills')).body.skills).toEqual([]);
      // Another user neither sees nor confirms it.
      expect((await bob.client.request('GET', `/api/install/drafts/${draft.id}`)).status).toBe(404);
      const stolen = await bob.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
        json: { target: 'personal', ids: ['pdf'] },
      });
      expect(stolen.status).toBe(404);
      expect((await bob.client.request('GET', '/api/me/skills')).body.skills).toEqual([]);
      const confirmed = await alice.client.request('POST', `/api/install/drafts/${draft.id}/confirm`, {
        json: { target: 'personal', ids: ['pdf'] },
      });
      expect(confirmed.status).toBe(200);
      const mine = (await alice.client.request('GET', '/api/me/skills')).body.skills as { id: string }[];
      expect(mine.map((skill) => skill.id)).toEqual(['pdf']);
    },
  );

  it.skipIf(backend.skip)(
    'issue 26 install_skill refuses a host outside allowed_hosts, a traversal in a name and an oversized archive',
    async () => {
      const draftsBefore = draftFolders(setup.dataDir);
      const { requests, events } = await runCalls([
        { name: 'install_skill', arguments: { source: 'https://evil.example.com/acme/skills.git' } },
        {
          name: 'install_skill',
          arguments: { source: `${site.origin}/traversal/.well-known/agent-skills` },
        },
        {
          name: 'install_skill',
          arguments: { source: `${site.origin}/bomb/.well-known/agent-skills` },
        },
        { name: 'install_skill', arguments: { source: 'acme/skills', skills: ['../../../etc/passwd'] } },
      ]);
      expect(lastToolResult(requests[1]!)).toContain('host_not_allowed');
      const traversal = lastToolResult(requests[2]!);
      expect(traversal).not.toContain('Prepared install draft');
      expect(traversal).toContain('no_skill_prepared');
      expect(traversal).toContain('invalid_index_entry');
      expect(lastToolResult(requests[3]!)).toContain('too_large');
      expect(lastToolResult(requests[4]!)).not.toContain('Prepared install draft');
      expect(events.some((event) => 'installDraft' in event.data)).toBe(false);
      expect(draftFolders(setup.dataDir)).toEqual(draftsBefore);
      expect(existsSync(path.join(setup.dataDir, '..', 'evil'))).toBe(false);
      expect(existsSync(path.join(setup.dataDir, 'evil'))).toBe(false);
    },
  );
});
