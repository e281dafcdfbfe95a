import { createApiToken, hashPassword, type SkilldockDatabase, schema } from '@skilldock/server';
import { eq } from 'drizzle-orm';
import { createSeededRandom } from '../lib/seeded-random.js';

/** The size of the seeded platform (issue 12 §6). */
export interface PlatformShape {
  readonly skills: number;
  readonly departments: number;
  readonly users: number;
  /** Users that get an API token: one per concurrent client. */
  readonly clients: number;
  /** Conversations every user has with the built-in assistant. */
  readonly conversationsPerUser: number;
}

/** One seeded user with a token, and how many skills the seed says they may read. */
export interface SeededClient {
  readonly userId: string;
  /** A read token (the listings). */
  readonly token: string;
  /** A read-write token of the same user (the saves). */
  readonly writeToken: string;
  readonly readableSkills: number;
}

type Scope = 'global' | 'departments' | 'users';

const INSERT_CHUNK = 1000;

/**
 * Fills an empty, migrated platform database: departments, users (each in one or two departments),
 * shared skills with a mix of read scopes (a third global, a third naming three departments, a third
 * naming twenty users), conversations of every user with the built-in assistant (spread over the
 * last weeks), and one read and one read-write token per client. Deterministic (seeded), and it works out in
 * plain code which skills each client may read, so the benchmark can check the server's answers.
 * Rows go in with bulk inserts: one password hash is computed once and shared (nobody logs in).
 */
export async function seedPlatform(db: SkilldockDatabase, shape: PlatformShape): Promise<SeededClient[]> {
  const random = createSeededRandom(12);
  const pick = (count: number) => random.integer(0, count - 1);
  const departmentIds = Array.from({ length: shape.departments }, (_, index) => `dept-${index}`);
  await insertChunked(
    db,
    schema.departments,
    departmentIds.map((id) => ({ id, name: `Department ${id}` })),
  );

  const passwordHash = await hashPassword('bench-password-not-used');
  const userIds = Array.from({ length: shape.users }, (_, index) => `user-${index}`);
  await insertChunked(
    db,
    schema.users,
    userIds.map((id) => ({ id, username: id, displayName: id, role: 'user' as const, passwordHash })),
  );
  const departmentsOf = new Map<string, Set<string>>();
  const memberships: { userId: string; departmentId: string }[] = [];
  for (const userId of userIds) {
    const mine = new Set([departmentIds[pick(departmentIds.length)] as string]);
    if (random.next() < 0.5) mine.add(departmentIds[pick(departmentIds.length)] as string);
    departmentsOf.set(userId, mine);
    for (const departmentId of mine) memberships.push({ userId, departmentId });
  }
  await insertChunked(db, schema.memberships, memberships);

  const skillRows: (typeof schema.skills.$inferInsert)[] = [];
  const members: (typeof schema.skillScopeMembers.$inferInsert)[] = [];
  const readers: { scope: Scope; departments: Set<string>; users: Set<string> }[] = [];
  for (let index = 0; index < shape.skills; index += 1) {
    const id = `shared-skill-${String(index).padStart(4, '0')}`;
    const scope: Scope = (['global', 'departments', 'users'] as const)[index % 3] as Scope;
    const reader = { scope, departments: new Set<string>(), users: new Set<string>() };
    if (scope === 'departments') {
      while (reader.departments.size < 3)
        reader.departments.add(departmentIds[pick(departmentIds.length)] as string);
    }
    if (scope === 'users') {
      while (reader.users.size < 20) reader.users.add(userIds[pick(userIds.length)] as string);
    }
    readers.push(reader);
    skillRows.push({
      id,
      kind: 'shared',
      name: id,
      description: `Benchmark skill ${index}: what it does and when to use it.`,
      readScope: scope,
      manageScope: 'users',
    });
    for (const departmentId of reader.departments) members.push({ skillId: id, scope: 'read', departmentId });
    for (const userId of reader.users) members.push({ skillId: id, scope: 'read', userId });
  }
  await insertChunked(db, schema.skills, skillRows);
  await insertChunked(db, schema.skillScopeMembers, members);

  await seedConversations(db, userIds, shape.conversationsPerUser);

  const clients: SeededClient[] = [];
  for (let index = 0; index < shape.clients; index += 1) {
    // Spread the clients over the users; every fifth is named directly by some skill's scope.
    const userId =
      index % 5 === 0
        ? ([
            ...(readers.find((reader, at) => reader.scope === 'users' && at % 50 === index % 50)?.users ??
              []),
          ][0] ?? (userIds[index] as string))
        : (userIds[(index * 197) % userIds.length] as string);
    const { token } = await createApiToken(db, { userId, name: `bench-${index}`, access: 'read' });
    const { token: writeToken } = await createApiToken(db, {
      userId,
      name: `bench-${index}-write`,
      access: 'read-write',
    });
    const mine = departmentsOf.get(userId) ?? new Set<string>();
    const readableSkills = readers.filter(
      (reader) =>
        reader.scope === 'global' ||
        (reader.scope === 'users' && reader.users.has(userId)) ||
        (reader.scope === 'departments' &&
          [...reader.departments].some((department) => mine.has(department))),
    ).length;
    clients.push({ userId, token, writeToken, readableSkills });
  }
  return clients;
}

/** `count` conversations per user with the built-in assistant, updated at distinct times over 30 days. */
async function seedConversations(db: SkilldockDatabase, userIds: readonly string[], count: number) {
  const [assistant] = await db
    .select({ id: schema.agents.id })
    .from(schema.agents)
    .where(eq(schema.agents.builtinKey, 'assistant'));
  if (assistant === undefined) throw new Error('the built-in assistant agent is missing');
  const now = Date.now();
  const rows = userIds.flatMap((userId, user) =>
    Array.from({ length: count }, (_, index) => {
      const at = new Date(now - ((user * count + index) % 43_200) * 60_000);
      return {
        id: `conversation-${user}-${index}`,
        userId,
        agentId: assistant.id,
        title: `Conversation ${index} of ${userId}`,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await insertChunked(db, schema.conversations, rows);
}

async function insertChunked<Row extends Record<string, unknown>>(
  db: SkilldockDatabase,
  table: Parameters<SkilldockDatabase['insert']>[0],
  rows: readonly Row[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(table).values(rows.slice(start, start + INSERT_CHUNK) as never);
  }
}
