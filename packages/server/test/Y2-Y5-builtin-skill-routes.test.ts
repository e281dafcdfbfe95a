/**
 * Builtin skills are read-only over HTTP (SPEC Y2, Y5, Y11): even the superadmin cannot delete one
 * (403, and it stays), and a builtin has no history (404 `no_history`) and nothing to restore (403).
 * One app with the shipped builtins for both suites' builtin cases, so that neither opens a second
 * database beside its own. On PGlite and PostgreSQL.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openContentApp } from './support/skill-content-fixtures.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

/** The builtins the server package ships (SPEC Y11). */
const SHIPPED_BUILTINS = path.resolve(import.meta.dirname, '..', 'builtin');

describe.each(TEST_BACKENDS)('builtin skills over HTTP on $name', (backend) => {
  let shipped: Awaited<ReturnType<typeof openContentApp>>;
  let superadmin: TestClient;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    shipped = await openContentApp(await backend.openMigrated(), 'builtin-routes', SHIPPED_BUILTINS);
    superadmin = new TestClient(shipped.server);
    expect((await superadmin.login('admin', 'content-admin-password')).status).toBe(200);
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await shipped.close();
  });

  it.skipIf(backend.skip)('Y2 a builtin is refused with 403 even for the superadmin, and stays', async () => {
    const refused = await superadmin.request('DELETE', '/api/skills/chat-widgets');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(
      "'chat-widgets' is a builtin skill: it can be disabled, never deleted",
    );
    expect((await superadmin.request('GET', '/api/skills/chat-widgets')).status).toBe(200);
  });

  it.skipIf(backend.skip)(
    'Y5 a builtin has no history (404 no_history) and nothing to restore (403, builtins are read-only)',
    async () => {
      const listed = await superadmin.request('GET', '/api/skills/chat-widgets/history');
      expect([listed.status, listed.body.error.code]).toEqual([404, 'no_history']);
      const tree = await superadmin.request('GET', '/api/skills/chat-widgets/tree');
      const restore = await superadmin.request(
        'POST',
        `/api/skills/chat-widgets/history/${tree.body.revision}/restore`,
        { json: { baseRevision: tree.body.revision } },
      );
      expect(restore.status).toBe(403);
    },
  );
});
