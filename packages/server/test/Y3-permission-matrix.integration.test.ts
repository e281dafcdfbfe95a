/**
 * SPEC Y3 as a table: every role × scope × action over real rows in the database, checked three
 * ways — the policy function, the one SQL listing query, and the HTTP routes — against
 * expectations written here from the spec's own words, plus agent configurations that try to widen
 * access. The test counts unauthorised reads and writes, which must be 0, and authorised ones
 * refused, which must be 0 too.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, silentLogger, type Viewer } from '../src/index.js';
import {
  canOnSkill,
  listReadableSkills,
  loadSkillAccess,
  resolveAgentSkills,
  type ShareScope,
  SKILL_ACTIONS,
  type SkillAction,
} from '../src/testing.js';
import { addMatrixPeople } from './support/matrix-people.js';
import { openTestApp, type TestApp } from './support/test-app.js';
import type { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

type Kind = 'builtin' | 'shared' | 'agent-bound';
interface SkillCase {
  id: string;
  kind: Kind;
  enabled: boolean;
  owner: string | null;
  readScope: ShareScope;
  manageScope: ShareScope;
}

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

/** Read scopes and, for each, the manage scopes "manage ⊆ read" allows. */
const SCOPES: { read: ShareScope; manages: ShareScope[] }[] = [
  {
    read: { kind: 'global' },
    manages: [
      { kind: 'global' },
      { kind: 'departments', departmentIds: [D1] },
      { kind: 'users', userIds: [people.adminD2.id] },
    ],
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

function buildCases(): SkillCase[] {
  const cases: SkillCase[] = [];
  let n = 0;
  for (const { read, manages } of SCOPES) {
    for (const manage of manages) {
      for (const enabled of [true, false]) {
        for (const owner of [null, people.adminD1.id, people.userD1.id]) {
          cases.push({
            id: `shared-${n++}`,
            kind: 'shared',
            enabled,
            owner,
            readScope: read,
            manageScope: manage,
          });
        }
      }
    }
  }
  for (const enabled of [true, false]) {
    cases.push({
      id: `builtin-${n++}`,
      kind: 'builtin',
      enabled,
      owner: null,
      readScope: { kind: 'global' },
      manageScope: { kind: 'users', userIds: [] },
    });
  }
  for (const owner of [people.adminD1.id, people.userD1.id]) {
    cases.push({
      id: `self-${n++}`,
      kind: 'agent-bound',
      enabled: true,
      owner,
      readScope: { kind: 'global' },
      manageScope: { kind: 'global' },
    });
  }
  return cases;
}
const CASES = buildCases();

/** Whether `person` is named by `scope`, written from the scope's meaning, not from the policy code. */
function named(person: Person, scope: ShareScope): boolean {
  const { id, departments } = people[person];
  switch (scope.kind) {
    case 'global':
      return true;
    case 'users':
      return scope.userIds.includes(id);
    case 'departments':
      return departments.some((department) => scope.departmentIds.includes(department));
  }
}

/** SPEC Y3 in its own words, one clause per line. */
function expected(person: Person, action: SkillAction, skill: SkillCase): boolean {
  const { role, id } = people[person];
  const reads = named(person, skill.readScope);
  const manages = named(person, skill.manageScope);
  if (skill.kind === 'agent-bound') {
    // Access follows the agent (its owner); it has no scope, toggle or delete of its own.
    return (action === 'read' || action === 'edit') && (role === 'superadmin' || skill.owner === id);
  }
  if (skill.kind === 'builtin') {
    // "superadmin — all shared and builtin … maintains builtin": see all, enable/disable, never edit or delete.
    if (role === 'superadmin') return action === 'read' || action === 'toggle';
    // "admin/user — enabled skills in its read scope"; builtins are nobody else's to manage.
    return action === 'read' && skill.enabled && reads;
  }
  if (role === 'superadmin') return true; // "manages all shared"
  if (role === 'admin') {
    const adminManages = skill.owner === id || (reads && manages); // "its own and those whose read and manage scopes both include it"
    return action === 'read' ? (skill.enabled && reads) || adminManages : adminManages;
  }
  // "user — enabled skills in its read scope, manages only its personal skills".
  return action === 'read' && skill.enabled && reads;
}

describe.each(TEST_BACKENDS)('Y3 permission matrix on $name', (backend) => {
  let server: TestApp;
  let viewers: Map<Person, Viewer>;
  let clients: Map<Person, TestClient>;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    server = await openTestApp({
      database: await backend.openMigrated(),
      adminPassword: 'matrix-admin-password',
      logger: silentLogger,
      label: 'y3',
    });
    const { db } = server.database;
    ({ viewers, clients } = await addMatrixPeople(server, { D1, D2 }, people));
    await db.insert(schema.skills).values(
      CASES.map((skill) => ({
        id: skill.id,
        kind: skill.kind,
        name: skill.id,
        description: `matrix case ${skill.id}`,
        enabled: skill.enabled,
        ownerId: skill.owner,
        readScope: skill.readScope.kind,
        manageScope: skill.manageScope.kind,
      })),
    );
    const members = (skillId: string, scope: ShareScope, which: 'read' | 'manage') =>
      scope.kind === 'departments'
        ? scope.departmentIds.map((departmentId) => ({ skillId, scope: which, departmentId }))
        : scope.kind === 'users'
          ? scope.userIds.map((userId) => ({ skillId, scope: which, userId }))
          : [];
    await db
      .insert(schema.skillScopeMembers)
      .values(
        CASES.flatMap((skill) => [
          ...members(skill.id, skill.readScope, 'read'),
          ...members(skill.id, skill.manageScope, 'manage'),
        ]),
      );
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server?.close();
  });

  it.skipIf(backend.skip)('Y3 the policy decides every role × scope × action as the spec says', async () => {
    const wrong: string[] = [];
    let checks = 0;
    // Each skill's facts, loaded once: they do not depend on who asks.
    const factsOf = new Map<string, NonNullable<Awaited<ReturnType<typeof loadSkillAccess>>>>();
    for (const skill of CASES) factsOf.set(skill.id, (await loadSkillAccess(server.database.db, skill.id))!);
    for (const person of Object.keys(people) as Person[]) {
      for (const skill of CASES) {
        const facts = factsOf.get(skill.id)!;
        for (const action of SKILL_ACTIONS) {
          checks++;
          const actual = canOnSkill(viewers.get(person)!, action, facts);
          if (actual !== expected(person, action, skill))
            wrong.push(`${person} ${action} ${skill.id}: ${actual}`);
        }
      }
    }
    expect(checks).toBe(6 * CASES.length * SKILL_ACTIONS.length);
    expect(wrong).toEqual([]);
  });

  it.skipIf(backend.skip)(
    'Y3 never shows a user a skill outside its read scope (the one listing query)',
    async () => {
      for (const person of Object.keys(people) as Person[]) {
        const listed = (await listReadableSkills(server.database.db, viewers.get(person)!)).map(
          (skill) => skill.id,
        );
        const readable = CASES.filter(
          (skill) => skill.kind !== 'agent-bound' && expected(person, 'read', skill),
        ).map((skill) => skill.id);
        expect({ person, listed }).toEqual({ person, listed: [...readable].sort() });
        const over = await listReadableSkills(server.database.db, viewers.get(person)!);
        for (const row of over) {
          const skill = CASES.find((candidate) => candidate.id === row.id)!;
          const manageable = (['edit', 'share', 'toggle', 'delete'] as const).some((action) =>
            expected(person, action, skill),
          );
          expect({ id: row.id, manageable: row.manageable }).toEqual({ id: row.id, manageable });
        }
      }
    },
  );

  it.skipIf(backend.skip)(
    'Y3 the routes answer every role × skill with 0 unauthorised reads or writes',
    async () => {
      let unauthorised = 0;
      let refusedWrongly = 0;
      for (const person of Object.keys(people) as Person[]) {
        const client = clients.get(person)!;
        for (const skill of CASES) {
          const mayRead = skill.kind !== 'agent-bound' && expected(person, 'read', skill);
          const read = await client.request('GET', `/api/skills/${skill.id}`);
          if (read.status === 200 && !mayRead) unauthorised++;
          if (read.status !== 200 && mayRead) refusedWrongly++;
          expect(read.status).toBe(mayRead ? 200 : 404);

          const mayToggle = mayRead && expected(person, 'toggle', skill);
          const toggle = await client.request('PUT', `/api/skills/${skill.id}/enabled`, {
            json: { enabled: skill.enabled },
          });
          if (toggle.status === 200 && !mayToggle) unauthorised++;
          if (toggle.status !== 200 && mayToggle) refusedWrongly++;
          expect(toggle.status).toBe(mayToggle ? 200 : mayRead ? 403 : 404);
        }
        const listed = await client.request('GET', '/api/skills');
        for (const row of listed.body.skills) {
          if (!expected(person, 'read', CASES.find((skill) => skill.id === row.id)!)) unauthorised++;
        }
      }
      expect({ unauthorised, refusedWrongly }).toEqual({ unauthorised: 0, refusedWrongly: 0 });
    },
    // 550 requests per backend: a guard for a loaded machine, not a speed check.
    240_000,
  );

  it.skipIf(backend.skip)('Y3 configuring an agent never widens what its user can read', async () => {
    const hostile = ['..', '%2e%2e', 'toString', '__proto__', "x' or '1'='1", 'self-00000000', ''];
    for (const person of Object.keys(people) as Person[]) {
      const viewer = viewers.get(person)!;
      const everything = [...CASES.map((skill) => skill.id), ...hostile];
      const usable = CASES.filter(
        (skill) => skill.kind !== 'agent-bound' && skill.enabled && expected(person, 'read', skill),
      )
        .map((skill) => skill.id)
        .sort();
      const listed = await resolveAgentSkills(server.database.db, viewer, everything);
      expect(listed.skillIds).toEqual(usable);
      expect([...listed.skillIds, ...listed.refused].sort()).toEqual([...new Set(everything)].sort());
      const all = await resolveAgentSkills(server.database.db, viewer, 'all');
      expect(all).toEqual({ skillIds: usable, refused: [] });
      // An agent that names another user's agent-bound skill does not get it, even for its owner: it comes through the agent.
      expect(listed.skillIds.some((id) => id.startsWith('self-'))).toBe(false);
    }
  });

  it.skipIf(backend.skip)('Y3 hostile skill ids are refused before any lookup', async () => {
    const client = clients.get('root')!;
    for (const id of ['..', '%2e%2e', 'toString', '__proto__', 'A', "x'--", 'a'.repeat(65)]) {
      const answer = await client.request('GET', `/api/skills/${encodeURIComponent(id)}`);
      expect([400, 404]).toContain(answer.status);
      expect(answer.body.error.code).toMatch(/^(invalid_request|not_found)$/);
    }
    expect((await client.request('GET', '/api/skills/to-string')).status).toBe(404);
  });
});
