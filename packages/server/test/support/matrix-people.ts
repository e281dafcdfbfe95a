/** The people of the permission-matrix tests: accounts in departments, each with a viewer and a session client. */
import { createSession } from '../../src/auth/sessions.js';
import { hashPassword, type Role, schema, type Viewer } from '../../src/index.js';
import { loadViewer } from '../../src/testing.js';
import type { AppUnderTest } from './test-app.js';
import { TestClient } from './test-client.js';
import { TEST_PASSWORD_HASH_COST } from './test-password-cost.js';

/** One person of a matrix: its account id, role and departments. */
export interface MatrixPerson {
  readonly id: string;
  readonly role: Role;
  readonly departments: readonly string[];
}

/**
 * Inserts the departments (named by their key) and the people (username = key, lower-cased) with
 * their memberships, and returns each person's `Viewer` and a logged-in browser-like client.
 */
export async function addMatrixPeople<Name extends string>(
  server: AppUnderTest,
  departments: Readonly<Record<string, string>>,
  people: Readonly<Record<Name, MatrixPerson>>,
): Promise<{ viewers: Map<Name, Viewer>; clients: Map<Name, TestClient> }> {
  const { db } = server.database;
  const passwordHash = await hashPassword('matrix-password', TEST_PASSWORD_HASH_COST);
  await db.insert(schema.departments).values(Object.entries(departments).map(([name, id]) => ({ id, name })));
  const viewers = new Map<Name, Viewer>();
  const clients = new Map<Name, TestClient>();
  for (const [name, person] of Object.entries(people) as [Name, MatrixPerson][]) {
    await db.insert(schema.users).values({
      id: person.id,
      username: name.toLowerCase(),
      displayName: name,
      role: person.role,
      passwordHash,
    });
    if (person.departments.length > 0) {
      await db
        .insert(schema.memberships)
        .values(person.departments.map((departmentId) => ({ userId: person.id, departmentId })));
    }
    viewers.set(name, (await loadViewer(db, person.id))!);
    const client = new TestClient(server);
    const session = await createSession(db, person.id);
    client.cookie = `skilldock_session=${session.secret}`;
    client.csrfToken = session.csrfToken;
    clients.set(name, client);
  }
  return { viewers, clients };
}
