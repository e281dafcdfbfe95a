/**
 * SPEC Y3 extended to bound skills and their history (Y2: "access follows the agent"): every role ×
 * agent scope × route of the bound skill, its editor and its versions, checked against expectations
 * written here from the spec's words — whoever may read the agent reads its bound skill and
 * history, whoever may edit the agent edits, releases, restores and deletes versions; not readable
 * is 404, readable only is 403. Unauthorised answers must be 0, and authorised ones refused 0 too,
 * and a refused write changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBoundSkillGuide } from '../src/bound-skills/create-bound-skill-guide.js';
import { releaseBoundSkillVersion } from '../src/bound-skills/release-bound-skill-version.js';
import { contentLayout } from '../src/content/index.js';
import { schema, silentLogger, type Viewer } from '../src/index.js';
import { scopeMemberRows } from '../src/policy/write-share-config.js';
import type { ShareScope } from '../src/testing.js';
import { skillZip } from './install/install-fixtures.js';
import { addMatrixPeople } from './support/matrix-people.js';
import { openTestApp, type TestApp } from './support/test-app.js';
import type { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const D1 = randomUUID();
const D2 = randomUUID();
const people = {
  root: { id: randomUUID(), role: 'superadmin', departments: [] as string[] },
  adminD1: { id: randomUUID(), role: 'admin', departments: [D1] },
  adminD2: { id: randomUUID(), role: 'admin', departments: [D2] },
  userD1: { id: randomUUID(), role: 'user', departments: [D1] },
  userD2: { id: randomUUID(), role: 'user', departments: [D2] },
  loner: { id: randomUUID(), role: 'user', departments: [] as string[] },
} as const;
type Person = keyof typeof people;

interface AgentCase {
  readonly id: string;
  readonly builtin: boolean;
  readonly owner: string | null;
  readonly readScope: ShareScope;
  readonly manageScope: ShareScope;
}

const SCOPES: { read: ShareScope; manage: ShareScope }[] = [
  { read: { kind: 'global' }, manage: { kind: 'users', userIds: [people.adminD2.id] } },
  {
    read: { kind: 'departments', departmentIds: [D1] },
    manage: { kind: 'departments', departmentIds: [D1] },
  },
  {
    read: { kind: 'users', userIds: [people.userD1.id, people.adminD2.id] },
    manage: { kind: 'users', userIds: [] },
  },
];

const CASES: AgentCase[] = [
  ...SCOPES.flatMap(({ read, manage }) =>
    [people.adminD1.id, people.userD1.id, null].map((owner) => ({
      id: randomUUID(),
      builtin: false,
      owner,
      readScope: read,
      manageScope: manage,
    })),
  ),
  {
    id: randomUUID(),
    builtin: true,
    owner: null,
    readScope: { kind: 'global' },
    manageScope: { kind: 'users', userIds: [] },
  },
];

function named(person: Person, scope: ShareScope): boolean {
  const { id, departments } = people[person];
  if (scope.kind === 'global') return true;
  if (scope.kind === 'users') return scope.userIds.includes(id);
  return departments.some((department) => scope.departmentIds.includes(department));
}

/** Y3 for the agent, which the bound skill and its history follow: `read`, or `edit` for every change. */
function expected(person: Person, action: 'read' | 'edit', agent: AgentCase): boolean {
  const { role, id } = people[person];
  const owns = agent.owner === id;
  const reads = named(person, agent.readScope);
  if (role === 'superadmin') return true;
  // Built-in agents: read by their read scope; only the superadmin maintains them.
  if (agent.builtin) return action === 'read' && reads;
  if (role === 'admin') {
    const manages = owns || (reads && named(person, agent.manageScope));
    return action === 'read' ? reads || manages : manages;
  }
  return action === 'read' ? owns || reads : owns;
}

interface Bound {
  readonly skillId: string;
  readonly revision: string;
  readonly version: string;
  readonly skillFile: string;
}

