/**
 * SPEC Y3 for agents as a table: every role × scope × action over real agent rows, checked against
 * expectations written here from the spec's words — by the policy (`canOnAgent`) and by the routes
 * (read, the `permissions` they answer, edit, share, delete). Unauthorised answers must be 0, and
 * authorised ones refused must be 0 too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, silentLogger, type Viewer } from '../src/index.js';
import { scopeMemberRows } from '../src/policy/write-share-config.js';
import { AGENT_ACTIONS, type AgentAction, canOnAgent, type ShareScope } from '../src/testing.js';
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

const SCOPES: { read: ShareScope; manages: ShareScope[] }[] = [
  {
    read: { kind: 'global' },
    manages: [{ kind: 'global' }, { kind: 'users', userIds: [people.adminD2.id] }],
  },
  {
    read: { kind: 'departments', departmentIds: [D1] },
    manages: [
      { kind: 'departments', departmentIds: [D1] },
      { kind: 'departments', departmentIds: [] },
    ],
  },
  {
    read: { kind: 'users', userIds: [people.userD1.id, people.adminD2.id] },
    manages: [
      { kind: 'users', userIds: [people.adminD2.id] },
      { kind: 'users', userIds: [] },
    ],
  },
];

const CASES: AgentCase[] = [
  ...SCOPES.flatMap(({ read, manages }) =>
    manages.flatMap((manage) =>
      [people.adminD1.id, people.userD1.id, null].map((owner) => ({
        id: randomUUID(),
        builtin: false,
        owner,
        readScope: read,
        manageScope: manage,
      })),
    ),
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

/** Y3 applied to agents, one clause per line. */
function expected(person: Person, action: AgentAction, agent: AgentCase): boolean {
  const { role, id } = people[person];
  const owns = agent.owner === id;
  const reads = named(person, agent.readScope);
  // Built-in agents cannot be deleted (Y8); the superadmin maintains them.
  if (agent.builtin) return role === 'superadmin' ? action !== 'delete' : action === 'read' && reads;
  if (role === 'superadmin') return true;
  if (role === 'admin') {
    const manages = owns || (reads && named(person, agent.manageScope));
    return action === 'read' ? reads || manages : manages;
  }
  // A user reads what its read scope names and its own; manages only its own; shares nothing.
  if (action === 'read') return owns || reads;
  return action !== 'share' && owns;
}

describe.each(TEST_BACKENDS)('Y8 agent permission matrix on $name', (backend) => {
  let server: TestApp;
  let viewers: Map<Person, Viewer>;
  let clients: Map<Person, TestClient>;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    server = await openTestApp({
      database: await backend.openMigrated(),
      adminPassword: 'matrix-admin-password',
      logger: silentLogger,
      label: 'y8-matrix',
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
    const rows = CASES.flatMap((agent) =>
      [...scopeMemberRows('read', agent.readScope), ...scopeMemberRows('manage', agent.manageScope)].map(
        (row) => ({ ...row, agentId: agent.id }),
      ),
    );
    await db.insert(schema.agentScopeMembers).values(rows);
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server?.close();
  });

  it.skipIf(backend.skip)('Y3 canOnAgent decides every role × scope × action as the spec says', () => {
    const wrong: string[] = [];
    for (const person of Object.keys(people) as Person[]) {
      for (const agent of CASES) {
        const facts = {
          builtin: agent.builtin,
          ownerId: agent.owner,
          readScope: agent.readScope,
          manageScope: agent.manageScope,
        };
        for (const action of AGENT_ACTIONS) {
          const actual = canOnAgent(viewers.get(person)!, action, facts);
          if (actual !== expected(person, action, agent))
            wrong.push(`${person} ${action} ${agent.id}: ${actual}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.skipIf(backend.skip)(
    'Y3 the agent routes answer every role × agent with 0 unauthorised reads or writes',
    async () => {
      let unauthorised = 0;
      let refusedWrongly = 0;
      const tally = (allowed: boolean, status: number, success: number) => {
        if (status === success && !allowed) unauthorised++;
        if (status !== success && allowed) refusedWrongly++;
      };
      for (const person of Object.keys(people) as Person[]) {
        const client = clients.get(person)!;
        const listed = new Set(
          (await client.request('GET', '/api/agents')).body.agents.map((agent: { id: string }) => agent.id),
        );
        for (const agent of CASES) {
          const may = Object.fromEntries(
            AGENT_ACTIONS.map((action) => [action, expected(person, action, agent)]),
          );
          expect({ person, agent: agent.id, listed: listed.has(agent.id) }).toEqual({
            person,
            agent: agent.id,
            listed: may.read,
          });
          const read = await client.request('GET', `/api/agents/${agent.id}`);
          tally(may.read!, read.status, 200);
          expect(read.status).toBe(may.read ? 200 : 404);
          if (read.status === 200)
            expect(read.body.agent.permissions).toEqual({
              edit: may.edit,
              share: may.share,
              delete: may.delete,
            });
          const refusal = may.read ? 403 : 404;
          const edit = await client.request('PATCH', `/api/agents/${agent.id}`, {
            json: { description: `edited by ${person}` },
          });
          tally(may.edit!, edit.status, 200);
          expect(edit.status).toBe(may.edit ? 200 : refusal);
          const share = await client.request('GET', `/api/agents/${agent.id}/share`);
          tally(may.share!, share.status, 200);
          expect(share.status).toBe(may.share ? 200 : refusal);
          if (!may.delete) {
            const deleted = await client.request('DELETE', `/api/agents/${agent.id}`);
            tally(false, deleted.status, 204);
            expect(deleted.status).toBe(agent.builtin && may.read ? 409 : refusal);
          }
        }
      }
      expect({ unauthorised, refusedWrongly }).toEqual({ unauthorised: 0, refusedWrongly: 0 });
    },
    240_000,
  );
});
