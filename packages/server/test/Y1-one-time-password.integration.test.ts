import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, silentLogger } from '../src/index.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

describe.each(TEST_BACKENDS)('the one-time password of the first start on $name', (backend) => {
  let server: SkilldockServer;
  let dataDir: Awaited<ReturnType<typeof temporaryFolder>>;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    dataDir = await temporaryFolder('y1-one-time');
    server = await createServer({
      database: await backend.openMigrated(),
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      dataDir: dataDir.path,
      builtinDir: '/nonexistent-builtin-folder',
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await dataDir.remove();
  });

  it.skipIf(backend.skip)(
    'Y1 signing in with the generated password asks for a new one until it is changed, in every session',
    async () => {
      const startup = server.startup.superadmin;
      if (!startup.created || startup.generatedPassword === undefined)
        throw new Error('no generated password');
      const first = new TestClient(server);
      const login = await first.login('admin', startup.generatedPassword);
      expect(login.status).toBe(200);
      expect(login.body.passwordChangeRequired).toBe(true);
      expect((await first.request('GET', '/api/auth/me')).body.passwordChangeRequired).toBe(true);

      const changed = await first.request('POST', '/api/auth/password', {
        json: { currentPassword: startup.generatedPassword, newPassword: 'my-own-password-1' },
      });
      expect(changed.status).toBe(204);
      expect((await first.request('GET', '/api/auth/me')).body.passwordChangeRequired).toBe(false);
      const second = new TestClient(server);
      expect((await second.login('admin', 'my-own-password-1')).body.passwordChangeRequired).toBe(false);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 O4 a superadmin whose password came from SKILLDOCK_ADMIN_PASSWORD is not asked; an account whose password an admin set is, until its owner changes it',
    async () => {
      const other = await createServer({
        database: await backend.openMigrated(),
        passwordHashCost: TEST_PASSWORD_HASH_COST,
        dataDir: dataDir.path,
        builtinDir: '/nonexistent-builtin-folder',
        adminPassword: 'chosen-admin-password',
        logger: silentLogger,
      });
      try {
        const admin = new TestClient(other);
        const login = await admin.login('admin', 'chosen-admin-password');
        expect(login.body.passwordChangeRequired).toBe(false);
        const created = await admin.request('POST', '/api/admin/users', {
          json: { username: 'dana', displayName: 'Dana', password: 'dana-password-1', role: 'user' },
        });
        expect(created.status).toBe(201);
        const dana = new TestClient(other);
        expect((await dana.login('dana', 'dana-password-1')).body.passwordChangeRequired).toBe(true);
        expect((await dana.request('GET', '/api/auth/me')).body.passwordChangeRequired).toBe(true);
        // Other changes by an admin (a new display name) do not ask again.
        const renamed = await admin.request('PATCH', `/api/admin/users/${created.body.user.id}`, {
          json: { displayName: 'Dana D.' },
        });
        expect(renamed.status).toBe(200);
        expect((await dana.request('GET', '/api/auth/me')).body.passwordChangeRequired).toBe(true);
        const own = await dana.request('POST', '/api/auth/password', {
          json: { currentPassword: 'dana-password-1', newPassword: 'danas-own-password' },
        });
        expect(own.status).toBe(204);
        expect((await dana.request('GET', '/api/auth/me')).body.passwordChangeRequired).toBe(false);
        const renamedAgain = await admin.request('PATCH', `/api/admin/users/${created.body.user.id}`, {
          json: { displayName: 'Dana' },
        });
        expect(renamedAgain.status).toBe(200);
        expect((await dana.request('GET', '/api/auth/me')).body.passwordChangeRequired).toBe(false);
        // An admin's reset is an admin-set password again.
        const reset = await admin.request('PATCH', `/api/admin/users/${created.body.user.id}`, {
          json: { password: 'reset-by-admin-1' },
        });
        expect(reset.status).toBe(200);
        const again = new TestClient(other);
        expect((await again.login('dana', 'reset-by-admin-1')).body.passwordChangeRequired).toBe(true);
        // The admin resetting their own password chose it: not asked.
        const self = await admin.request('PATCH', `/api/admin/users/${login.body.user.id}`, {
          json: { password: 'admins-new-password' },
        });
        expect(self.status).toBe(200);
        const adminAgain = new TestClient(other);
        expect((await adminAgain.login('admin', 'admins-new-password')).body.passwordChangeRequired).toBe(
          false,
        );
      } finally {
        await other.stop();
        await other.database.close();
      }
    },
  );
});
