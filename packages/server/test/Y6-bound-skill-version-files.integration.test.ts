/**
 * Issue 24 item 5, SPEC Y6, Y15 over HTTP: a released version of an agent's bound skill can be read
 * — its tree and its files — to compare two versions side by side: by whoever may read the agent
 * (another user's agent is 404), only that agent's own versions, never a path outside the version,
 * and by a token only with agents:read. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../src/auth/api-tokens.js';
import type { SkilldockServer } from '../src/index.js';
import { addPerson, startContentServer, type TestPerson } from './support/skill-content-fixtures.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('Y6 bound skill version files on $name', (backend) => {
  let server: SkilldockServer;
  let started: Awaited<ReturnType<typeof startContentServer>>;
  let owner: TestPerson;
  let other: TestPerson;
  let agentId: string;
  let otherAgentId: string;
  let first: string;
  let second: string;
  let otherVersion: string;

  /** An agent of `person` with a guide, released once, edited, released again: its two versions. */
  async function agentWithTwoVersions(person: TestPerson, name: string) {
    const made = await person.client.request('POST', '/api/agents', { json: { name } });
    const id = made.body.agent.id as string;
    const guide = await person.client.request('POST', `/api/agents/${id}/bound-skill`);
    expect(guide.status).toBe(201);
    const skill = guide.body.boundSkill as { id: string; revision: string };
    const v1 = await person.client.request('POST', `/api/agents/${id}/bound-skill/versions`, {
      json: { baseRevision: skill.revision, note: 'first cut' },
    });
    const saved = await person.client.request('POST', `/api/bound-skills/${skill.id}/save`, {
      json: {
        baseRevision: skill.revision,
        edits: [{ type: 'create', path: 'references/steps.md', content: 'Step one.\nStep two.\n' }],
      },
    });
    expect(saved.status).toBe(200);
    const v2 = await person.client.request('POST', `/api/agents/${id}/bound-skill/versions`, {
      json: { baseRevision: saved.body.revision },
    });
    return { id, first: v1.body.version.name as string, second: v2.body.version.name as string };
  }

  const get = (client: TestClient, path: string) => client.request('GET', path);

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await startContentServer(await backend.openMigrated(), 'y6-version-files');
    server = started.server;
    owner = await addPerson(server, 'version-owner', 'user');
    other = await addPerson(server, 'version-other', 'user');
    ({ id: agentId, first, second } = await agentWithTwoVersions(owner, 'Versioned'));
    ({ id: otherAgentId, first: otherVersion } = await agentWithTwoVersions(other, 'Theirs'));
  });
  afterAll(async () => {
    if (backend.skip === undefined) await started.close();
  });

  it.skipIf(backend.skip)(
    'Y6 each version lists its own tree and serves its own files, with the version’s revision',
    async () => {
      const versions = (await get(owner.client, `/api/agents/${agentId}/bound-skill/versions`)).body.versions;
      const revisionOf = (name: string) =>
        versions.find((version: { name: string }) => version.name === name).revision;
      const oldTree = await get(owner.client, `/api/agents/${agentId}/bound-skill/versions/${first}/tree`);
      expect(oldTree.status).toBe(200);
      expect(oldTree.body.revision).toBe(revisionOf(first));
      const paths = (tree: { entries: { path: string }[] }) => tree.entries.map((entry) => entry.path);
      expect(paths(oldTree.body)).toEqual(['SKILL.md']);
      const newTree = await get(owner.client, `/api/agents/${agentId}/bound-skill/versions/${second}/tree`);
      expect(paths(newTree.body)).toEqual(['SKILL.md', 'references', 'references/steps.md']);

      const file = await get(
        owner.client,
        `/api/agents/${agentId}/bound-skill/versions/${second}/files/references/steps.md`,
      );
      expect(file.status).toBe(200);
      expect(file.body).toMatchObject({ path: 'references/steps.md', content: 'Step one.\nStep two.\n' });
      const missing = await get(
        owner.client,
        `/api/agents/${agentId}/bound-skill/versions/${first}/files/references/steps.md`,
      );
      expect(missing.status).toBe(404);
      const skillFile = await get(
        owner.client,
        `/api/agents/${agentId}/bound-skill/versions/${first}/files/SKILL.md`,
      );
      expect(skillFile.body.content).toContain('---\nname:');
    },
  );

  it.skipIf(backend.skip)(
    "Y15 another user's agent is 404, another agent's version is version_not_found, and a malformed name 400",
    async () => {
      expect(
        (await get(other.client, `/api/agents/${agentId}/bound-skill/versions/${first}/tree`)).status,
      ).toBe(404);
      const stolen = await get(
        other.client,
        `/api/agents/${agentId}/bound-skill/versions/${first}/files/SKILL.md`,
      );
      expect(stolen.status).toBe(404);
      const crossed = await get(
        owner.client,
        `/api/agents/${agentId}/bound-skill/versions/${otherVersion}/tree`,
      );
      expect(crossed.status).toBe(404);
      expect(crossed.body.error.code).toBe('version_not_found');
      expect(
        (await get(owner.client, `/api/agents/${agentId}/bound-skill/versions/latest/tree`)).status,
      ).toBe(400);
      expect(
        (await get(new TestClient(server), `/api/agents/${otherAgentId}/bound-skill/versions/${first}/tree`))
          .status,
      ).toBe(401);
    },
  );

  it.skipIf(backend.skip)(
    'SEC1 traversal and encoded separators in the file path are refused and never leave the version',
    async () => {
      for (const path of [
        '..%2F..%2FSKILL.md',
        '%2e%2e/%2e%2e/etc/passwd',
        'references%5C..%5CSKILL.md',
        '..',
      ]) {
        const answer = await get(
          owner.client,
          `/api/agents/${agentId}/bound-skill/versions/${second}/files/${path}`,
        );
        expect([400, 404], path).toContain(answer.status);
        if (answer.status === 400) expect(answer.body.error.code, path).toBe('unsafe_file_path');
        expect(JSON.stringify(answer.body)).not.toContain('root:');
      }
    },
  );

  it.skipIf(backend.skip)('issue 24 a token reads versions with agents:read only', async () => {
    const tokenClient = async (scopes: ('skills:read' | 'agents:read')[]) => {
      const client = new TestClient(server);
      client.bearer = (
        await createApiToken(server.database.db, { userId: owner.id, name: 'v', scopes })
      ).token;
      return client;
    };
    const skillsOnly = await get(
      await tokenClient(['skills:read']),
      `/api/agents/${agentId}/bound-skill/versions/${first}/tree`,
    );
    expect(skillsOnly.status).toBe(403);
    expect(skillsOnly.body.error.code).toBe('token_scope_missing');
    const agents = await get(
      await tokenClient(['agents:read']),
      `/api/agents/${agentId}/bound-skill/versions/${first}/tree`,
    );
    expect(agents.status).toBe(200);
  });
});
