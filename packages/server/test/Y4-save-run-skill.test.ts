/**
 * Issue 24 item 3, SPEC Y4, Y15, SEC1 over HTTP: "Save as personal skill" turns a folder of a
 * run's files into a personal skill through the upload path — the owner's run only, a finished
 * one, a folder walked without following links; traversal, links, oversized folders, another
 * user's run and tokens without the scopes are refused with nothing installed. On PGlite and
 * PostgreSQL. The oversized folders (2,001 files, 51 MB) are in the `.integration` file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../src/auth/api-tokens.js';
import { schema } from '../src/index.js';
import {
  auditEntries,
  draftFolders,
  draftRowIds,
  type InstallTestServer,
  skillMarkdown,
} from './install/install-fixtures.js';
import { type SaveRunSkillSetup, startSaveRunSkillServer } from './install/save-run-skill-fixtures.js';
import { TEST_BACKENDS } from './support/test-databases.js';

describe.each(TEST_BACKENDS)('Y4 save a run folder as a personal skill on $name', (backend) => {
  let fixture: SaveRunSkillSetup;
  let setup: InstallTestServer;
  let alice: SaveRunSkillSetup['alice'];
  let bob: SaveRunSkillSetup['bob'];

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    fixture = await startSaveRunSkillServer(await backend.openMigrated());
    ({ setup, alice, bob } = fixture);
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await setup.close();
  });

  const runWith: SaveRunSkillSetup['runWith'] = (...args) => fixture.runWith(...args);
  const save: SaveRunSkillSetup['save'] = (...args) => fixture.save(...args);
  const personalSkill: SaveRunSkillSetup['personalSkill'] = (...args) => fixture.personalSkill(...args);

  it.skipIf(backend.skip)(
    'Y4 the owner saves the folder holding SKILL.md as a personal skill in one request, through a draft that is gone afterwards',
    async () => {
      const run = await runWith(alice.id, {
        'report.md': '# not part of it\n',
        'minutes/SKILL.md': skillMarkdown('minutes'),
        'minutes/scripts/format.py': 'print("minutes")\n',
      });
      const draftsBefore = await draftRowIds(setup.server);
      const answer = await save(alice.client, run.id, 'minutes');
      expect(answer.status).toBe(201);
      expect(answer.body.installed).toMatchObject({ id: 'minutes', kind: 'personal', name: 'minutes' });
      expect(answer.body.installed.revision).toMatch(/^sha256:/);
      const installed = personalSkill(alice.id, 'minutes');
      expect(readFileSync(path.join(installed, 'scripts/format.py'), 'utf8')).toBe('print("minutes")\n');
      expect(existsSync(path.join(installed, 'report.md'))).toBe(false);
      // The draft was confirmed: neither its row nor its staged content is left.
      expect(await draftRowIds(setup.server)).toEqual(draftsBefore);
      expect(draftFolders(setup.dataDir)).not.toContain(answer.body.installed.id);
      const listed = await alice.client.request('GET', '/api/me/skills');
      expect(listed.body.skills.map((skill: { id: string }) => skill.id)).toContain('minutes');
      expect((await auditEntries(setup.server, 'personal_skill.installed')).at(-1)).toMatchObject({
        actorId: alice.id,
        targetId: 'minutes',
      });
    },
  );

  it.skipIf(backend.skip)(
    'Y4 a SKILL.md at the top of the run folder is saved with folder "" or "."',
    async () => {
      const run = await runWith(alice.id, { 'SKILL.md': skillMarkdown('toplevel') });
      const answer = await save(alice.client, run.id, '.');
      expect(answer.status).toBe(201);
      expect(answer.body.installed.id).toBe('toplevel');
    },
  );

  it.skipIf(backend.skip)(
    'Y4 a second save of the same skill is 409 skill_exists saying what to do, the first one untouched',
    async () => {
      const run = await runWith(alice.id, {
        'notes/SKILL.md': skillMarkdown('notes', 'metadata:\n  v: "1"\n'),
      });
      expect((await save(alice.client, run.id, 'notes')).status).toBe(201);
      const before = readFileSync(path.join(personalSkill(alice.id, 'notes'), 'SKILL.md'), 'utf8');
      const draftsBefore = await draftRowIds(setup.server);
      const again = await runWith(alice.id, {
        'notes/SKILL.md': skillMarkdown('notes', 'metadata:\n  v: "2"\n'),
      });
      const answer = await save(alice.client, again.id, 'notes');
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('skill_exists');
      expect(answer.body.error.message).toContain('Change the name in the folder’s SKILL.md');
      expect(answer.body.error.message).not.toContain(setup.dataDir);
      expect(answer.body.error.details).toEqual({ id: 'notes' });
      expect(readFileSync(path.join(personalSkill(alice.id, 'notes'), 'SKILL.md'), 'utf8')).toBe(before);
      expect(await draftRowIds(setup.server)).toEqual(draftsBefore);
    },
  );

  it.skipIf(backend.skip)(
    'Y4 a folder without SKILL.md is 422 no_skill_file, and an invalid SKILL.md is 422 with diagnostics naming the file and line',
    async () => {
      const run = await runWith(alice.id, {
        'plain/readme.txt': 'hello\n',
        'broken/SKILL.md': '---\nname: broken\ndescription: [unclosed\n---\n# Broken\n',
      });
      const missing = await save(alice.client, run.id, 'plain');
      expect(missing.status).toBe(422);
      expect(missing.body.error.code).toBe('no_skill_file');
      const invalid = await save(alice.client, run.id, 'broken');
      expect(invalid.status).toBe(422);
      expect(invalid.body.error.code).toBe('invalid_skill');
      const diagnostics = invalid.body.error.details?.diagnostics ?? [];
      expect(diagnostics.length).toBeGreaterThan(0);
      expect(diagnostics[0]).toMatchObject({ severity: 'error', file: expect.stringContaining('SKILL.md') });
      expect(typeof diagnostics[0].line).toBe('number');
      expect(existsSync(personalSkill(alice.id, 'broken'))).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'SEC1 traversal in the folder path — .., absolute, percent-encoded, backslashes — is 400 and nothing outside the run is read',
    async () => {
      // A skill next to the run folders: what a traversal would reach.
      const other = await runWith(bob.id, { 'stolen/SKILL.md': skillMarkdown('stolen') });
      const run = await runWith(alice.id, { 'ok/SKILL.md': skillMarkdown('okay') });
      for (const folder of [
        `../${other.id}/stolen`,
        'ok/../../x',
        '..',
        path.join(other.workFolder, 'stolen'),
        '/etc',
        '%2e%2e/%2e%2e',
        'ok%2f..%2f..',
        '..\\..\\stolen',
        'ok/\u0000',
      ]) {
        const answer = await save(alice.client, run.id, folder);
        expect(answer.status, folder).toBe(400);
        // A NUL never reaches the route: the malformed-text guard refuses the body (SEC11).
        expect(answer.body.error.code, folder).toBe(
          folder.includes('\u0000') ? 'invalid_request' : 'unsafe_file_path',
        );
      }
      expect(existsSync(personalSkill(alice.id, 'stolen'))).toBe(false);
      const unsafe = await save(alice.client, run.id, '../x');
      expect(unsafe.status).toBe(400);
      expect(unsafe.body.error.code).toBe('unsafe_file_path');
    },
  );

  it.skipIf(backend.skip)(
    'Y15 a symlink in the folder pointing outside refuses the save; a linked folder is refused too',
    async () => {
      const secret = path.join(setup.dataDir, 'outside-secret.txt');
      await writeFile(secret, 'DATA-SECRET');
      const run = await runWith(alice.id, { 'linked/SKILL.md': skillMarkdown('linked') });
      await symlink(secret, path.join(run.workFolder, 'linked', 'leak.txt'));
      const answer = await save(alice.client, run.id, 'linked');
      expect(answer.status).toBe(422);
      expect(answer.body.error.code).toMatch(/symlink/);
      expect(JSON.stringify(answer.body)).not.toContain('DATA-SECRET');
      expect(existsSync(personalSkill(alice.id, 'linked'))).toBe(false);

      const outside = await runWith(bob.id, { 'theirs/SKILL.md': skillMarkdown('theirs') });
      await symlink(path.join(outside.workFolder, 'theirs'), path.join(run.workFolder, 'alias'));
      const aliased = await save(alice.client, run.id, 'alias');
      expect(aliased.status).toBe(403);
      expect(aliased.body.error.code).toBe('symlink_refused');
      expect(existsSync(personalSkill(alice.id, 'theirs'))).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    "Y15 another user's run is 404 and a run still working is 409, with nothing installed",
    async () => {
      const run = await runWith(alice.id, { 'mine/SKILL.md': skillMarkdown('mine') });
      const stolen = await save(bob.client, run.id, 'mine');
      expect(stolen.status).toBe(404);
      expect(existsSync(personalSkill(bob.id, 'mine'))).toBe(false);
      expect((await save(alice.client, crypto.randomUUID(), 'mine')).status).toBe(404);
      expect((await save(alice.client, '.hidden', 'mine')).status).toBe(400);

      const working = await runWith(alice.id, { 'busy/SKILL.md': skillMarkdown('busy') }, 'running');
      const busy = await save(alice.client, working.id, 'busy');
      expect(busy.status).toBe(409);
      expect(busy.body.error.code).toBe('run_active');
      expect(existsSync(personalSkill(alice.id, 'busy'))).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'issue 24 a token needs skills:write and conversations:read; with both it saves',
    async () => {
      const run = await runWith(alice.id, { 'tokened/SKILL.md': skillMarkdown('tokened') });
      const { db } = setup.server.database;
      const call = async (input: Parameters<typeof createApiToken>[1]) => {
        const { token } = await createApiToken(db, input);
        return setup.server.app.request(`/api/runs/${run.id}/files/save-as-skill`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ folder: 'tokened' }),
        });
      };
      const readOnly = await call({
        userId: alice.id,
        name: 'r',
        scopes: ['skills:read', 'conversations:read'],
      });
      expect(readOnly.status).toBe(403);
      expect(((await readOnly.json()) as { error: { code: string } }).error.code).toBe('token_read_only');
      const noWrite = await call({
        userId: alice.id,
        name: 'w',
        scopes: ['agents:write', 'conversations:read'],
      });
      expect(noWrite.status).toBe(403);
      expect(((await noWrite.json()) as { error: { code: string } }).error.code).toBe('token_scope_missing');
      const noRead = await call({ userId: alice.id, name: 's', scopes: ['skills:write'] });
      expect(noRead.status).toBe(403);
      expect(((await noRead.json()) as { error: { details: unknown } }).error.details).toEqual({
        scope: 'conversations:read',
      });
      expect(existsSync(personalSkill(alice.id, 'tokened'))).toBe(false);
      const both = await call({
        userId: alice.id,
        name: 'b',
        scopes: ['skills:write', 'conversations:read'],
      });
      expect(both.status).toBe(201);
      expect(existsSync(path.join(personalSkill(alice.id, 'tokened'), 'SKILL.md'))).toBe(true);
      await db.delete(schema.apiTokens).where(eq(schema.apiTokens.userId, alice.id));
    },
  );
});
