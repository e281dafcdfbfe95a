/**
 * SPEC Y6 under faults: a history restore interrupted before each of its steps (lease, verify,
 * commit, the audit entry inside the commit's transaction, prune) leaves nothing half-visible — the old current content stays served by the routes,
 * no lease or work folder stays behind, no version appears — and a snapshot whose package was
 * tampered with, replaced by a link or removed is refused while the current content stays.
 * Restores and releases racing saves from one base: exactly one wins, and every version's package
 * stays stored. On PGlite and PostgreSQL.
 */
import { chmod, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RestoreStep,
  restoreBoundSkillVersion,
} from '../src/bound-skills/restore-bound-skill-version.js';
import { contentLayout } from '../src/content/index.js';
import type { Viewer } from '../src/index.js';
import { loadViewer } from '../src/testing.js';
import { packageFolders, stagingFolders } from './install/install-fixtures.js';
import {
  addPerson,
  openContentApp,
  storedPackages,
  type TestPerson,
} from './support/skill-content-fixtures.js';
import type { TestApp } from './support/test-app.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const STEPS: readonly RestoreStep[] = ['lease', 'verify', 'commit', 'audit', 'prune'];
const folderOf = (revision: string) => revision.slice('sha256:'.length);

interface History {
  readonly agentId: string;
  readonly skillId: string;
  /** The released version's name and revision (content A). */
  readonly version: { readonly name: string; readonly revision: string };
  /** The saved, current revision (content B). */
  readonly current: string;
}

