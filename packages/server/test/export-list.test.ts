import * as server from '@skilldock/server';
import * as serverTesting from '@skilldock/server/testing';
import { describe, expect, it } from 'vitest';

/** What a program embedding the server may import from its root (issue 22 §5: at most 25 values). */
const ROOT_BUDGET = 25;

/**
 * The value exports of `@skilldock/server`, pinned like the other packages' (issue 9 §5): adding
 * or removing a public name shows up in review as a change to this list. The root is curated —
 * start a server or a worker, open and migrate its database, issue tokens, log — and the inner
 * parts the repository's own tests reach into live under `@skilldock/server/testing`.
 */
describe('export list', () => {
  it('I1 @skilldock/server exports exactly its pinned list of values', () => {
    expect(Object.keys(server).sort()).toMatchInlineSnapshot(`
      [
        "API_TOKEN_PREFIX",
        "CSRF_HEADER",
        "DEFAULT_SCRYPT_COST",
        "FIRST_SUPERADMIN_USERNAME",
        "HttpError",
        "ROLES",
        "SESSION_COOKIE",
        "TOKEN_SCOPES",
        "batchLines",
        "createApiToken",
        "createApp",
        "createJsonLogger",
        "createPrettyLogger",
        "createServer",
        "defaultDataDirectory",
        "describeApi",
        "ensureSuperadmin",
        "hashPassword",
        "openDatabase",
        "runMigrations",
        "schema",
        "silentLogger",
        "startWorkerProcess",
        "verifyPassword",
      ]
    `);
  });

  it('I1 the root stays curated and /testing holds everything the root has', () => {
    expect(Object.keys(server).length).toBeLessThanOrEqual(ROOT_BUDGET);
    for (const name of Object.keys(server))
      expect({
        name,
        same: Object.is(
          (serverTesting as Record<string, unknown>)[name],
          (server as Record<string, unknown>)[name],
        ),
      }).toEqual({ name, same: true });
    expect(Object.keys(serverTesting).length).toBeGreaterThan(Object.keys(server).length);
  });
});
