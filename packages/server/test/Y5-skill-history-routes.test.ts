/**
 * Issue 24 item 3 over HTTP: the history of shared and personal skills — every save recorded with
 * its author and time (the content it replaced first, as the baseline), a revision's tree and files
 * for the diff, restore as a new revision from the revision shown (stale → 409, audited) — with the
 * permission matrix (reader reads, only editors restore, another user's personal skill is 404) and
 * hostile input (malformed, unknown and foreign revisions, pruned packages, unsafe paths). On
 * PGlite and PostgreSQL.
 */
import { chmod, rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLayout, revisionFolderName } from '../src/content/index.js';
import { schema } from '../src/index.js';
import {
  listSkillHistory,
  recordSkillRevision,
  SKILL_HISTORY_LIMIT,
} from '../src/skill-content/skill-history.js';
import {
  addPerson,
  auditEntries,
  openContentApp,
  publishSharedSkill,
  skillMarkdown,
  storedPackages,
  type TestPerson,
  writePersonalSkill,
} from './support/skill-content-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { TEST_BACKENDS } from './support/test-databases.js';

interface HistoryEntry {
  revision: string;
  action: string;
  author: { id: string; displayName: string } | null;
  createdAt: string;
  stored: boolean;
}

describe.each(TEST_BACKENDS)('skill history routes on $name', (backend) => {
  let server: TestApp;
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let owner: TestPerson;
  let reader: TestPerson;
  let stranger: TestPerson;
  const department = '5b1e7c58-0000-4000-8000-000000000024';
  let serial = 0;

  /** A shared skill owned by `owner`, readable (not editable) by the department's `reader`. */
  async function sharedSkill() {
    const id = `hist-${++serial}`;
    const revision = await publishSharedSkill(server, id, {
      ownerId: owner.id,
      readScope: { kind: 'departments', departmentIds: [department] },
      manageScope: { kind: 'departments', departmentIds: [] },
      files: { 'notes.md': 'first notes\n' },
    });
    return { id, revision };
  }

  async function save(person: TestPerson, base: string, id: string, baseRevision: string, notes: string) {
    const file = await person.client.request('GET', `${base}/${id}/files/notes.md`);
    const saved = await person.client.request('POST', `${base}/${id}/save`, {
      json: {
        baseRevision,
        edits: [{ type: 'write', path: 'notes.md', content: notes, sha256: file.body.sha256 }],
      },
    });
    expect(saved.status).toBe(200);
    return saved.body.revision as string;
  }

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'history');
    server = started.server;
    await server.database.db.insert(schema.departments).values({ id: department, name: 'Docs' });
    owner = await addPerson(server, 'owner', 'admin', [department]);
    reader = await addPerson(server, 'reader', 'user', [department]);
    stranger = await addPerson(server, 'stranger', 'user');
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  it.skipIf(backend.skip)(
    'a shared skill lists every save with author and time, newest first, the replaced content as its baseline; readers read old revisions, strangers get 404',
    async () => {
      const { id, revision } = await sharedSkill();
      const empty = await owner.client.request('GET', `/api/skills/${id}/history`);
      expect(empty.body).toEqual({ revision, entries: [] });
      const second = await save(owner, '/api/skills', id, revision, 'second notes\n');
      const third = await save(owner, '/api/skills', id, second, 'third notes\n');
      const history = await reader.client.request('GET', `/api/skills/${id}/history`);
      expect(history.status).toBe(200);
      expect(history.body.revision).toBe(third);
      const entries = history.body.entries as HistoryEntry[];
      expect(
        entries.map((entry) => [entry.revision, entry.action, entry.author?.id ?? null, entry.stored]),
      ).toEqual([
        [third, 'saved', owner.id, true],
        [second, 'saved', owner.id, true],
        [revision, 'baseline', null, true],
      ]);
      expect(entries[0]!.author?.displayName).toBe('owner');
      expect(Date.parse(entries[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.createdAt));
      // The replaced packages stay stored while the history names them.
      const stored = await storedPackages(server);
      for (const kept of [revision, second, third]) expect(stored).toContain(revisionFolderName(kept));
      const oldTree = await reader.client.request('GET', `/api/skills/${id}/history/${revision}/tree`);
      expect(oldTree.status).toBe(200);
      expect(oldTree.body.revision).toBe(revision);
      expect(oldTree.body.entries.map((entry: { path: string }) => entry.path)).toEqual([
        'SKILL.md',
        'notes.md',
      ]);
      const oldFile = await reader.client.request(
        'GET',
        `/api/skills/${id}/history/${revision}/files/notes.md`,
      );
      expect(oldFile.body).toMatchObject({ content: 'first notes\n', encoding: 'utf8', revision });
      for (const url of [
        `/api/skills/${id}/history`,
        `/api/skills/${id}/history/${revision}/tree`,
        `/api/skills/${id}/history/${revision}/files/notes.md`,
      ]) {
        const refused = await stranger.client.request('GET', url);
        expect([url, refused.status, refused.body.error.code]).toEqual([url, 404, 'not_found']);
      }
    },
  );

  it.skipIf(backend.skip)(
    'restore makes an old revision current as a new history entry, synced and audited; a reader gets 403, a stale base 409, and nothing changes',
    async () => {
      const { id, revision } = await sharedSkill();
      const skillMd = await owner.client.request('GET', `/api/skills/${id}/files/SKILL.md`);
      const renamed = await owner.client.request('POST', `/api/skills/${id}/save`, {
        json: {
          baseRevision: revision,
          edits: [
            {
              type: 'write',
              path: 'SKILL.md',
              content: skillMd.body.content.replace(`name: ${id}`, 'name: Renamed'),
              sha256: skillMd.body.sha256,
            },
          ],
        },
      });
      const current = renamed.body.revision as string;
      const [renamedRow] = await server.database.db
        .select()
        .from(schema.skills)
        .where(eq(schema.skills.id, id));
      expect(renamedRow!.name).toBe('Renamed');

      const byReader = await reader.client.request('POST', `/api/skills/${id}/history/${revision}/restore`, {
        json: { baseRevision: current },
      });
      expect([byReader.status, byReader.body.error.code]).toEqual([403, 'forbidden']);
      const stale = await owner.client.request('POST', `/api/skills/${id}/history/${revision}/restore`, {
        json: { baseRevision: revision },
      });
      expect([stale.status, stale.body.error.code]).toEqual([409, 'revision_conflict']);
      const [unchanged] = await server.database.db
        .select()
        .from(schema.skills)
        .where(eq(schema.skills.id, id));
      expect(unchanged!.contentRef).toBe(current);

      const restored = await owner.client.request('POST', `/api/skills/${id}/history/${revision}/restore`, {
        json: { baseRevision: current },
      });
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({
        revision,
        baseRevision: current,
        changed: true,
        skill: { name: id },
      });
      const [row] = await server.database.db.select().from(schema.skills).where(eq(schema.skills.id, id));
      expect([row!.contentRef, row!.name]).toEqual([revision, id]);
      const history = await owner.client.request('GET', `/api/skills/${id}/history`);
      expect(
        (history.body.entries as HistoryEntry[]).map((entry) => [
          entry.revision,
          entry.action,
          entry.author?.id ?? null,
        ]),
      ).toEqual([
        [revision, 'restored', owner.id],
        [current, 'saved', owner.id],
        [revision, 'baseline', null],
      ]);
      const audit = await auditEntries(server, id);
      expect(audit.map((entry) => entry.action)).toEqual(['skill.saved', 'skill.revision_restored']);
      expect(audit[1]!.details).toMatchObject({ baseRevision: current, revision });
      // Restoring what is current already changes nothing.
      const again = await owner.client.request('POST', `/api/skills/${id}/history/${revision}/restore`, {
        json: { baseRevision: revision },
      });
      expect(again.body).toMatchObject({ changed: false, revision });
      expect((await owner.client.request('GET', `/api/skills/${id}/history`)).body.entries).toHaveLength(3);
    },
  );

  it.skipIf(backend.skip)(
    'malformed, unknown and foreign revisions, unsafe paths and pruned packages are refused with their own codes, never a 500',
    async () => {
      const { id, revision } = await sharedSkill();
      const saved = await save(owner, '/api/skills', id, revision, 'changed\n');
      const other = await sharedSkill();
      const otherSaved = await save(owner, '/api/skills', other.id, other.revision, 'theirs\n');

      const malformed = await owner.client.request('GET', `/api/skills/${id}/history/sha256:zz/tree`);
      expect(malformed.status).toBe(400);
      const unknown = `sha256:${'a'.repeat(64)}`;
      const missing = await owner.client.request('GET', `/api/skills/${id}/history/${unknown}/tree`);
      expect([missing.status, missing.body.error.code]).toEqual([404, 'revision_not_found']);
      // Another skill's revision is not reachable through this skill, though its package is stored.
      for (const foreign of [other.revision, otherSaved]) {
        const read = await owner.client.request('GET', `/api/skills/${id}/history/${foreign}/files/notes.md`);
        expect([read.status, read.body.error.code]).toEqual([404, 'revision_not_found']);
        const restore = await owner.client.request('POST', `/api/skills/${id}/history/${foreign}/restore`, {
          json: { baseRevision: saved },
        });
        expect([restore.status, restore.body.error.code]).toEqual([404, 'revision_not_found']);
      }
      for (const unsafe of ['..%2F..%2Fetc%2Fpasswd', 'a%00b', '%ZZ']) {
        const read = await owner.client.request(
          'GET',
          `/api/skills/${id}/history/${revision}/files/${unsafe}`,
        );
        expect([unsafe, read.status]).toEqual([unsafe, 400]);
      }
      const extraKey = await owner.client.request('POST', `/api/skills/${id}/history/${revision}/restore`, {
        json: { baseRevision: saved, force: true },
      });
      expect(extraKey.status).toBe(400);

      // A package gone from the store: the history says so, reads and restores refuse, nothing breaks.
      await rm(path.join(contentLayout(server.dataDir).packagesDirectory, revisionFolderName(revision)), {
        recursive: true,
      });
      const history = await owner.client.request('GET', `/api/skills/${id}/history`);
      expect((history.body.entries as HistoryEntry[]).map((entry) => [entry.revision, entry.stored])).toEqual(
        [
          [saved, true],
          [revision, false],
        ],
      );
      const pruned = await owner.client.request('GET', `/api/skills/${id}/history/${revision}/tree`);
      expect([pruned.status, pruned.body.error.code]).toEqual([404, 'revision_pruned']);
      const restorePruned = await owner.client.request(
        'POST',
        `/api/skills/${id}/history/${revision}/restore`,
        {
          json: { baseRevision: saved },
        },
      );
      expect([restorePruned.status, restorePruned.body.error.code]).toEqual([404, 'revision_pruned']);
      const [row] = await server.database.db.select().from(schema.skills).where(eq(schema.skills.id, id));
      expect(row!.contentRef).toBe(saved);
    },
  );

  it.skipIf(backend.skip)(
    "a personal skill's saves are snapshotted with their baseline; its owner reads and restores them, another user gets 404",
    async () => {
      const directory = await writePersonalSkill(server, reader.id, 'journal', {
        'notes.md': 'day one\n',
        'run.sh': '#!/bin/sh\necho one\n',
      });
      await chmod(path.join(directory, 'run.sh'), 0o755);
      const base = '/api/personal-skills';
      const tree = await reader.client.request('GET', `${base}/journal/tree`);
      expect((await reader.client.request('GET', `${base}/journal/history`)).body.entries).toEqual([]);
      const second = await save(reader, base, 'journal', tree.body.revision, 'day two\n');
      const history = await reader.client.request('GET', `${base}/journal/history`);
      const entries = history.body.entries as HistoryEntry[];
      expect(entries.map((entry) => [entry.action, entry.author?.id ?? null, entry.stored])).toEqual([
        ['saved', reader.id, true],
        ['baseline', null, true],
      ]);
      expect(entries[0]!.revision).toBe(second);
      const baseline = entries[1]!.revision;
      const old = await reader.client.request('GET', `${base}/journal/history/${baseline}/files/notes.md`);
      expect(old.body.content).toBe('day one\n');

      // Another user: the same id names nothing of theirs.
      await writePersonalSkill(server, stranger.id, 'journal', { 'notes.md': 'other\n' });
      const theirs = await stranger.client.request('GET', `${base}/journal/history/${baseline}/tree`);
      expect([theirs.status, theirs.body.error.code]).toEqual([404, 'revision_not_found']);
      const strangerRestore = await stranger.client.request(
        'POST',
        `${base}/journal/history/${baseline}/restore`,
        {
          json: { baseRevision: second },
        },
      );
      expect(strangerRestore.status).toBe(404);
      expect((await stranger.client.request('GET', `${base}/nothing-here/history`)).status).toBe(404);

      const stale = await reader.client.request('POST', `${base}/journal/history/${baseline}/restore`, {
        json: { baseRevision: baseline },
      });
      expect([stale.status, stale.body.error.code]).toEqual([409, 'revision_conflict']);
      const restored = await reader.client.request('POST', `${base}/journal/history/${baseline}/restore`, {
        json: { baseRevision: second },
      });
      expect([restored.status, restored.body.error]).toEqual([200, undefined]);
      expect(restored.body).toMatchObject({ revision: baseline, changed: true });
      const now = await reader.client.request('GET', `${base}/journal/files/notes.md`);
      expect(now.body.content).toBe('day one\n');
      const script = await reader.client.request('GET', `${base}/journal/files/run.sh`);
      expect([script.body.content, script.body.executable]).toEqual(['#!/bin/sh\necho one\n', true]);
      const after = (await reader.client.request('GET', `${base}/journal/history`)).body
        .entries as HistoryEntry[];
      expect(after.map((entry) => [entry.revision, entry.action])).toEqual([
        [baseline, 'restored'],
        [second, 'saved'],
        [baseline, 'baseline'],
      ]);
      const audit = await auditEntries(server, 'journal');
      expect(audit.map((entry) => entry.action)).toContain('personal_skill.revision_restored');

      // Deleting the skill forgets its history; a new skill of the same id starts a new one.
      expect((await reader.client.request('DELETE', '/api/me/skills/journal')).status).toBe(200);
      await writePersonalSkill(server, reader.id, 'journal', { 'notes.md': skillMarkdown('x') });
      expect((await reader.client.request('GET', `${base}/journal/history`)).body.entries).toEqual([]);
      expect(directory).toContain('journal');
    },
  );

  it.skipIf(backend.skip)(
    'a history keeps only its newest revisions, and deleting a shared skill forgets its history',
    async () => {
      const { db } = server.database;
      const key = { kind: 'shared', skillId: 'limit-check' } as const;
      for (let index = 0; index < SKILL_HISTORY_LIMIT + 5; index++)
        await recordSkillRevision(db, key, {
          revision: `sha256:${index.toString(16).padStart(64, '0')}`,
          action: 'saved',
          authorId: owner.id,
        });
      const kept = await listSkillHistory(db, key);
      expect(kept).toHaveLength(SKILL_HISTORY_LIMIT);
      expect(kept[0]!.revision).toBe(`sha256:${(SKILL_HISTORY_LIMIT + 4).toString(16).padStart(64, '0')}`);
      expect(kept.at(-1)!.revision).toBe(`sha256:${(5).toString(16).padStart(64, '0')}`);

      const { id, revision } = await sharedSkill();
      await save(owner, '/api/skills', id, revision, 'gone soon\n');
      expect(await listSkillHistory(db, { kind: 'shared', skillId: id })).toHaveLength(2);
      expect((await owner.client.request('DELETE', `/api/skills/${id}`)).status).toBe(200);
      expect(await listSkillHistory(db, { kind: 'shared', skillId: id })).toEqual([]);
    },
  );
});
