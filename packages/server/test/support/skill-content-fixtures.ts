/**
 * Fixtures of the skill content route tests (edit, share, discovery): people with sessions or
 * tokens, shared skills published into a server's real package store with their index row, and
 * personal skills written into a user's workspace.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createSession } from '../../src/auth/sessions.js';
import { contentLayout, personalSkillDirectory, publishPackages } from '../../src/content/index.js';
import {
  type CreateServerOptions,
  createApiToken,
  createServer,
  type Database,
  hashPassword,
  type Role,
  type SkilldockServer,
  schema,
  silentLogger,
} from '../../src/index.js';
import { referencedRevisions } from '../../src/skill-content/referenced-revisions.js';
import type { ShareScope } from '../../src/testing.js';
import { temporaryFolder } from './temporary-folder.js';
import { type AppUnderTest, openTestApp, type TestApp } from './test-app.js';
import { TestClient } from './test-client.js';
import { TEST_PASSWORD_HASH_COST } from './test-password-cost.js';

/** The text of a SKILL.md named `name`, with optional extra frontmatter lines. */
export function skillMarkdown(name: string, extra = ''): string {
  return `---\nname: ${name}\ndescription: The ${name} skill. Use it for ${name} work.\n${extra}---\n# ${name}\n\nDo the thing.\n`;
}

/** Writes `files` (a path ending in `/` is an empty folder) under `directory`. */
export async function writeFiles(
  directory: string,
  files: Record<string, string | Uint8Array>,
): Promise<void> {
  await mkdir(directory, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(directory, name);
    if (name.endsWith('/')) {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

/** A person: its id, a browser-like client with a session, and a read-write bearer token. */
export interface TestPerson {
  readonly id: string;
  readonly username: string;
  readonly client: TestClient;
  readonly token: string;
}

/** Inserts an account (with departments) and gives it a session client and a read-write token. */
export async function addPerson(
  server: AppUnderTest,
  username: string,
  role: Role,
  departmentIds: readonly string[] = [],
): Promise<TestPerson> {
  const { db } = server.database;
  const id = randomUUID();
  await db.insert(schema.users).values({
    id,
    username,
    displayName: username,
    role,
    passwordHash: await hashPassword('content-test-password', TEST_PASSWORD_HASH_COST),
  });
  if (departmentIds.length > 0)
    await db
      .insert(schema.memberships)
      .values(departmentIds.map((departmentId) => ({ userId: id, departmentId })));
  const session = await createSession(db, id);
  const client = new TestClient(server);
  client.cookie = `skilldock_session=${session.secret}`;
  client.csrfToken = session.csrfToken;
  const { token } = await createApiToken(db, { userId: id, name: 'tests', access: 'read-write' });
  return { id, username, client, token };
}

/** Options of {@link publishSharedSkill}. */
export interface SharedSkillOptions {
  readonly files?: Record<string, string | Uint8Array>;
  readonly ownerId?: string | null;
  readonly enabled?: boolean;
  readonly readScope?: ShareScope;
  readonly manageScope?: ShareScope;
}

function scopeRows(skillId: string, scope: ShareScope, which: 'read' | 'manage') {
  if (scope.kind === 'departments')
    return scope.departmentIds.map((departmentId) => ({ skillId, scope: which, departmentId }));
  if (scope.kind === 'users') return scope.userIds.map((userId) => ({ skillId, scope: which, userId }));
  return [];
}

/**
 * Publishes a shared skill `id` into the server's package store (its SKILL.md plus `files`) and
 * inserts its index row in the commit, as a shared install does. Returns its revision.
 */
export async function publishSharedSkill(
  server: AppUnderTest,
  id: string,
  options: SharedSkillOptions = {},
): Promise<string> {
  const layout = contentLayout(server.dataDir);
  const { db } = server.database;
  const source = path.join(server.dataDir, 'fixture-sources', `${id}-${randomUUID()}`);
  await writeFiles(source, { 'SKILL.md': skillMarkdown(id), ...options.files });
  const readScope = options.readScope ?? { kind: 'global' };
  const manageScope = options.manageScope ?? { kind: 'users', userIds: [] };
  const { revisions } = await publishPackages(layout, {
    sources: [source],
    commit: async ([revision]) => {
      await db.transaction(async (tx) => {
        await tx.insert(schema.skills).values({
          id,
          kind: 'shared',
          name: id,
          description: `The ${id} skill. Use it for ${id} work.`,
          enabled: options.enabled ?? true,
          ownerId: options.ownerId ?? null,
          contentRef: revision!,
          contentHash: revision!,
          readScope: readScope.kind,
          manageScope: manageScope.kind,
        });
        const members = [...scopeRows(id, readScope, 'read'), ...scopeRows(id, manageScope, 'manage')];
        if (members.length > 0) await tx.insert(schema.skillScopeMembers).values(members);
      });
    },
    referencedRevisions: referencedRevisions(db),
  });
  return revisions[0]!;
}

/** Writes a personal skill `id` into the user's workspace; returns its folder. */
export async function writePersonalSkill(
  server: AppUnderTest,
  userId: string,
  id: string,
  files: Record<string, string | Uint8Array> = {},
): Promise<string> {
  const directory = await personalSkillDirectory(contentLayout(server.dataDir), userId, id);
  await writeFiles(directory, { 'SKILL.md': skillMarkdown(id), ...files });
  return directory;
}

/** The package folder names in the server's store (leases, locks and work folders left out). */
export async function storedPackages(server: AppUnderTest): Promise<string[]> {
  const names = await readdir(contentLayout(server.dataDir).packagesDirectory).catch(() => [] as string[]);
  return names.filter((name) => /^[0-9a-f]{64}$/.test(name)).sort();
}

/** The SHA-256 of text as the content layer writes it. */
export function sha256(content: string | Uint8Array): string {
  return `sha256:${createHash('sha256').update(content).digest('hex')}`;
}

/** A server on `database` with its data folder in a fresh temp folder; `close()` stops it and removes both. */
export async function startContentServer(
  database: Database,
  label: string,
  builtinDir = '/nonexistent-builtin-folder',
  extra: Partial<CreateServerOptions> = {},
): Promise<{ readonly server: SkilldockServer; close(): Promise<void> }> {
  const folder = await temporaryFolder(label);
  const server = await createServer({
    ...extra,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    database,
    dataDir: path.join(folder.path, 'data'),
    builtinDir,
    adminPassword: 'content-admin-password',
    logger: silentLogger,
  });
  return {
    server,
    close: async () => {
      await server.stop();
      await server.database.close();
      await folder.remove();
    },
  };
}

/**
 * The app alone on `database` (no start-up, queue worker or socket; see {@link openTestApp}) with
 * its data folder in a fresh temp folder: for route tests that need no started server.
 * `close()` closes the database and removes the folder.
 */
export async function openContentApp(
  database: Database,
  label: string,
  builtinDir?: string,
): Promise<{ readonly server: TestApp; close(): Promise<void> }> {
  const server = await openTestApp({
    database,
    label,
    adminPassword: 'content-admin-password',
    ...(builtinDir === undefined ? {} : { builtinDir }),
  });
  return { server, close: () => server.close() };
}

/** The audit entries about `targetId`, oldest first. */
export function auditEntries(server: AppUnderTest, targetId: string) {
  return server.database.db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.targetId, targetId))
    .orderBy(schema.auditLog.id);
}
