/**
 * SPEC Y7, Y15 (issue 13 §3): each user's read-only projection of the enabled builtin and shared
 * skills it may read — exactly those, rebuilt when scopes, enable state or content change, unchanged
 * entries kept as they are, one consistent projection under concurrent ensures (also from a second
 * connection on the same PostgreSQL and data folder), links planted anywhere refused and never
 * followed, another user's projection never touched, and a failure at any write step leaving the old
 * projection or the new one, never a mix. On PGlite and PostgreSQL, with packages published through
 * the content layer.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  chmod,
  link,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  unlink,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contentLayout, publishPackages } from '../src/content/index.js';
import { type Database, openDatabase, schema, silentLogger, type Viewer } from '../src/index.js';
import { referencedRevisions } from '../src/skill-content/referenced-revisions.js';
import {
  ensureUserProjection,
  type ProjectionContext,
  type ProjectionStep,
  removeUserProjection,
  syncBuiltinSkills,
  userProjectionPaths,
} from '../src/testing.js';
import {
  addPerson,
  openContentApp,
  publishSharedSkill,
  skillMarkdown,
  startContentServer,
  writeFiles,
} from './support/skill-content-fixtures.js';
import { temporaryFolder } from './support/temporary-folder.js';
import type { TestApp } from './support/test-app.js';
import {
  createThrowawayPostgres,
  describeOnPostgres,
  POSTGRES_ADMIN_URL,
  POSTGRES_AVAILABLE,
  TEST_BACKENDS,
} from './support/test-databases.js';

/** Every entry under `root` (not following links): path, type, permission bits and content digest. */
async function snapshot(root: string): Promise<string[]> {
  const lines: string[] = [];
  const walk = async (directory: string, prefix: string) => {
    for (const name of (await readdir(directory)).sort()) {
      const absolute = path.join(directory, name);
      const relative = `${prefix}${name}`;
      const stats = await lstat(absolute);
      const mode = (stats.mode & 0o777).toString(8);
      if (stats.isSymbolicLink()) lines.push(`${relative} link ${await readlink(absolute)}`);
      else if (stats.isDirectory()) {
        lines.push(`${relative}/ ${mode}`);
        await walk(absolute, `${relative}/`);
      } else
        lines.push(
          `${relative} ${mode} ${createHash('sha256')
            .update(await readFile(absolute))
            .digest('hex')}`,
        );
    }
  };
  await walk(root, '');
  return lines;
}

/** The names in a folder, or [] when it does not exist. */
async function namesIn(directory: string): Promise<string[]> {
  return (await readdir(directory).catch(() => [] as string[])).sort();
}

