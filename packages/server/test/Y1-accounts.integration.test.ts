import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, schema, silentLogger } from '../src/index.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

const ADMIN_PASSWORD = 'first-admin-password';

describe.each(TEST_BACKENDS)('accounts on $name', (backend) => {
  let server: SkilldockServer;
  let dataDir: Awaited<ReturnType<typeof temporaryFolder>>;
  let superadmin: TestClient;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    dataDir = await temporaryFolder('y1');
    server = await createServer({
      database: await backend.openMigrated(),
      passwordHashCost: TEST_PASSWORD_HASH_COST,
      dataDir: dataDir.path,
      builtinDir: '/nonexistent-builtin-folder',
      adminPassword: ADMIN_PASSWORD,
      logger: silentLogger,
      loginRateLimit: { perAccount: 3, perAddress: 1000 },
    });
    superadmin = new TestClient(server);
    expect((await superadmin.login('admin', ADMIN_PASSWORD)).status).toBe(200);
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await server.stop();
    await server.database.close();
    await dataDir.remove();
  });

  it.skipIf(backend.skip)(
    'Y1 the first start creates one superadmin from SKILLDOCK_ADMIN_PASSWORD',
    async () => {
      expect(server.startup.superadmin).toEqual({ created: true, username: 'admin' });
      const me = await superadmin.request('GET', '/api/auth/me');
      expect(me.body.user).toMatchObject({ username: 'admin', role: 'superadmin' });
      expect(me.body.csrfToken).toBe(superadmin.csrfToken);
      const rows = await server.database.db.select().from(schema.users);
      expect(rows).toHaveLength(1);
      // The cost the test asked for: the option reaches the hash (the default has its own test).
      expect(rows[0]!.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$/);
      expect(rows[0]!.passwordHash).not.toContain(ADMIN_PASSWORD);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 sets an httpOnly SameSite=Lax session cookie, Secure only behind https',
    async () => {
      const plain = await new TestClient(server).login('admin', ADMIN_PASSWORD);
      const cookie = plain.headers.get('set-cookie')!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).not.toMatch(/Secure/);
      const secure = await server.app.request('https://skilldock.example/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      });
      expect(secure.headers.get('set-cookie')).toMatch(/; Secure/);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 refuses a wrong password, an unknown account and a disabled one alike',
    async () => {
      const created = await superadmin.request('POST', '/api/admin/users', {
        json: { username: 'Dora', password: 'dora-password-1', role: 'user' },
      });
      expect(created.status).toBe(201);
      expect(created.body.user.username).toBe('dora');
      const wrong = await new TestClient(server).login('dora', 'not-her-password');
      const unknown = await new TestClient(server).login('nobody-here', 'not-her-password');
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      const dora = new TestClient(server);
      expect((await dora.login('DORA', 'dora-password-1')).status).toBe(200);
      const disabled = await superadmin.request('PATCH', `/api/admin/users/${created.body.user.id}`, {
        json: { disabled: true },
      });
      expect(disabled.status).toBe(200);
      // Disabling ends the sessions it had and refuses new ones with the same answer as a wrong password.
      expect((await dora.request('GET', '/api/auth/me')).status).toBe(401);
      const again = await new TestClient(server).login('dora', 'dora-password-1');
      expect(again.status).toBe(401);
      expect(again.body).toEqual(wrong.body);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 rate-limits failed logins per account in the database, answering 429',
    async () => {
      await superadmin.request('POST', '/api/admin/users', {
        json: { username: 'rate-target', password: 'rate-target-pw', role: 'user' },
      });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await new TestClient(server).login('rate-target', 'wrong-password')).status);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Even the right password is refused while the account is locked out.
      const locked = await new TestClient(server).login('rate-target', 'rate-target-pw');
      expect(locked.status).toBe(429);
      expect(locked.body.error.code).toBe('rate_limited');
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
      const attempts = await server.database.db.select().from(schema.loginAttempts);
      expect(attempts.filter((row) => row.account === 'rate-target').length).toBe(5);
    },
  );

  it.skipIf(backend.skip)('Y1 concurrent wrong logins never get more tries than the limit', async () => {
    await superadmin.request('POST', '/api/admin/users', {
      json: { username: 'race-target', password: 'race-target-pw', role: 'user' },
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => new TestClient(server).login('race-target', 'wrong-password')),
    );
    const checked = answers.filter((answer) => answer.status === 401).length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(answers.filter((answer) => answer.status === 429).length).toBe(8 - checked);
  });

  it.skipIf(backend.skip)(
    'Y1 changing the password ends the other sessions and needs the current one',
    async () => {
      await superadmin.request('POST', '/api/admin/users', {
        json: { username: 'eve', password: 'eve-password-1', role: 'user' },
      });
      const first = new TestClient(server);
      const second = new TestClient(server);
      await first.login('eve', 'eve-password-1');
      await second.login('eve', 'eve-password-1');
      const wrong = await first.request('POST', '/api/auth/password', {
        json: { currentPassword: 'nope-nope-nope', newPassword: 'eve-password-2' },
      });
      expect(wrong.status).toBe(403);
      const changed = await first.request('POST', '/api/auth/password', {
        json: { currentPassword: 'eve-password-1', newPassword: 'eve-password-2' },
      });
      expect(changed.status).toBe(204);
      expect((await first.request('GET', '/api/auth/me')).status).toBe(200);
      expect((await second.request('GET', '/api/auth/me')).status).toBe(401);
      expect((await new TestClient(server).login('eve', 'eve-password-2')).status).toBe(200);
    },
  );

  it.skipIf(backend.skip)(
    "Y1 a password change revokes the account's API tokens and other sessions (keeping the one that changed it); so does an admin's reset",
    async () => {
      const bearer = (token: string) => {
        const client = new TestClient(server);
        client.bearer = token;
        return client;
      };
      await superadmin.request('POST', '/api/admin/users', {
        json: { username: 'fred', password: 'fred-password-1', role: 'user' },
      });
      const fred = new TestClient(server);
      const elsewhere = new TestClient(server);
      await fred.login('fred', 'fred-password-1');
      await elsewhere.login('fred', 'fred-password-1');
      const tokens = await Promise.all(
        (['read', 'read-write'] as const).map(
          async (access) =>
            (await fred.request('POST', '/api/auth/tokens', { json: { name: `fred-${access}`, access } }))
              .body.token as string,
        ),
      );
      for (const token of tokens)
        expect((await bearer(token).request('GET', '/api/auth/me')).status).toBe(200);
      const changed = await fred.request('POST', '/api/auth/password', {
        json: { currentPassword: 'fred-password-1', newPassword: 'fred-password-2' },
      });
      expect(changed.status).toBe(204);
      for (const token of tokens)
        expect((await bearer(token).request('GET', '/api/auth/me')).status).toBe(401);
      expect((await elsewhere.request('GET', '/api/auth/me')).status).toBe(401);
      const listed = await fred.request('GET', '/api/auth/tokens');
      expect(listed.status).toBe(200);
      expect(
        listed.body.tokens.filter((token: { revokedAt: string | null }) => token.revokedAt === null),
      ).toEqual([]);
      const fredId = (await fred.request('GET', '/api/auth/me')).body.user.id;
      const audit = await server.database.db.select().from(schema.auditLog);
      const entry = audit.find((row) => row.action === 'user.password_changed' && row.targetId === fredId);
      expect(entry?.details).toMatchObject({ tokensRevoked: 2 });

      // An admin's reset of someone's password does the same.
      const created = await superadmin.request('POST', '/api/admin/users', {
        json: { username: 'gina', password: 'gina-password-1', role: 'user' },
      });
      const gina = new TestClient(server);
      await gina.login('gina', 'gina-password-1');
      const ginaToken = (
        await gina.request('POST', '/api/auth/tokens', { json: { name: 'gina', access: 'read' } })
      ).body.token as string;
      const reset = await superadmin.request('PATCH', `/api/admin/users/${created.body.user.id}`, {
        json: { password: 'gina-password-2' },
      });
      expect(reset.status).toBe(200);
      expect((await bearer(ginaToken).request('GET', '/api/auth/me')).status).toBe(401);
      expect((await gina.request('GET', '/api/auth/me')).status).toBe(401);
    },
  );

  it.skipIf(backend.skip)(
    'W6 the session probe answers 200 for everyone: null for nobody or an ended session, the caller otherwise',
    async () => {
      const nobody = new TestClient(server);
      const anonymous = await nobody.request('GET', '/api/auth/session');
      expect(anonymous.status).toBe(200);
      expect(anonymous.body).toEqual({ session: null });
      const signedIn = await superadmin.request('GET', '/api/auth/session');
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.session).toEqual((await superadmin.request('GET', '/api/auth/me')).body);
      const ended = new TestClient(server);
      await ended.login('admin', ADMIN_PASSWORD);
      expect((await ended.request('POST', '/api/auth/logout')).status).toBe(204);
      expect((await ended.request('GET', '/api/auth/session')).body).toEqual({ session: null });
      const forged = new TestClient(server);
      forged.bearer = 'sk_not-a-real-token';
      const refused = await forged.request('GET', '/api/auth/session');
      expect(refused.status).toBe(401);
    },
  );

  it.skipIf(backend.skip)('Y1 logout ends the session in the database', async () => {
    const client = new TestClient(server);
    await client.login('admin', ADMIN_PASSWORD);
    expect((await client.request('POST', '/api/auth/logout')).status).toBe(204);
    expect((await client.request('GET', '/api/auth/me')).status).toBe(401);
  });

  it.skipIf(backend.skip)(
    'Y1 refuses cookie writes without the CSRF token, with a forged one, or from another origin',
    async () => {
      const missing = await superadmin.request('POST', '/api/admin/departments', {
        json: { name: 'NoCsrf' },
        csrf: false,
      });
      expect(missing.status).toBe(403);
      expect(missing.body.error.code).toBe('csrf_failed');
      // One character changed; never the same character, or the "forged" token would be the real one.
      const token = superadmin.csrfToken!;
      const forgedToken = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      expect(forgedToken).not.toBe(token);
      const forged = await superadmin.request('POST', '/api/admin/departments', {
        json: { name: 'Forged' },
        headers: { 'x-csrf-token': forgedToken },
      });
      expect(forged.status).toBe(403);
      const crossSite = await superadmin.request('POST', '/api/admin/departments', {
        json: { name: 'CrossSite' },
        headers: { origin: 'https://evil.example' },
      });
      expect(crossSite.status).toBe(403);
      const crossSiteLogin = await new TestClient(server).login('admin', ADMIN_PASSWORD, {
        origin: 'https://evil.example',
      });
      expect(crossSiteLogin.status).toBe(403);
      const departments = await server.database.db.select().from(schema.departments);
      expect(departments.map((row) => row.name)).not.toEqual(expect.arrayContaining(['NoCsrf']));
      expect(
        departments.map((row) => row.name).filter((name) => ['NoCsrf', 'Forged', 'CrossSite'].includes(name)),
      ).toEqual([]);
    },
  );

  it.skipIf(backend.skip)(
    'Y1 API tokens are shown once, stored hashed, read-only when asked, and revocable',
    async () => {
      const issued = await superadmin.request('POST', '/api/auth/tokens', {
        json: { name: 'ci', access: 'read' },
      });
      expect(issued.status).toBe(201);
      const token: string = issued.body.token;
      expect(token).toMatch(/^skd_/);
      const stored = await server.database.db.select().from(schema.apiTokens);
      expect(JSON.stringify(stored)).not.toContain(token);
      const listed = await superadmin.request('GET', '/api/auth/tokens');
      expect(JSON.stringify(listed.body)).not.toContain(token);

      const reader = new TestClient(server);
      reader.bearer = token;
      expect((await reader.request('GET', '/api/auth/me')).body.via).toBe('token');
      const write = await reader.request('POST', '/api/admin/departments', { json: { name: 'ByReadToken' } });
      expect(write.status).toBe(403);
      expect(write.body.error.code).toBe('token_read_only');

      const writer = new TestClient(server);
      writer.bearer = (
        await superadmin.request('POST', '/api/auth/tokens', { json: { name: 'rw', access: 'read-write' } })
      ).body.token;
      // A bearer token needs no CSRF token (it is not sent by a browser on its own)...
      expect(
        (await writer.request('POST', '/api/admin/departments', { json: { name: 'ByToken' } })).status,
      ).toBe(201);
      // ...but it cannot mint further tokens or change the password.
      expect(
        (await writer.request('POST', '/api/auth/tokens', { json: { name: 'x', access: 'read' } })).status,
      ).toBe(403);

      const revoked = await superadmin.request('DELETE', `/api/auth/tokens/${issued.body.apiToken.id}`);
      expect(revoked.status).toBe(204);
      expect((await reader.request('GET', '/api/auth/me')).status).toBe(401);
      expect((await superadmin.request('DELETE', `/api/auth/tokens/${issued.body.apiToken.id}`)).status).toBe(
        404,
      );
      const forged = new TestClient(server);
      forged.bearer = `skd_${'A'.repeat(43)}`;
      expect((await forged.request('GET', '/api/auth/me')).status).toBe(401);
    },
  );

  it.skipIf(backend.skip)(
    "Y1 an admin manages users but never admins, and nobody reaches another user's tokens",
    async () => {
      const department = await superadmin.request('POST', '/api/admin/departments', {
        json: { name: 'Ops' },
      });
      const admin = await superadmin.request('POST', '/api/admin/users', {
        json: {
          username: 'ada',
          password: 'ada-password-1',
          role: 'admin',
          departmentIds: [department.body.department.id],
        },
      });
      expect(admin.body.user.departmentIds).toEqual([department.body.department.id]);
      const ada = new TestClient(server);
      await ada.login('ada', 'ada-password-1');
      expect(
        (
          await ada.request('POST', '/api/admin/users', {
            json: { username: 'ada2', password: 'ada-password-2', role: 'admin' },
          })
        ).status,
      ).toBe(403);
      const bob = await ada.request('POST', '/api/admin/users', {
        json: { username: 'bob', password: 'bob-password-1' },
      });
      expect(bob.status).toBe(201);
      expect(bob.body.user.role).toBe('user');
      expect(
        (await ada.request('PATCH', `/api/admin/users/${bob.body.user.id}`, { json: { role: 'admin' } }))
          .status,
      ).toBe(403);
      const superId = (await superadmin.request('GET', '/api/auth/me')).body.user.id;
      expect(
        (await ada.request('PATCH', `/api/admin/users/${superId}`, { json: { disabled: true } })).status,
      ).toBe(403);
      expect(
        (await superadmin.request('PATCH', `/api/admin/users/${superId}`, { json: { role: 'user' } })).status,
      ).toBe(403);
      expect(
        (
          await ada.request('POST', '/api/admin/users', {
            json: { username: 'bob', password: 'bob-password-1' },
          })
        ).status,
      ).toBe(409);

      const bobClient = new TestClient(server);
      await bobClient.login('bob', 'bob-password-1');
      expect((await bobClient.request('GET', '/api/admin/users')).status).toBe(403);
      const superToken = await superadmin.request('POST', '/api/auth/tokens', {
        json: { name: 'mine', access: 'read' },
      });
      // Bob cannot revoke the superadmin's token through his own route (it is not his) nor the admin one.
      expect(
        (await bobClient.request('DELETE', `/api/auth/tokens/${superToken.body.apiToken.id}`)).status,
      ).toBe(404);
      expect(
        (await bobClient.request('DELETE', `/api/admin/tokens/${superToken.body.apiToken.id}`)).status,
      ).toBe(403);
      expect((await ada.request('DELETE', `/api/admin/tokens/${superToken.body.apiToken.id}`)).status).toBe(
        403,
      );
      const bobsToken = await bobClient.request('POST', '/api/auth/tokens', {
        json: { name: 'bobs', access: 'read' },
      });
      expect((await ada.request('DELETE', `/api/admin/tokens/${bobsToken.body.apiToken.id}`)).status).toBe(
        204,
      );
    },
  );

  it.skipIf(backend.skip)(
    'Y14 every account change is in the audit log, filterable, and never holds a password',
    async () => {
      const all = await superadmin.request('GET', '/api/admin/audit?limit=500');
      const actions = new Set(all.body.entries.map((entry: { action: string }) => entry.action));
      for (const action of [
        'user.created',
        'user.updated',
        'user.password_changed',
        'department.created',
        'token.created',
        'token.revoked',
        'session.created',
        'session.deleted',
      ]) {
        expect(actions).toContain(action);
      }
      expect(JSON.stringify(all.body)).not.toMatch(/password-1|password-2|first-admin-password/);
      const created = await superadmin.request('GET', '/api/admin/audit?action=user.created');
      expect(created.body.entries.length).toBeGreaterThan(0);
      expect(created.body.entries.every((entry: { action: string }) => entry.action === 'user.created')).toBe(
        true,
      );
      const page = await superadmin.request('GET', '/api/admin/audit?limit=2');
      expect(page.body.entries).toHaveLength(2);
      const next = await superadmin.request('GET', `/api/admin/audit?limit=2&before=${page.body.nextBefore}`);
      expect(next.body.entries[0].id).toBeLessThan(page.body.entries[1].id + 1);
      expect(next.body.entries[0].id).toBeLessThan(page.body.entries[0].id);
      const future = await superadmin.request('GET', '/api/admin/audit?since=2999-01-01T00:00:00Z');
      expect(future.body.entries).toEqual([]);
      expect((await superadmin.request('GET', "/api/admin/audit?action=' or 1=1 --")).body.entries).toEqual(
        [],
      );
      expect((await superadmin.request('GET', '/api/admin/audit?limit=100000')).status).toBe(400);
    },
  );
});