describe.each(TEST_BACKENDS)('Y6 bound skill permission matrix on $name', (backend) => {
  let server: TestApp;
  let viewers: Map<Person, Viewer>;
  let clients: Map<Person, TestClient>;
  const bound = new Map<string, Bound>();

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    server = await openTestApp({
      database: await backend.openMigrated(),
      adminPassword: 'matrix-admin-password',
      logger: silentLogger,
      label: 'y6-matrix',
    });
    const { db } = server.database;
    ({ viewers, clients } = await addMatrixPeople(server, { D1, D2 }, people));
    await db.insert(schema.agents).values(
      CASES.map((agent, index) => ({
        id: agent.id,
        name: `matrix ${index}`,
        builtinKey: agent.builtin ? `matrix-builtin-${index}` : null,
        ownerId: agent.owner,
        readScope: agent.readScope.kind,
        manageScope: agent.manageScope.kind,
      })),
    );
    await db
      .insert(schema.agentScopeMembers)
      .values(
        CASES.flatMap((agent) =>
          [...scopeMemberRows('read', agent.readScope), ...scopeMemberRows('manage', agent.manageScope)].map(
            (row) => ({ ...row, agentId: agent.id }),
          ),
        ),
      );
    const actor = { viewer: viewers.get('root')!, requestId: 'matrix-setup' };
    const layout = contentLayout(server.dataDir);
    for (const [index, agent] of CASES.entries()) {
      const skill = await createBoundSkillGuide(db, layout, {
        agentId: agent.id,
        agentName: `matrix ${index}`,
        actor,
      });
      const version = await releaseBoundSkillVersion(db, {
        agentId: agent.id,
        baseRevision: skill.contentRef!,
        actor,
      });
      const file = await clients.get('root')!.request('GET', `/api/bound-skills/${skill.id}/files/SKILL.md`);
      bound.set(agent.id, {
        skillId: skill.id,
        revision: skill.contentRef!,
        version: version.name,
        skillFile: file.body.content,
      });
    }
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server?.close();
  });

  it.skipIf(backend.skip)(
    'Y3 Y6 every bound-skill and history route answers every role × agent with 0 unauthorised reads or writes',
    async () => {
      let unauthorised = 0;
      let refusedWrongly = 0;
      const upload = await skillZip('matrix-import');
      for (const person of Object.keys(people) as Person[]) {
        const client = clients.get(person)!;
        for (const agent of CASES) {
          const { skillId, revision, version, skillFile } = bound.get(agent.id)!;
          const may = { read: expected(person, 'read', agent), edit: expected(person, 'edit', agent) };
          const refusal = may.read ? 403 : 404;
          const check = (
            label: string,
            allowed: boolean,
            status: number,
            success: number,
            refused = refusal,
          ) => {
            if (status === success && !allowed) unauthorised++;
            if (status !== success && allowed) refusedWrongly++;
            expect({ person, agent: agent.id, label, status }).toEqual({
              person,
              agent: agent.id,
              label,
              status: allowed ? success : refused,
            });
          };
          const base = `/api/agents/${agent.id}/bound-skill`;
          const reads: [string, string][] = [
            ['bound skill', base],
            ['versions', `${base}/versions`],
            ['tree', `/api/bound-skills/${skillId}/tree`],
            ['file', `/api/bound-skills/${skillId}/files/SKILL.md`],
            ['export', `/api/bound-skills/${skillId}/export`],
          ];
          for (const [label, path] of reads)
            check(label, may.read, (await client.request('GET', path)).status, 200, 404);

          const save = await client.request('POST', `/api/bound-skills/${skillId}/save`, {
            json: {
              baseRevision: revision,
              edits: [{ type: 'write', path: 'SKILL.md', content: skillFile }],
            },
          });
          check('save', may.edit, save.status, 200);
          if (save.status === 200) expect(save.body.changed).toBe(false);
          const released = await client.request('POST', `${base}/versions`, {
            json: { baseRevision: revision },
          });
          check('release', may.edit, released.status, 201);
          if (released.status === 201)
            check(
              'delete own release',
              may.edit,
              (await client.request('DELETE', `${base}/versions/${released.body.version.name}`)).status,
              204,
            );
          const restored = await client.request('POST', `${base}/versions/${version}/restore`, {
            json: { baseRevision: revision },
          });
          check('restore', may.edit, restored.status, 200);
          // With the right to edit, a second bound skill is still a 409 — without it, the refusal.
          const created = await client.request('POST', base);
          check('create', may.edit, created.status, 409);
          const imported = await client.request('POST', `${base}/import`, {
            body: upload,
            headers: { 'content-type': 'application/zip' },
          });
          check('import', may.edit, imported.status, 409);
          if (!may.edit)
            check(
              'delete',
              false,
              (await client.request('DELETE', `${base}/versions/${version}`)).status,
              204,
            );
        }
      }
      expect({ unauthorised, refusedWrongly }).toEqual({ unauthorised: 0, refusedWrongly: 0 });
      // Nothing a refused (or a no-op) request did changed a bound skill or its history.
      for (const agent of CASES) {
        const { revision, version } = bound.get(agent.id)!;
        const answer = await clients
          .get('root')!
          .request('GET', `/api/agents/${agent.id}/bound-skill/versions`);
        expect(
          answer.body.versions.map((each: { name: string; revision: string }) => [each.name, each.revision]),
        ).toEqual([[version, revision]]);
      }
    },
    300_000,
  );
});