describe.each(TEST_BACKENDS)('Y7 projections on $name', (backend) => {
  let server: TestApp;
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let builtins: Awaited<ReturnType<typeof temporaryFolder>>;
  let outside: Awaited<ReturnType<typeof temporaryFolder>>;
  let context: ProjectionContext;
  let ann: Viewer;
  let bob: Viewer;
  let root: Viewer;
  /** The two revisions of `notes` (both kept in the package store). */
  let notesFirst: string;
  let notesSecond: string;
  const sales = randomUUID();

  const viewer = async (username: string, role: Viewer['role'], departmentIds: string[] = []) => {
    const person = await addPerson(server, username, role, departmentIds);
    return { id: person.id, username, role, departmentIds };
  };
  const setRow = (id: string, values: Partial<typeof schema.skills.$inferInsert>) =>
    server.database.db.update(schema.skills).set(values).where(eq(schema.skills.id, id));
  const setReadUsers = async (id: string, userIds: string[]) => {
    const { db } = server.database;
    await db.transaction(async (tx) => {
      await tx
        .delete(schema.skillScopeMembers)
        .where(
          sql`${schema.skillScopeMembers.skillId} = ${id} and ${schema.skillScopeMembers.scope} = 'read'`,
        );
      if (userIds.length > 0)
        await tx
          .insert(schema.skillScopeMembers)
          .values(userIds.map((userId) => ({ skillId: id, scope: 'read' as const, userId })));
    });
  };
  const stagingLeft = () => namesIn(contentLayout(server.dataDir).stagingDirectory);
  const skillsOf = (user: Viewer) => userProjectionPaths(context.content.layout, user.id).skillsDirectory;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    builtins = await temporaryFolder('y7-builtin');
    outside = await temporaryFolder('y7-outside');
    await writeFiles(path.join(builtins.path, 'house-style'), {
      'SKILL.md': skillMarkdown('house-style'),
      'scripts/check.sh': '#!/bin/sh\necho ok\n',
    });
    await chmod(path.join(builtins.path, 'house-style', 'scripts', 'check.sh'), 0o755);
    started = await openContentApp(await backend.openMigrated(), 'y7', builtins.path);
    server = started.server;
    context = {
      db: server.database.db,
      content: { layout: contentLayout(server.dataDir), builtinDirectory: builtins.path },
      logger: silentLogger,
    };
    await server.database.db.insert(schema.departments).values({ id: sales, name: 'Sales' });
    ann = await viewer('ann', 'user');
    bob = await viewer('bob', 'user', [sales]);
    root = await viewer('root', 'superadmin');
    await publishSharedSkill(server, 'team-guide', {
      files: { 'references/faq.md': '# FAQ\n', 'scripts/run.sh': '#!/bin/sh\necho hi\n' },
    });
    await publishSharedSkill(server, 'sales-playbook', {
      readScope: { kind: 'departments', departmentIds: [sales] },
      files: { 'plan.md': 'Q3 pricing\n' },
    });
    await publishSharedSkill(server, 'ann-only', { readScope: { kind: 'users', userIds: [ann.id] } });
    await publishSharedSkill(server, 'old-skill', { enabled: false });
    notesFirst = await publishSharedSkill(server, 'notes', {
      readScope: { kind: 'users', userIds: [ann.id] },
    });
    // A second revision of `notes`, kept in the store beside the first, as an edit would publish it.
    const source = path.join(outside.path, 'notes-second');
    await writeFiles(source, {
      'SKILL.md': skillMarkdown('notes'),
      'extra.md': 'new in the second revision\n',
    });
    const layout = contentLayout(server.dataDir);
    const referenced = referencedRevisions(server.database.db);
    let published: string | undefined;
    await publishPackages(layout, {
      sources: [source],
      commit: async ([revision]) => {
        published = revision;
      },
      referencedRevisions: async () => new Set([...(await referenced()), notesFirst, published ?? '']),
    });
    notesSecond = published!;
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
    await builtins.remove();
    await outside.remove();
  });
  beforeEach(async () => {
    if (backend.skip !== undefined) return;
    // Each test starts from the same database state.
    await setRow('notes', { contentRef: notesFirst, contentHash: notesFirst, enabled: true });
    await setRow('team-guide', { enabled: true });
    await setReadUsers('ann-only', [ann.id]);
    await setReadUsers('notes', [ann.id]);
  });

  it.skipIf(backend.skip)('Y7 a user sees exactly the enabled skills it may read, read-only', async () => {
    const projection = await ensureUserProjection(context, ann);
    expect(projection.entries.map((entry) => entry.id)).toEqual([
      'ann-only',
      'house-style',
      'notes',
      'team-guide',
    ]);
    expect(await namesIn(projection.directory)).toEqual(['ann-only', 'house-style', 'notes', 'team-guide']);
    expect(projection.entries.find((entry) => entry.id === 'house-style')?.kind).toBe('builtin');
    expect(projection.entries.find((entry) => entry.id === 'notes')?.revision).toBe(notesFirst);
    const guide = await snapshot(path.join(projection.directory, 'team-guide'));
    expect(guide.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual([
      'SKILL.md 444',
      'references/ 555',
      'references/faq.md 444',
      'scripts/ 555',
      'scripts/run.sh 444',
    ]);
    // The executable bit is kept: 0555.
    expect(
      (await snapshot(path.join(projection.directory, 'house-style'))).map((line) =>
        line.split(' ').slice(0, 2).join(' '),
      ),
    ).toEqual(['SKILL.md 444', 'scripts/ 555', 'scripts/check.sh 555']);
    expect((await stat(path.join(projection.directory, 'team-guide'))).mode & 0o777).toBe(0o555);
    expect(await readFile(path.join(projection.directory, 'team-guide/references/faq.md'), 'utf8')).toBe(
      '# FAQ\n',
    );
    expect((await ensureUserProjection(context, bob)).entries.map((entry) => entry.id)).toEqual([
      'house-style',
      'sales-playbook',
      'team-guide',
    ]);
    // The superadmin reads disabled skills in the API; a projection holds enabled ones only.
    expect((await ensureUserProjection(context, root)).entries.map((entry) => entry.id)).not.toContain(
      'old-skill',
    );
    expect(await stagingLeft()).toEqual([]);
  });

  it.skipIf(backend.skip)('Y7 nothing changed: a no-op that rewrites nothing', async () => {
    await ensureUserProjection(context, ann);
    const manifest = userProjectionPaths(context.content.layout, ann.id).manifestFile;
    const before = await stat(manifest);
    const again = await ensureUserProjection(context, ann);
    expect(again.changes).toEqual({ written: [], revoked: [], kept: [] });
    expect((await stat(manifest)).mtimeMs).toBe(before.mtimeMs);
    expect((await stat(manifest)).ino).toBe(before.ino);
  });

  it.skipIf(backend.skip)(
    'Y7 revoking a scope or disabling removes the entry; unchanged entries are kept',
    async () => {
      const first = await ensureUserProjection(context, ann);
      const teamGuide = path.join(first.directory, 'team-guide', 'SKILL.md');
      const kept = await stat(teamGuide);
      // A second link keeps the old file's inode alive, so a file written afresh after the
      // removal cannot be handed the same inode number by the file system.
      const pinned = path.join(outside.path, `pinned-${kept.ino}`);
      await link(teamGuide, pinned);
      await setReadUsers('ann-only', []);
      const revoked = await ensureUserProjection(context, ann);
      expect(revoked.changes.revoked).toEqual(['ann-only']);
      expect(revoked.changes.written).toEqual([]);
      expect(await namesIn(first.directory)).toEqual(['house-style', 'notes', 'team-guide']);
      await setRow('team-guide', { enabled: false });
      const disabled = await ensureUserProjection(context, ann);
      expect(disabled.changes.revoked).toEqual(['team-guide']);
      expect(await namesIn(first.directory)).toEqual(['house-style', 'notes']);
      await setRow('team-guide', { enabled: true });
      const reenabled = await ensureUserProjection(context, ann);
      expect(reenabled.changes.written).toEqual(['team-guide']);
      expect(await namesIn(first.directory)).toEqual(['house-style', 'notes', 'team-guide']);
      // Re-enabled: written afresh (it was gone), not the file from before.
      expect((await stat(teamGuide)).ino).not.toBe(kept.ino);
      await rm(pinned);
    },
  );

  it.skipIf(backend.skip)(
    'Y7 an edit replaces its entry; the others keep their inode and mtime',
    async () => {
      const first = await ensureUserProjection(context, ann);
      const guide = await stat(path.join(first.directory, 'team-guide', 'SKILL.md'));
      const guideFolder = await stat(path.join(first.directory, 'team-guide'));
      const builtin = await stat(path.join(first.directory, 'house-style', 'SKILL.md'));
      await setRow('notes', { contentRef: notesSecond, contentHash: notesSecond });
      const edited = await ensureUserProjection(context, ann);
      expect(edited.changes.written).toEqual(['notes']);
      expect(edited.changes.revoked).toEqual([]);
      expect(edited.entries.find((entry) => entry.id === 'notes')?.revision).toBe(notesSecond);
      expect(await readFile(path.join(first.directory, 'notes', 'extra.md'), 'utf8')).toBe(
        'new in the second revision\n',
      );
      for (const [file, before] of [
        ['team-guide/SKILL.md', guide],
        ['team-guide', guideFolder],
        ['house-style/SKILL.md', builtin],
      ] as const) {
        const after = await stat(path.join(first.directory, file));
        expect({ file, ino: after.ino, mtime: after.mtimeMs }).toEqual({
          file,
          ino: before.ino,
          mtime: before.mtimeMs,
        });
      }
    },
  );

  it.skipIf(backend.skip)('Y7 concurrent ensures for one user build one consistent projection', async () => {
    const carol = await viewer(`carol-${randomUUID().slice(0, 8)}`, 'user', [sales]);
    const results = await Promise.all(Array.from({ length: 6 }, () => ensureUserProjection(context, carol)));
    expect(results.filter((result) => result.changes.written.length > 0)).toHaveLength(1);
    for (const result of results)
      expect(result.entries.map((entry) => entry.id)).toEqual([
        'house-style',
        'sales-playbook',
        'team-guide',
      ]);
    expect(await namesIn(skillsOf(carol))).toEqual(['house-style', 'sales-playbook', 'team-guide']);
    expect(await stagingLeft()).toEqual([]);
  });

  it.skipIf(backend.skip)("Y7 another user's projection is never touched", async () => {
    await ensureUserProjection(context, bob);
    const bobBefore = await snapshot(path.dirname(skillsOf(bob)));
    const bobInode = (await stat(path.join(skillsOf(bob), 'team-guide', 'SKILL.md'))).ino;
    await ensureUserProjection(context, ann);
    await setReadUsers('ann-only', []);
    await setRow('notes', { contentRef: notesSecond, contentHash: notesSecond });
    await ensureUserProjection(context, ann);
    await removeUserProjection(context, ann.id);
    expect(await namesIn(path.dirname(skillsOf(ann)))).toEqual([]);
    expect(await snapshot(path.dirname(skillsOf(bob)))).toEqual(bobBefore);
    expect((await stat(path.join(skillsOf(bob), 'team-guide', 'SKILL.md'))).ino).toBe(bobInode);
  });

  it.skipIf(backend.skip)("Y15 a projection folder that is a link to another user's is refused", async () => {
    await ensureUserProjection(context, bob);
    const bobBefore = await snapshot(path.dirname(skillsOf(bob)));
    const dave = await viewer(`dave-${randomUUID().slice(0, 8)}`, 'user');
    const daveFolder = path.dirname(skillsOf(dave));
    await symlink(path.dirname(skillsOf(bob)), daveFolder);
    await expect(ensureUserProjection(context, dave)).rejects.toMatchObject({ code: 'symlink_refused' });
    // Its skills folder a link: refused too.
    await removeUserProjection(context, dave.id);
    await mkdir(daveFolder);
    await symlink(skillsOf(bob), path.join(daveFolder, 'skills'));
    await expect(ensureUserProjection(context, dave)).rejects.toMatchObject({ code: 'symlink_refused' });
    expect(await snapshot(path.dirname(skillsOf(bob)))).toEqual(bobBefore);
    // The link itself is removed as a link; bob's folder stays.
    await removeUserProjection(context, dave.id);
    expect(await snapshot(path.dirname(skillsOf(bob)))).toEqual(bobBefore);
  });

  it.skipIf(backend.skip)(
    'Y15 an entry replaced by a link (to /etc, to a folder outside) is removed as a link',
    async () => {
      const projection = await ensureUserProjection(context, ann);
      const etcBefore = (await stat('/etc')).mode;
      const outsideBefore = await snapshot(outside.path);
      const entry = path.join(projection.directory, 'team-guide');
      await rename(entry, path.join(outside.path, 'moved-away'));
      await symlink('/etc', entry);
      await symlink(path.join(outside.path, 'notes-second'), path.join(projection.directory, 'planted'));
      const rebuilt = await ensureUserProjection(context, ann);
      expect(rebuilt.changes.written).toEqual(['team-guide']);
      expect((await lstat(entry)).isDirectory()).toBe(true);
      expect(await namesIn(projection.directory)).toEqual(['ann-only', 'house-style', 'notes', 'team-guide']);
      expect((await stat('/etc')).mode).toBe(etcBefore);
      expect((await snapshot(outside.path)).filter((line) => !line.startsWith('moved-away'))).toEqual(
        outsideBefore.filter((line) => !line.startsWith('moved-away')),
      );
    },
  );

  it.skipIf(backend.skip)(
    'Y15 links in a source package or at the packages folder are refused, never followed',
    async () => {
      const erin = await viewer(`erin-${randomUUID().slice(0, 8)}`, 'user');
      const layout = contentLayout(server.dataDir);
      const packageFolder = path.join(layout.packagesDirectory, notesFirst.slice('sha256:'.length));
      await setReadUsers('notes', [erin.id]);
      const link = path.join(packageFolder, 'passwd');
      await symlink('/etc/passwd', link);
      try {
        const projection = await ensureUserProjection(context, erin);
        // The refused package is left out; the rest is projected.
        expect(projection.entries.map((entry) => entry.id)).toEqual(['house-style', 'team-guide']);
        expect(await namesIn(projection.directory)).toEqual(['house-style', 'team-guide']);
      } finally {
        await unlink(link);
      }
      expect(await stagingLeft()).toEqual([]);
      // `<data>/packages` itself a link (to a copy elsewhere): refused, not read through.
      const moved = path.join(outside.path, 'packages-elsewhere');
      await rename(layout.packagesDirectory, moved);
      await symlink(moved, layout.packagesDirectory);
      try {
        await setReadUsers('notes', []);
        const before = await snapshot(skillsOf(erin));
        await expect(ensureUserProjection(context, erin)).rejects.toMatchObject({ code: 'symlink_refused' });
        expect(await snapshot(skillsOf(erin))).toEqual(before);
      } finally {
        await unlink(layout.packagesDirectory);
        await rename(moved, layout.packagesDirectory);
      }
    },
  );

  it.skipIf(backend.skip)(
    'Y7 a builtin whose shipped content changed is replaced after the sync',
    async () => {
      const projection = await ensureUserProjection(context, bob);
      const guide = await stat(path.join(projection.directory, 'team-guide', 'SKILL.md'));
      const folder = path.join(builtins.path, 'house-style');
      await writeFile(path.join(folder, 'notes.md'), 'shipped in a later release\n');
      try {
        await syncBuiltinSkills(server.database, builtins.path);
        const rebuilt = await ensureUserProjection(context, bob);
        expect(rebuilt.changes.written).toEqual(['house-style']);
        expect(await readFile(path.join(projection.directory, 'house-style', 'notes.md'), 'utf8')).toBe(
          'shipped in a later release\n',
        );
        expect((await stat(path.join(projection.directory, 'team-guide', 'SKILL.md'))).ino).toBe(guide.ino);
      } finally {
        await unlink(path.join(folder, 'notes.md'));
        await syncBuiltinSkills(server.database, builtins.path);
      }
    },
  );

  it.skipIf(backend.skip)(
    'Y7 a torn or forged manifest makes the next ensure rebuild from scratch',
    async () => {
      const projection = await ensureUserProjection(context, ann);
      const expected = await snapshot(projection.directory);
      const { manifestFile } = userProjectionPaths(context.content.layout, ann.id);
      for (const forged of [
        '{"version":1,"generation":',
        JSON.stringify({
          version: 1,
          generation: projection.generation,
          entries: { '../../etc': { kind: 'shared', revision: 'x' } },
        }),
      ]) {
        await writeFile(manifestFile, forged);
        const rebuilt = await ensureUserProjection(context, ann);
        expect(rebuilt.changes.written).toEqual(['ann-only', 'house-style', 'notes', 'team-guide']);
        expect(await snapshot(projection.directory)).toEqual(expected);
      }
      // A manifest replaced by a link is not read through either.
      await unlink(manifestFile);
      await symlink(path.join(outside.path, 'notes-second', 'SKILL.md'), manifestFile);
      expect((await ensureUserProjection(context, ann)).changes.written).toHaveLength(4);
      expect((await lstat(manifestFile)).isFile()).toBe(true);
      expect(await readFile(path.join(outside.path, 'notes-second', 'SKILL.md'), 'utf8')).toBe(
        skillMarkdown('notes'),
      );
    },
  );

  it.skipIf(backend.skip)(
    'Y7 a failure at any step leaves the old projection or the new one, never a mix',
    async () => {
      const steps: ProjectionStep[] = ['stage', 'manifest', 'revoke', 'rename'];
      const stateA = async () => {
        await setRow('notes', { contentRef: notesFirst, contentHash: notesFirst });
        await setReadUsers('ann-only', [ann.id]);
        await setRow('team-guide', { enabled: false });
      };
      // B: notes edited, ann-only revoked, team-guide added.
      const stateB = async () => {
        await setRow('notes', { contentRef: notesSecond, contentHash: notesSecond });
        await setReadUsers('ann-only', []);
        await setRow('team-guide', { enabled: true });
      };
      const folder = path.dirname(skillsOf(ann));
      await stateB();
      await ensureUserProjection(context, ann);
      const snapshotB = await snapshot(skillsOf(ann));
      await stateA();
      await ensureUserProjection(context, ann);
      const snapshotA = await snapshot(skillsOf(ann));
      expect(snapshotA).not.toEqual(snapshotB);
      let failures = 0;
      for (const step of steps) {
        for (let occurrence = 1; ; occurrence += 1) {
          await stateA();
          await ensureUserProjection(context, ann);
          expect(await snapshot(skillsOf(ann))).toEqual(snapshotA);
          await stateB();
          let seen = 0;
          const faulty: ProjectionContext = {
            ...context,
            faults: {
              before: (at) => {
                if (at === step && ++seen === occurrence)
                  throw new Error(`injected failure at ${step} #${occurrence}`);
              },
            },
          };
          const outcome = await ensureUserProjection(faulty, ann).then(
            () => 'done',
            (error: Error) => error.message,
          );
          if (outcome === 'done') {
            expect(await snapshot(skillsOf(ann))).toEqual(snapshotB);
            break;
          }
          failures += 1;
          expect(outcome).toBe(`injected failure at ${step} #${occurrence}`);
          expect({ step, occurrence, files: await snapshot(skillsOf(ann)) }).toEqual({
            step,
            occurrence,
            files: snapshotA,
          });
          expect(await stagingLeft()).toEqual([]);
          expect(await namesIn(folder)).toEqual(['manifest.json', 'skills']);
          // The next ensure without faults finishes the job.
          await ensureUserProjection(context, ann);
          expect(await snapshot(skillsOf(ann))).toEqual(snapshotB);
        }
      }
      // stage ×2 (notes, team-guide), manifest ×2, revoke ×2 (notes, ann-only), rename ×2.
      expect(failures).toBe(8);
    },
  );
});

