/**
 * SPEC SEC1/P3/Y3 for the bound skill's editor routes (`/api/bound-skills/{id}/…`), beside the
 * route and permission-matrix tests: hostile file paths read and write nothing outside the skill,
 * oversized and malformed bodies are refused with nothing written, and the kinds stay apart — a
 * shared skill is never reached through `/api/bound-skills`, a bound skill never through
 * `/api/skills`, and an unknown id answers exactly like another user's. On PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkilldockServer } from '../src/index.js';
import {
  addPerson,
  openContentApp,
  publishSharedSkill,
  sha256,
  storedPackages,
  type TestPerson,
} from './support/skill-content-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('Y6 bound skill content under attack on $name', (backend) => {
  let server: TestApp;
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let owner: TestPerson;
  let other: TestPerson;
  let root: TestPerson;
  let sharedRevision: string;
  let serial = 0;

  /** A new agent of `owner` with its minimal guide: the bound skill's id and revision. */
  async function boundSkill(): Promise<{ agentId: string; id: string; revision: string }> {
    const made = await owner.client.request('POST', '/api/agents', {
      json: { name: `attacked ${++serial}` },
    });
    expect(made.status).toBe(201);
    const agentId = made.body.agent.id as string;
    const created = await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`);
    expect(created.status).toBe(201);
    return { agentId, id: created.body.boundSkill.id, revision: created.body.boundSkill.revision };
  }
  const revisionOf = async (agentId: string) =>
    (await owner.client.request('GET', `/api/agents/${agentId}/bound-skill`)).body.boundSkill
      .revision as string;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'y6-bound-attacks');
    server = started.server;
    owner = await addPerson(server, 'attacked-owner', 'user');
    other = await addPerson(server, 'attacked-other', 'user');
    root = await addPerson(server, 'attacked-root', 'superadmin');
    sharedRevision = await publishSharedSkill(server, 'attack-shared');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  it.skipIf(backend.skip)(
    'SEC1 hostile file paths of a bound skill read and write nothing: .., encoded dots and separators, absolute, NUL, backslashes',
    async () => {
      const { agentId, id, revision } = await boundSkill();
      const base = `/api/bound-skills/${id}/files/`;
      const guide = (await owner.client.request('GET', `${base}SKILL.md`)).body as { content: string };
      for (const tail of [
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '%2e%2e/%2e%2e/SKILL.md',
        '%252e%252e/SKILL.md',
        '..%5C..%5CSKILL.md',
        '%2Fetc%2Fpasswd',
        'SKILL.md%00.txt',
        '..\\..\\..\\..\\etc\\passwd',
        'C:%5Cwindows',
        'a/%2e%2e%2f/SKILL.md',
        '%E0%A4%A',
        `${'a'.repeat(300)}.md`,
      ]) {
        const read = await owner.client.request('GET', `${base}${tail}`);
        expect({ tail, status: read.status }).toEqual({ tail, status: expect.toBeOneOf([400, 404]) });
        expect(JSON.stringify(read.body)).not.toContain('root:');
        expect(JSON.stringify(read.body)).not.toContain(server.dataDir);
        const write = await owner.client.request('PUT', `${base}${tail}`, {
          json: { content: 'pwned', sha256: sha256(guide.content) },
        });
        expect({ tail, status: write.status }).toEqual({ tail, status: expect.toBeOneOf([400, 404]) });
      }
      for (const bad of [
        '../escape.md',
        '/abs.md',
        'a\\b.md',
        'a/../../b.md',
        'nul\u0000.md',
        '%2e%2e/x.md',
      ]) {
        const saved = await owner.client.request('POST', `/api/bound-skills/${id}/save`, {
          json: { baseRevision: revision, edits: [{ type: 'create', path: bad, content: 'pwned' }] },
        });
        expect({ bad, status: saved.status, code: saved.body.error.code }).toEqual({
          bad,
          status: 400,
          // A NUL never reaches the content layer: the request-text check names the field (SEC11).
          code: bad.includes('\u0000') ? 'invalid_request' : 'unsafe_file_path',
        });
        if (bad.includes('\u0000')) expect(saved.body.error.details.field).toBe('edits.0.path');
      }
      expect(await revisionOf(agentId)).toBe(revision);
      expect((await owner.client.request('GET', `${base}SKILL.md`)).body.content).toBe(guide.content);
    },
  );

  it.skipIf(backend.skip)(
    'P3 a bound skill save over 1 MiB is 413, malformed JSON 400, and nothing is written',
    async () => {
      const { agentId, id, revision } = await boundSkill();
      const packages = await storedPackages(server);
      const huge = await owner.client.request('POST', `/api/bound-skills/${id}/save`, {
        body: `{"baseRevision":"${revision}","edits":[{"type":"create","path":"x.md","content":"${'x'.repeat(1024 * 1024)}"}]}`,
        headers: { 'content-type': 'application/json' },
      });
      expect([huge.status, huge.body.error.code]).toEqual([413, 'body_too_large']);
      const hugeFile = await owner.client.request('PUT', `/api/bound-skills/${id}/files/SKILL.md`, {
        body: `{"sha256":"sha256:${'0'.repeat(64)}","content":"${'x'.repeat(1024 * 1024)}"}`,
        headers: { 'content-type': 'application/json' },
      });
      expect([hugeFile.status, hugeFile.body.error.code]).toEqual([413, 'body_too_large']);
      const malformed = await owner.client.request('POST', `/api/bound-skills/${id}/save`, {
        body: '{"baseRevision": ',
        headers: { 'content-type': 'application/json' },
      });
      expect([malformed.status, malformed.body.error.code]).toEqual([400, 'invalid_request']);
      expect(await revisionOf(agentId)).toBe(revision);
      expect(await storedPackages(server)).toEqual(packages);
    },
  );

  it.skipIf(backend.skip)(
    'Y3 the kinds stay apart: no shared skill through /api/bound-skills, no bound skill through /api/skills, even for a superadmin',
    async () => {
      const { agentId, id, revision } = await boundSkill();
      const edit = { type: 'create', path: 'pwned.md', content: 'pwned' };
      for (const person of [owner, root]) {
        const throughBound = [
          person.client.request('GET', '/api/bound-skills/attack-shared/tree'),
          person.client.request('GET', '/api/bound-skills/attack-shared/files/SKILL.md'),
          person.client.request('GET', '/api/bound-skills/attack-shared/export'),
          person.client.request('PUT', '/api/bound-skills/attack-shared/files/SKILL.md', {
            json: { content: 'pwned', sha256: `sha256:${'0'.repeat(64)}` },
          }),
          person.client.request('POST', '/api/bound-skills/attack-shared/save', {
            json: { baseRevision: sharedRevision, edits: [edit] },
          }),
        ];
        for (const answer of await Promise.all(throughBound))
          expect([answer.status, answer.body.error.code]).toEqual([404, 'not_found']);
        const throughShared = [
          person.client.request('GET', `/api/skills/${id}/tree`),
          person.client.request('GET', `/api/skills/${id}/files/SKILL.md`),
          person.client.request('GET', `/api/skills/${id}/export`),
          person.client.request('PUT', `/api/skills/${id}/files/SKILL.md`, {
            json: { content: 'pwned', sha256: `sha256:${'0'.repeat(64)}` },
          }),
          person.client.request('POST', `/api/skills/${id}/save`, {
            json: { baseRevision: revision, edits: [edit] },
          }),
        ];
        for (const answer of await Promise.all(throughShared)) expect(answer.status).toBe(404);
      }
      expect(await revisionOf(agentId)).toBe(revision);
      const shared = await root.client.request('GET', '/api/skills/attack-shared/tree');
      expect(shared.body.revision).toBe(sharedRevision);
    },
  );

  it.skipIf(backend.skip)(
    "Y3 another user's bound skill answers exactly like one that does not exist",
    async () => {
      const { id, revision } = await boundSkill();
      const missing = 'self-00000000' === id ? 'self-00000001' : 'self-00000000';
      const answers = async (skillId: string) =>
        Promise.all([
          other.client.request('GET', `/api/bound-skills/${skillId}/tree`),
          other.client.request('POST', `/api/bound-skills/${skillId}/save`, {
            json: { baseRevision: revision, edits: [{ type: 'create', path: 'x.md', content: 'x' }] },
          }),
        ]).then((list) => list.map((answer) => ({ status: answer.status, body: answer.body })));
      expect(await answers(id)).toEqual(await answers(missing));
      expect((await answers(id)).map((answer) => answer.status)).toEqual([404, 404]);
    },
  );
});
