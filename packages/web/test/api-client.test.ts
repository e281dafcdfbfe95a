import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, unwrap } from '../src/api/api-error.js';
import { createApiClient } from '../src/api/create-api-client.js';

// The server's route-test app on its pooled migrated PGlite (a fresh PGlite initialises and
// migrates for seconds of CPU); loaded on demand like test/support/start-serve.ts does.
const { openTestApp } = await import('../../server/test/support/test-app.js');
const { TEST_BACKENDS } = await import('../../server/test/support/test-databases.js');

/**
 * The typed client against the real server in process. Its `fetch` keeps the session cookie the
 * way a browser does, so CSRF is exercised exactly as in the app.
 */
describe('the API client', () => {
  let server: Awaited<ReturnType<typeof openTestApp>>;
  const requests: string[] = [];

  function browserLikeFetch() {
    let cookie: string | undefined;
    return async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (cookie !== undefined) request.headers.set('cookie', cookie);
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      const response = await server.app.fetch(request);
      const setCookie = response.headers.get('set-cookie');
      if (setCookie !== null) cookie = setCookie.split(';')[0];
      return response;
    };
  }

  beforeAll(async () => {
    server = await openTestApp({
      database: await TEST_BACKENDS[0]!.openMigrated(),
      label: 'web-client',
      adminPassword: 'api-client-admin',
    });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('Y1 sends the session CSRF token on writes, and renews a stale one once from /api/auth/me', async () => {
    const { api, csrf } = createApiClient({ baseUrl: 'http://skilldock.test', fetch: browserLikeFetch() });
    const me = await unwrap(
      api.POST('/api/auth/login', { body: { username: 'admin', password: 'api-client-admin' } }),
    );
    csrf.set(me.csrfToken);
    const created = await unwrap(api.POST('/api/admin/departments', { body: { name: 'Research' } }));
    expect(created.department.name).toBe('Research');

    csrf.set('stale-token-from-an-older-session');
    requests.length = 0;
    const again = await unwrap(api.POST('/api/admin/departments', { body: { name: 'Sales' } }));
    expect(again.department.name).toBe('Sales');
    expect(csrf.get()).toBe(me.csrfToken);
    expect(requests).toEqual([
      'POST /api/admin/departments',
      'GET /api/auth/me',
      'POST /api/admin/departments',
    ]);
  });

  it('Y1 a refusal is an ApiError with the server code; without a session a write is not retried', async () => {
    const { api } = createApiClient({ baseUrl: 'http://skilldock.test', fetch: browserLikeFetch() });
    const wrong = await unwrap(
      api.POST('/api/auth/login', { body: { username: 'admin', password: 'wrong' } }),
    ).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ status: 401, code: 'invalid_credentials' });
    requests.length = 0;
    const anonymous = await unwrap(api.POST('/api/admin/departments', { body: { name: 'X' } })).catch(
      (error: unknown) => error,
    );
    expect(anonymous).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(requests).toEqual(['POST /api/admin/departments']);
  });
});