describeOnPostgres('Y16 two connections on one PostgreSQL and one data folder', () => {
  const skip = POSTGRES_AVAILABLE ? undefined : `PostgreSQL at ${POSTGRES_ADMIN_URL} is unreachable`;
  let throwaway: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let second: Database;
  let started: Awaited<ReturnType<typeof startContentServer>>;

  beforeAll(async () => {
    if (skip !== undefined) return;
    throwaway = await createThrowawayPostgres();
    started = await startContentServer(
      await openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 5 }),
      'y7-two',
    );
    second = await openDatabase({ kind: 'postgres', url: throwaway.url, maxConnections: 5 });
  });
  afterAll(async () => {
    if (skip !== undefined) return;
    await second.close();
    await started.close();
    await throwaway.drop();
  });

  it.skipIf(skip)('Y16 ensures from both at once produce one projection', async () => {
    const { server } = started;
    const person = await addPerson(server, 'fay', 'user');
    const fay: Viewer = { id: person.id, username: 'fay', role: 'user', departmentIds: [] };
    for (const id of ['one', 'two', 'three']) await publishSharedSkill(server, id);
    const content = {
      layout: contentLayout(server.dataDir),
      builtinDirectory: '/nonexistent-builtin-folder',
    };
    const contexts: ProjectionContext[] = [
      { db: server.database.db, content, logger: silentLogger },
      { db: second.db, content, logger: silentLogger },
    ];
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) => ensureUserProjection(contexts[index % 2]!, fay)),
    );
    expect(results.filter((result) => result.changes.written.length > 0)).toHaveLength(1);
    for (const result of results)
      expect(result.entries.map((entry) => entry.id)).toEqual(['one', 'three', 'two']);
    // A change seen through the second connection rebuilds for both.
    await second.db.update(schema.skills).set({ enabled: false }).where(eq(schema.skills.id, 'two'));
    const [a, b] = await Promise.all(contexts.map((each) => ensureUserProjection(each, fay)));
    expect(a?.entries.map((entry) => entry.id)).toEqual(['one', 'three']);
    expect(b?.entries.map((entry) => entry.id)).toEqual(['one', 'three']);
    expect(await namesIn(a!.directory)).toEqual(['one', 'three']);
    expect(await namesIn(contentLayout(server.dataDir).stagingDirectory)).toEqual([]);
  });
});
