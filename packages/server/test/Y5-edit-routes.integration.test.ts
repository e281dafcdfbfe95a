/**
 * SPEC Y5 over HTTP: the editor's routes for shared skills (managers write, readers read) and for
 * the caller's personal skills — tree, file read and write (SHA-256 checked), one save with its
 * base revision and all its edits, export — with permissions, hostile paths, oversized and
 * malformed bodies, CSRF, and "nothing written" after every refusal. On PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { readFile, symlink } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLayout, packageDirectory } from '../src/content/index.js';
import { type SkilldockServer, schema } from '../src/index.js';
import {
  addPerson,
  auditEntries,
  publishSharedSkill,
  sha256,
  startContentServer,
  storedPackages,
  type TestPerson,
  writePersonalSkill,
} from './support/skill-content-fixtures.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('Y5 skill edit routes on $name', (backend) => {
  let server: SkilldockServer;
  let started: Awaited<ReturnType<typeof startContentServer>>;
  let owner: TestPerson;
  let otherAdmin: TestPerson;
  let reader: TestPerson;
  let stranger: TestPerson;
  const department = '5b1e7c58-0000-4000-8000-000000000001';
  let serial = 0;

  /** A fresh shared skill owned by `owner`, readable by the department, with some files. */
  async function sharedSkill(files: Record<string, string | Uint8Array> = {}) {
    const id = `doc-${++serial}`;
    const revision = await publishSharedSkill(server, id, {
      ownerId: owner.id,
      readScope: { kind: 'departments', departmentIds: [department] },
      manageScope: { kind: 'departments', departmentIds: [] },
      files: { 'notes.md': 'first notes\n', 'scripts/run.sh': '#!/bin/sh\necho run\n', ...files },
    });
    return { id, revision };
  }

  async function row(id: string) {
    const [found] = await server.database.db.select().from(schema.skills).where(eq(schema.skills.id, id));
    return found!;
  }

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await startContentServer(await backend.openMigrated(), 'y5');
    server = started.server;
    await server.database.db.insert(schema.departments).values({ id: department, name: 'Docs' });
    owner = await addPerson(server, 'owner', 'admin', [department]);
    otherAdmin = await addPerson(server, 'other-admin', 'admin');
    reader = await addPerson(server, 'reader', 'user', [department]);
    stranger = await addPerson(server, 'stranger', 'user');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  it.skipIf(backend.skip)(
    'Y5 the tree lists every file with its SHA-256 and the revision; a file reads back with the same SHA-256',
    async () => {
      const { id, revision } = await sharedSkill({ 'assets/logo.bin': Buffer.from([0, 255, 1, 254]) });
      const tree = await owner.client.request('GET', `/api/skills/${id}/tree`);
      expect(tree.status).toBe(200);
      expect(tree.body.revision).toBe(revision);
      expect(tree.body.entries.map((entry: { path: string }) => entry.path)).toEqual([
        'SKILL.md',
        'assets',
        'assets/logo.bin',
        'notes.md',
        'scripts',
        'scripts/run.sh',
      ]);
      const notes = tree.body.entries.find((entry: { path: string }) => entry.path === 'notes.md');
      expect(notes).toMatchObject({ type: 'file', size: 12, sha256: sha256('first notes\n') });
      const read = await owner.client.request('GET', `/api/skills/${id}/files/notes.md`);
      expect(read.body).toMatchObject({
        content: 'first notes\n',
        encoding: 'utf8',
        sha256: notes.sha256,
        revision,
      });
      const binary = await owner.client.request('GET', `/api/skills/${id}/files/assets/logo.bin`);
      expect(binary.body).toMatchObject({
        encoding: 'base64',
        content: Buffer.from([0, 255, 1, 254]).toString('base64'),
      });
      // A reader of the skill reads it too (the policy's `read`); a user outside its scope gets 404.
      expect((await reader.client.request('GET', `/api/skills/${id}/files/notes.md`)).status).toBe(200);
      expect((await stranger.client.request('GET', `/api/skills/${id}/tree`)).status).toBe(404);
      expect((await stranger.client.request('GET', `/api/skills/${id}/files/SKILL.md`)).status).toBe(404);
    },
  );

  it.skipIf(backend.skip)(
    'Y5 one save applies write, create, rename, mkdir, delete and the dependency form, syncs the index row and writes the choices into the frontmatter',
    async () => {
      const { id, revision } = await sharedSkill();
      const skillMd = await owner.client.request('GET', `/api/skills/${id}/files/SKILL.md`);
      const renamed = skillMd.body.content
        .replace(`name: ${id}`, 'name: Document tools')
        .replace(/description: .*/, 'description: Edits documents. Use it for docs.');
      const saved = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: {
          baseRevision: revision,
          edits: [
            { type: 'write', path: 'SKILL.md', content: renamed, sha256: skillMd.body.sha256 },
            { type: 'create', path: 'references/guide.md', content: '# Guide\n' },
            { type: 'rename', from: 'notes.md', to: 'references/notes.md' },
            { type: 'mkdir', path: 'templates' },
            { type: 'delete', path: 'scripts' },
            { type: 'dependencies', tools: ['bash', 'read'], mcpServers: ['github'], skills: ['pdf'] },
          ],
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({
        baseRevision: revision,
        changed: true,
        skill: {
          name: 'Document tools',
          description: 'Edits documents. Use it for docs.',
          dependencies: { tools: ['bash', 'read'], mcpServers: ['github'], skills: ['pdf'] },
        },
      });
      const after = await row(id);
      expect(after).toMatchObject({
        contentRef: saved.body.revision,
        name: 'Document tools',
        description: 'Edits documents. Use it for docs.',
        toolDependencies: ['bash', 'read'],
        mcpDependencies: ['github'],
        skillDependencies: ['pdf'],
      });
      const tree = await owner.client.request('GET', `/api/skills/${id}/tree`);
      expect(tree.body.entries.map((entry: { path: string }) => entry.path)).toEqual([
        'SKILL.md',
        'references',
        'references/guide.md',
        'references/notes.md',
        'templates',
      ]);
      const frontmatter = (await owner.client.request('GET', `/api/skills/${id}/files/SKILL.md`)).body
        .content;
      expect(frontmatter).toMatch(/tool_dependencies:[\s\S]*bash[\s\S]*read/);
      expect(frontmatter).toMatch(/mcp_dependencies:[\s\S]*github/);
      expect(frontmatter).toContain('name: Document tools');
      // The base package stays, as the history's baseline; the audit log says who saved what.
      const layout = contentLayout(server.dataDir);
      await expect(packageDirectory(layout, revision)).resolves.toContain(revision.slice('sha256:'.length));
      const entries = await auditEntries(server, id);
      expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([['skill.saved', owner.id]]);
      expect(entries[0]!.details).toMatchObject({
        baseRevision: revision,
        revision: saved.body.revision,
        editCount: 6,
      });
    },
  );

  it.skipIf(backend.skip)(
    'Y5 a save from a stale revision, or one whose later edit fails, is refused with nothing written',
    async () => {
      const { id, revision } = await sharedSkill();
      const first = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: { baseRevision: revision, edits: [{ type: 'create', path: 'a.md', content: 'a' }] },
      });
      expect(first.status).toBe(200);
      const packages = await storedPackages(server);
      const stale = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: { baseRevision: revision, edits: [{ type: 'create', path: 'b.md', content: 'b' }] },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('revision_conflict');
      const halfBad = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: {
          baseRevision: first.body.revision,
          edits: [
            { type: 'create', path: 'c.md', content: 'c' },
            { type: 'create', path: 'a.md', content: 'exists already' },
          ],
        },
      });
      expect(halfBad.status).toBe(409);
      expect(halfBad.body.error.code).toBe('entry_exists');
      const noSkillMd = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: { baseRevision: first.body.revision, edits: [{ type: 'delete', path: 'SKILL.md' }] },
      });
      expect([noSkillMd.status, noSkillMd.body.error.code]).toEqual([400, 'skill_file_required']);
      const broken = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: {
          baseRevision: first.body.revision,
          edits: [{ type: 'write', path: 'SKILL.md', content: 'no frontmatter at all' }],
        },
      });
      expect([broken.status, broken.body.error.code]).toEqual([400, 'invalid_skill_document']);
      const secret = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: {
          baseRevision: first.body.revision,
          edits: [{ type: 'create', path: '.env', content: 'KEY=1' }],
        },
      });
      expect([secret.status, secret.body.error.code]).toEqual([400, 'secret_in_package']);
      expect(await storedPackages(server)).toEqual(packages);
      expect((await row(id)).contentRef).toBe(first.body.revision);
      expect((await auditEntries(server, id)).length).toBe(1);
      // A save that changes nothing commits nothing: same revision, no package, no audit entry.
      const same = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: { baseRevision: first.body.revision, edits: [{ type: 'write', path: 'a.md', content: 'a' }] },
      });
      expect(same.body).toMatchObject({ changed: false, revision: first.body.revision });
      expect(await storedPackages(server)).toEqual(packages);
      expect((await auditEntries(server, id)).length).toBe(1);
    },
  );

  it.skipIf(backend.skip)(
    "Y5 a single-file write checks that file's SHA-256: a save of another file meanwhile does not block it, a change of the file does (409)",
    async () => {
      const { id, revision } = await sharedSkill();
      const loaded = (await owner.client.request('GET', `/api/skills/${id}/files/notes.md`)).body;
      const other = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: { baseRevision: revision, edits: [{ type: 'create', path: 'other.md', content: 'x' }] },
      });
      expect(other.status).toBe(200);
      const write = await owner.client.request('PUT', `/api/skills/${id}/files/notes.md`, {
        json: { content: 'second notes\n', sha256: loaded.sha256 },
      });
      expect(write.status).toBe(200);
      expect(write.body.baseRevision).toBe(other.body.revision);
      const again = await owner.client.request('PUT', `/api/skills/${id}/files/notes.md`, {
        json: { content: 'third notes\n', sha256: loaded.sha256 },
      });
      expect([again.status, again.body.error.code]).toEqual([409, 'file_changed']);
      expect((await owner.client.request('GET', `/api/skills/${id}/files/notes.md`)).body.content).toBe(
        'second notes\n',
      );
      expect((await row(id)).contentRef).toBe(write.body.revision);
      expect((await auditEntries(server, id)).map((entry) => entry.action)).toEqual([
        'skill.saved',
        'skill.file_written',
      ]);
    },
  );

  it.skipIf(backend.skip)(
    'Y3 only managers write: a reader gets 403, an admin outside the scopes 404, a read token 403, a cookie write without the CSRF token 403',
    async () => {
      const { id, revision } = await sharedSkill();
      const edit = {
        json: { baseRevision: revision, edits: [{ type: 'create', path: 'x.md', content: 'x' }] },
      };
      const answers = {
        reader: await reader.client.request('POST', `/api/skills/${id}/save`, edit),
        otherAdmin: await otherAdmin.client.request('POST', `/api/skills/${id}/save`, edit),
        stranger: await stranger.client.request('PUT', `/api/skills/${id}/files/notes.md`, {
          json: { content: 'x', sha256: sha256('first notes\n') },
        }),
        noCsrf: await owner.client.request('POST', `/api/skills/${id}/save`, { ...edit, csrf: false }),
      };
      expect(Object.values(answers).map((answer) => [answer.status, answer.body.error.code])).toEqual([
        [403, 'forbidden'],
        [404, 'not_found'],
        [404, 'not_found'],
        [403, 'csrf_failed'],
      ]);
      const { token } = await import('../src/index.js').then(({ createApiToken }) =>
        createApiToken(server.database.db, { userId: owner.id, name: 'read', access: 'read' }),
      );
      const readToken = await server.app.request(`/api/skills/${id}/save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(edit.json),
      });
      expect(readToken.status).toBe(403);
      // The same token reads; a read-write bearer token writes without CSRF (no cookie involved).
      const tree = await server.app.request(`/api/skills/${id}/tree`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(tree.status).toBe(200);
      const bearer = await server.app.request(`/api/skills/${id}/save`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(edit.json),
      });
      expect(bearer.status).toBe(200);
      // Anonymous: 401. An agent-bound skill is reached through its agent, never here: 404.
      expect((await server.app.request(`/api/skills/${id}/tree`)).status).toBe(401);
      await server.database.db.insert(schema.skills).values({
        id: 'bound-one',
        kind: 'agent-bound',
        name: 'bound-one',
        description: 'bound',
        ownerId: owner.id,
      });
      expect((await owner.client.request('GET', '/api/skills/bound-one/tree')).status).toBe(404);
      expect((await auditEntries(server, id)).map((entry) => entry.actorId)).toEqual([owner.id]);
    },
  );

  it.skipIf(backend.skip)(
    'SEC1 hostile file paths never read or write outside the skill: .., absolute, encoded separators and dots, NUL, backslashes',
    async () => {
      const { id, revision } = await sharedSkill();
      const base = `/api/skills/${id}/files/`;
      const hostile = [
        '..%2F..%2F..%2Fetc%2Fpasswd',
        '%2e%2e/%2e%2e/SKILL.md',
        '%252e%252e/SKILL.md',
        '..%5C..%5CSKILL.md',
        'scripts%2Frun.sh',
        '%2Fetc%2Fpasswd',
        'notes.md%00.txt',
        // A literal backslash is a slash to the URL parser (WHATWG), so this climbs out of the route: 404.
        '..\\..\\..\\..\\etc\\passwd',
        '%5Cetc%5Cpasswd',
        'C:%5Cwindows',
        'a/%2e%2e%2f/SKILL.md',
        '%E0%A4%A',
        `${'a'.repeat(300)}.md`,
      ];
      const refusals: Record<string, string> = {};
      for (const tail of hostile) {
        const read = await owner.client.request('GET', `${base}${tail}`);
        refusals[tail] = `${read.status} ${read.body.error.code}`;
        expect({ tail, status: read.status }).toEqual({ tail, status: expect.toBeOneOf([400, 404]) });
        expect(JSON.stringify(read.body)).not.toContain('root:');
        expect(JSON.stringify(read.body)).not.toContain(server.dataDir);
        const write = await owner.client.request('PUT', `${base}${tail}`, {
          json: { content: 'pwned', sha256: sha256('first notes\n') },
        });
        expect({ tail, status: write.status }).toEqual({ tail, status: expect.toBeOneOf([400, 404]) });
      }
      // Each refused by the route or the content layer; the dot segments are resolved by the URL parser
      // before routing, so they climb out of the files route altogether. A NUL or a broken escape is
      // refused before any route, by the one check of request text (SEC11), naming the path.
      const unsafe = '400 unsafe_file_path';
      const notText = '400 invalid_request';
      expect(Object.values(refusals)).toEqual([
        unsafe,
        '400 invalid_request',
        unsafe,
        unsafe,
        unsafe,
        unsafe,
        notText,
        '404 not_found',
        unsafe,
        unsafe,
        unsafe,
        notText,
        unsafe,
      ]);
      for (const bad of [
        '../escape.md',
        '/abs.md',
        'a\\b.md',
        'a/../../b.md',
        'nul\u0000.md',
        '%2e%2e/x.md',
      ]) {
        const saved = await owner.client.request('POST', `/api/skills/${id}/save`, {
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
      expect((await row(id)).contentRef).toBe(revision);
    },
  );

  it.skipIf(backend.skip)(
    'SEC1 over a real socket, raw request lines with .., encoded dots and separators never reach a file outside the skill',
    async () => {
      const { id } = await sharedSkill();
      const { url } = await server.start({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(url);
      const statusOf = (target: string) =>
        new Promise<string>((resolve, reject) => {
          // Written, not ended: the server closes the connection after answering (Connection: close).
          const socket = connect(Number(port), '127.0.0.1', () =>
            socket.write(
              `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${owner.token}\r\nConnection: close\r\n\r\n`,
            ),
          );
          let text = '';
          socket.on('data', (chunk) => {
            text += chunk.toString('latin1');
          });
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
        });
      for (const tail of [
        '../../../../../../etc/passwd',
        '%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
        '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
        '..%5C..%5C..%5Cetc%5Cpasswd',
        '%252e%252e%252f%252e%252e%252fetc%252fpasswd',
      ]) {
        const answer = await statusOf(`/api/skills/${id}/files/${tail}`);
        expect({ tail, status: answer.split(' ')[1] }).toEqual({
          tail,
          status: expect.toBeOneOf(['400', '404']),
        });
        expect(answer).not.toContain('root:');
      }
      expect((await statusOf(`/api/skills/${id}/files/notes.md`)).split(' ')[1]).toBe('200');
      await server.stop();
    },
  );

  it.skipIf(backend.skip)(
    'Y15 a link planted in a package or a workspace is refused, never followed',
    async () => {
      const { id, revision } = await sharedSkill();
      const folderOfPackage = await packageDirectory(contentLayout(server.dataDir), revision);
      await symlink('/etc/passwd', path.join(folderOfPackage, 'passwd'));
      const tree = await owner.client.request('GET', `/api/skills/${id}/tree`);
      expect([tree.status, tree.body.error.code]).toEqual([400, 'symlink_refused']);
      const read = await owner.client.request('GET', `/api/skills/${id}/files/passwd`);
      expect([read.status, read.body.error.code]).toEqual([400, 'symlink_refused']);
      expect(JSON.stringify(read.body)).not.toContain(server.dataDir);
      // A personal skill folder that is a link to another user's skill is not the caller's skill.
      const theirs = await writePersonalSkill(server, reader.id, 'private-notes', { 'secret.md': 'mine\n' });
      const mine = await writePersonalSkill(server, stranger.id, 'placeholder');
      await symlink(theirs, path.join(path.dirname(mine), 'private-notes'));
      const stolen = await stranger.client.request(
        'GET',
        '/api/personal-skills/private-notes/files/secret.md',
      );
      expect(stolen.status).toBeOneOf([400, 404]);
      expect(JSON.stringify(stolen.body)).not.toContain('mine');
    },
  );

  it.skipIf(backend.skip)(
    "Y2 personal skills: the owner edits, saves and exports its own; another user's is 404",
    async () => {
      const directory = await writePersonalSkill(server, reader.id, 'my-notes', { 'notes.md': 'one\n' });
      const tree = await reader.client.request('GET', '/api/personal-skills/my-notes/tree');
      expect(tree.status).toBe(200);
      const file = await reader.client.request('GET', '/api/personal-skills/my-notes/files/notes.md');
      const written = await reader.client.request('PUT', '/api/personal-skills/my-notes/files/notes.md', {
        json: { content: 'two\n', sha256: file.body.sha256 },
      });
      expect(written.status).toBe(200);
      expect(await readFile(path.join(directory, 'notes.md'), 'utf8')).toBe('two\n');
      const stale = await reader.client.request('POST', '/api/personal-skills/my-notes/save', {
        json: { baseRevision: tree.body.revision, edits: [{ type: 'delete', path: 'notes.md' }] },
      });
      expect([stale.status, stale.body.error.code]).toEqual([409, 'revision_conflict']);
      const saved = await reader.client.request('POST', '/api/personal-skills/my-notes/save', {
        json: {
          baseRevision: written.body.revision,
          edits: [
            { type: 'rename', from: 'notes.md', to: 'docs/notes.md' },
            { type: 'dependencies', tools: ['bash'] },
          ],
        },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.skill.dependencies.tools).toEqual(['bash']);
      expect(await readFile(path.join(directory, 'docs/notes.md'), 'utf8')).toBe('two\n');
      const zip = await reader.client.request('GET', '/api/personal-skills/my-notes/export');
      expect(zip.status).toBe(200);
      for (const [person, route] of [
        [stranger, '/api/personal-skills/my-notes/tree'],
        [owner, '/api/personal-skills/my-notes/files/docs/notes.md'],
      ] as const) {
        expect((await person.client.request('GET', route)).status).toBe(404);
      }
      const theft = await stranger.client.request('POST', '/api/personal-skills/my-notes/save', {
        json: { baseRevision: saved.body.revision, edits: [{ type: 'delete', path: 'docs' }] },
      });
      expect(theft.status).toBe(404);
      expect(await readFile(path.join(directory, 'docs/notes.md'), 'utf8')).toBe('two\n');
      const entries = await auditEntries(server, 'my-notes');
      expect(entries.map((entry) => [entry.action, entry.actorId, entry.targetType])).toEqual([
        ['personal_skill.file_written', reader.id, 'personal_skill'],
        ['personal_skill.saved', reader.id, 'personal_skill'],
      ]);
    },
  );

  it.skipIf(backend.skip)(
    'P2 export answers the deterministic ZIP bundle; readers may export, strangers may not',
    async () => {
      const { id } = await sharedSkill();
      const first = await server.app.request(`/api/skills/${id}/export`, {
        headers: { authorization: `Bearer ${reader.token}` },
      });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/zip');
      expect(first.headers.get('content-disposition')).toBe(`attachment; filename="${id}.zip"`);
      const bytes = Buffer.from(await first.arrayBuffer());
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      expect(bytes.includes(Buffer.from(`${id}/SKILL.md`))).toBe(true);
      const second = Buffer.from(
        await (
          await server.app.request(`/api/skills/${id}/export`, {
            headers: { authorization: `Bearer ${owner.token}` },
          })
        ).arrayBuffer(),
      );
      expect(second.equals(bytes)).toBe(true);
      expect((await stranger.client.request('GET', `/api/skills/${id}/export`)).status).toBe(404);
    },
  );

  it.skipIf(backend.skip)(
    'P3 bodies: over 1 MiB is 413, malformed JSON and unknown edit kinds 400, a save over the skill budget 413 with nothing written',
    async () => {
      const { id, revision } = await sharedSkill({ 'data/blob.bin': randomBytes(9.9 * 1024 * 1024) });
      const huge = await owner.client.request('POST', `/api/skills/${id}/save`, {
        body: `{"baseRevision":"${revision}","edits":[{"type":"create","path":"x","content":"${'x'.repeat(1024 * 1024)}"}]}`,
        headers: { 'content-type': 'application/json' },
      });
      expect([huge.status, huge.body.error.code]).toEqual([413, 'body_too_large']);
      const malformed = await owner.client.request('POST', `/api/skills/${id}/save`, {
        body: '{"baseRevision": ',
        headers: { 'content-type': 'application/json' },
      });
      expect([malformed.status, malformed.body.error.code]).toEqual([400, 'invalid_request']);
      for (const json of [
        { baseRevision: revision, edits: [{ type: 'chmod', path: 'x' }] },
        { baseRevision: 'HEAD', edits: [{ type: 'mkdir', path: 'x' }] },
        { baseRevision: revision, edits: [] },
        {
          baseRevision: revision,
          edits: [{ type: 'create', path: 'x.bin', content: 'not base64!', encoding: 'base64' }],
        },
      ]) {
        const answer = await owner.client.request('POST', `/api/skills/${id}/save`, { json });
        expect([answer.status, answer.body.error.code]).toEqual([400, 'invalid_request']);
      }
      const packages = await storedPackages(server);
      const over = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: {
          baseRevision: revision,
          edits: [
            {
              type: 'create',
              path: 'data/more.bin',
              content: randomBytes(700 * 1024).toString('base64'),
              encoding: 'base64',
            },
          ],
        },
      });
      expect(over.status).toBe(413);
      expect(over.body.error.code).toMatch(/^archive_too_large/);
      expect(await storedPackages(server)).toEqual(packages);
      expect((await row(id)).contentRef).toBe(revision);
    },
    60_000,
  );

  it.skipIf(backend.skip)('API the edit routes are in /openapi.json', async () => {
    const document = (await owner.client.request('GET', '/openapi.json')).body;
    for (const route of [
      '/api/skills/{id}/tree',
      '/api/skills/{id}/save',
      '/api/skills/{id}/export',
      '/api/personal-skills/{id}/save',
    ]) {
      expect(Object.keys(document.paths)).toContain(route);
    }
    const file = document.paths['/api/skills/{id}/files/{path}'];
    expect(Object.keys(file)).toEqual(['get', 'put']);
    expect(file.get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['id', 'path']);
  });
});