describe.each(TEST_BACKENDS)('Y6 history restore under faults on $name', (backend) => {
  let server: TestApp;
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let owner: TestPerson;
  let viewer: Viewer;
  let serial = 0;

  const served = async (skillId: string) => {
    const tree = await owner.client.request('GET', `/api/bound-skills/${skillId}/tree`);
    const file = await owner.client.request('GET', `/api/bound-skills/${skillId}/files/content.md`);
    return { revision: tree.body.revision as string, content: file.body.content as string };
  };
  const versionNames = async (agentId: string) =>
    (
      (await owner.client.request('GET', `/api/agents/${agentId}/bound-skill/versions`)).body.versions as {
        name: string;
      }[]
    ).map((version) => version.name);
  const leases = async () =>
    readdir(path.join(server.dataDir, 'packages', '.leases')).catch(() => [] as string[]);

  /** An agent whose bound skill has a released version A and current saved content B. */
  async function history(): Promise<History> {
    const made = await owner.client.request('POST', '/api/agents', { json: { name: `faults ${++serial}` } });
    const agentId = made.body.agent.id as string;
    const skill = (await owner.client.request('POST', `/api/agents/${agentId}/bound-skill`)).body.boundSkill;
    const saveA = await owner.client.request('POST', `/api/bound-skills/${skill.id}/save`, {
      json: {
        baseRevision: skill.revision,
        edits: [{ type: 'create', path: 'content.md', content: `A ${serial}\n` }],
      },
    });
    const released = await owner.client.request('POST', `/api/agents/${agentId}/bound-skill/versions`, {
      json: { baseRevision: saveA.body.revision },
    });
    const saveB = await owner.client.request('POST', `/api/bound-skills/${skill.id}/save`, {
      json: {
        baseRevision: saveA.body.revision,
        edits: [{ type: 'write', path: 'content.md', content: `B ${serial}\n` }],
      },
    });
    expect([saveA.status, released.status, saveB.status]).toEqual([200, 201, 200]);
    return { agentId, skillId: skill.id, version: released.body.version, current: saveB.body.revision };
  }

  const restoreWith = (target: History, fail?: RestoreStep) =>
    restoreBoundSkillVersion(server.database.db, contentLayout(server.dataDir), {
      agentId: target.agentId,
      name: target.version.name,
      baseRevision: target.current,
      actor: { viewer, requestId: 'fault-test' },
      faults: {
        before: (step) => {
          if (step === fail) throw new Error(`injected fault before ${step}`);
        },
      },
    });

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'y6-faults');
    server = started.server;
    owner = await addPerson(server, 'faults-owner', 'user');
    viewer = (await loadViewer(server.database.db, owner.id))!;
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await started.close();
  });

  for (const step of STEPS.filter((each) => each !== 'prune')) {
    it.skipIf(backend.skip)(
      `Y6 a restore interrupted before "${step}" changes nothing: the old content stays served`,
      async () => {
        const target = await history();
        const before = await served(target.skillId);
        expect(before).toEqual({ revision: target.current, content: `B ${serial}\n` });
        await expect(restoreWith(target, step)).rejects.toThrow(`injected fault before ${step}`);
        expect(await served(target.skillId)).toEqual(before);
        expect(await versionNames(target.agentId)).toEqual([target.version.name]);
        expect(await storedPackages(server)).toEqual(
          expect.arrayContaining([folderOf(target.version.revision), folderOf(target.current)]),
        );
        expect(await leases()).toEqual([]);
        expect(stagingFolders(server.dataDir)).toEqual([]);
        // Nothing was left locked or half-done: the same restore then succeeds.
        const restored = await restoreWith(target);
        expect(restored.changed).toBe(true);
        expect(await served(target.skillId)).toEqual({
          revision: target.version.revision,
          content: `A ${serial}\n`,
        });
      },
    );
  }

  it.skipIf(backend.skip)(
    'Y6 a restore whose prune fails is still restored (a warning), with no lease left',
    async () => {
      const target = await history();
      const restored = await restoreWith(target, 'prune');
      expect(restored.changed).toBe(true);
      expect(restored.warnings).toEqual([expect.stringContaining('injected fault before prune')]);
      expect(await served(target.skillId)).toEqual({
        revision: target.version.revision,
        content: `A ${serial}\n`,
      });
      expect(await versionNames(target.agentId)).toEqual([target.version.name]);
      expect(await leases()).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'Y6 Y15 a snapshot whose package was changed, linked or removed is refused and the current content stays',
    async () => {
      const layout = contentLayout(server.dataDir);
      const packagePath = (revision: string) => path.join(layout.packagesDirectory, folderOf(revision));
      const refusedRestore = async (target: History) => {
        const answer = await owner.client.request(
          'POST',
          `/api/agents/${target.agentId}/bound-skill/versions/${target.version.name}/restore`,
          { json: { baseRevision: target.current } },
        );
        expect([answer.status, answer.body.error.code]).toEqual([422, 'snapshot_corrupt']);
        expect(JSON.stringify(answer.body)).not.toContain(server.dataDir);
        expect(await served(target.skillId)).toEqual({ revision: target.current, content: `B ${serial}\n` });
      };

      const tampered = await history();
      const file = path.join(packagePath(tampered.version.revision), 'content.md');
      await chmod(path.dirname(file), 0o755);
      await chmod(file, 0o644).catch(() => undefined);
      await writeFile(file, 'tampered on disk\n');
      await refusedRestore(tampered);

      const linked = await history();
      const elsewhere = path.join(server.dataDir, `moved-${serial}`);
      await rename(packagePath(linked.version.revision), elsewhere);
      await symlink(elsewhere, packagePath(linked.version.revision));
      await refusedRestore(linked);
      await rm(packagePath(linked.version.revision));

      const removed = await history();
      await chmod(packagePath(removed.version.revision), 0o755);
      await rm(packagePath(removed.version.revision), { recursive: true, force: true });
      await refusedRestore(removed);
      expect(await leases()).toEqual([]);
      expect(packageFolders(server.dataDir)).not.toContain(folderOf(removed.version.revision));
    },
  );

  it.skipIf(backend.skip)(
    'Y6 Y16 a restore and a save from one base race: exactly one wins and nothing is half-applied',
    async () => {
      for (let round = 0; round < 4; round++) {
        const target = await history();
        const [restored, saved] = await Promise.all([
          owner.client.request(
            'POST',
            `/api/agents/${target.agentId}/bound-skill/versions/${target.version.name}/restore`,
            { json: { baseRevision: target.current } },
          ),
          owner.client.request('POST', `/api/bound-skills/${target.skillId}/save`, {
            json: {
              baseRevision: target.current,
              edits: [{ type: 'write', path: 'content.md', content: `C ${serial}\n` }],
            },
          }),
        ]);
        expect([restored.status, saved.status].sort()).toEqual([200, 409]);
        const now = await served(target.skillId);
        expect(now).toEqual(
          restored.status === 200
            ? { revision: target.version.revision, content: `A ${serial}\n` }
            : { revision: saved.body.revision, content: `C ${serial}\n` },
        );
        expect(await versionNames(target.agentId)).toEqual([target.version.name]);
      }
    },
  );

  it.skipIf(backend.skip)(
    'Y6 Y16 a release and a save from one base race: the release is refused or its package stays stored',
    async () => {
      for (let round = 0; round < 4; round++) {
        const target = await history();
        const [released, saved] = await Promise.all([
          owner.client.request('POST', `/api/agents/${target.agentId}/bound-skill/versions`, {
            json: { baseRevision: target.current },
          }),
          owner.client.request('POST', `/api/bound-skills/${target.skillId}/save`, {
            json: {
              baseRevision: target.current,
              edits: [{ type: 'write', path: 'content.md', content: `D ${serial}\n` }],
            },
          }),
        ]);
        expect(saved.status).toBe(200);
        expect([201, 409]).toContain(released.status);
        const packages = await storedPackages(server);
        if (released.status === 201) expect(packages).toContain(folderOf(target.current));
        for (const version of (
          await owner.client.request('GET', `/api/agents/${target.agentId}/bound-skill/versions`)
        ).body.versions as { revision: string }[])
          expect(packages).toContain(folderOf(version.revision));
      }
    },
  );
});
