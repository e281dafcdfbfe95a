/**
 * What the install-route tests share: a server whose drafts run on a clock the test moves, whose
 * "github.com" is a folder of local bare repositories, plus accounts, uploads and looks at the
 * data folder. Real components throughout: the database, git, archives, loopback HTTP servers.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { githubToLocal } from '../../../core/test/install/sources/install-fixtures.js';
import { yazlZip } from '../../../core/test/package/package-test-helpers.js';
import { createServer, type Database, type SkilldockServer, schema, silentLogger } from '../../src/index.js';
import { skillMarkdown } from '../support/skill-content-fixtures.js';
import { temporaryFolder } from '../support/temporary-folder.js';
import { TestClient } from '../support/test-client.js';
import { TEST_PASSWORD_HASH_COST } from '../support/test-password-cost.js';

export { skillMarkdown };

export const ADMIN_PASSWORD = 'install-admin-password';
export const USER_PASSWORD = 'install-user-password';

/** A git host other than GitHub, served from `<hostRoot>/git.example.com/<owner>/<repo>.git`. */
export const OTHER_GIT_HOST = 'git.example.com';

/** A clock the test moves by hand (SPEC P6 expiry without sleeping). */
export class TestClock {
  current = new Date('2026-06-01T08:00:00.000Z');
  readonly now = (): Date => new Date(this.current);
  advanceMinutes(minutes: number): void {
    this.current = new Date(this.current.getTime() + minutes * 60_000);
  }
}

/**
 * A server on `database` with a data folder, a clock, and local "github.com" and "git.example.com"
 * (bare repositories under `hostRoot`).
 */
export interface InstallTestServer {
  readonly server: SkilldockServer;
  readonly dataDir: string;
  readonly hostRoot: string;
  readonly clock: TestClock;
  readonly superadmin: TestClient;
  close(): Promise<void>;
}

/** Builds an install-test server; `dataDir` and `hostRoot` can be shared with a second instance. */
export async function startInstallServer(
  database: Database,
  shared: {
    dataDir?: string;
    hostRoot?: string;
    clock?: TestClock;
    /** Hosts the server reads through ModelScope's API (a loopback fake's `host:port`). */
    modelScopeHosts?: readonly string[];
  } = {},
): Promise<InstallTestServer> {
  const data = shared.dataDir === undefined ? await temporaryFolder('install-data') : undefined;
  const host = shared.hostRoot === undefined ? await temporaryFolder('install-github') : undefined;
  const dataDir = shared.dataDir ?? data!.path;
  const hostRoot = shared.hostRoot ?? host!.path;
  const clock = shared.clock ?? new TestClock();
  const server = await createServer({
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    database,
    dataDir,
    builtinDir: '/nonexistent-builtin-folder',
    adminPassword: ADMIN_PASSWORD,
    logger: silentLogger,
    loginRateLimit: { perAccount: 1000, perAddress: 1000 },
    install: {
      now: clock.now,
      remote: {
        allowInsecureLocalhost: true,
        ...(shared.modelScopeHosts === undefined ? {} : { modelScopeHosts: shared.modelScopeHosts }),
        gitConfig: {
          ...githubToLocal(hostRoot),
          [`url.file://${hostRoot}/${OTHER_GIT_HOST}/.insteadOf`]: `https://${OTHER_GIT_HOST}/`,
        },
      },
    },
  });
  const superadmin = new TestClient(server);
  const login = await superadmin.login('admin', ADMIN_PASSWORD);
  if (login.status !== 200) throw new Error(`superadmin login failed: ${login.status}`);
  return {
    server,
    dataDir,
    hostRoot,
    clock,
    superadmin,
    close: async () => {
      await server.stop();
      await server.database.close();
      await data?.remove();
      await host?.remove();
    },
  };
}

/** Creates an account through the API and returns its id and a logged-in client. */
export async function createAccount(
  setup: InstallTestServer,
  username: string,
  role: 'admin' | 'user',
  server: SkilldockServer = setup.server,
): Promise<{ id: string; client: TestClient }> {
  const created = await setup.superadmin.request('POST', '/api/admin/users', {
    json: { username, password: USER_PASSWORD, role },
  });
  if (created.status !== 201) throw new Error(`creating ${username} failed: ${created.status}`);
  const client = new TestClient(server);
  await client.login(username, USER_PASSWORD);
  return { id: created.body.user.id, client };
}

/** A multipart body with the upload in its `file` field. */
export function uploadForm(bytes: Uint8Array, fileName: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  return form;
}

/** A ZIP holding the skill `name` in a folder of that name, plus `files` inside it. */
export function skillZip(name: string, files: Record<string, string> = {}): Promise<Buffer> {
  const entries: Record<string, string> = { [`${name}/SKILL.md`]: skillMarkdown(name) };
  for (const [file, content] of Object.entries(files)) entries[`${name}/${file}`] = content;
  return yazlZip(entries);
}

function entriesOf(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder).sort() : [];
}

/** Staged drafts in the data folder (owner files left out). */
export function draftFolders(dataDir: string): string[] {
  return entriesOf(path.join(dataDir, 'drafts')).filter((name) => !name.endsWith('.owner'));
}

/** Content packages in the data folder (leases and the store lock left out). */
export function packageFolders(dataDir: string): string[] {
  return entriesOf(path.join(dataDir, 'packages')).filter((name) => !name.startsWith('.'));
}

/** Leftover private work folders. */
export function stagingFolders(dataDir: string): string[] {
  return entriesOf(path.join(dataDir, 'staging'));
}

/** The ids of the draft rows in the database. */
export async function draftRowIds(server: SkilldockServer): Promise<string[]> {
  const rows = await server.database.db.select({ id: schema.drafts.id }).from(schema.drafts);
  return rows.map((row) => row.id).sort();
}

/** Audit entries of `action`, oldest first. */
export async function auditEntries(server: SkilldockServer, action: string) {
  const rows = await server.database.db.select().from(schema.auditLog);
  return rows.filter((row) => row.action === action).sort((a, b) => a.id - b.id);
}
