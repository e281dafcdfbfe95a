import { unwrap } from '../../src/api/api-error.js';
import { createApiClient } from '../../src/api/create-api-client.js';
import { loopbackFetch } from './loopback-fetch.js';
import type { RunningServe } from './start-serve.js';

/**
 * An API client for component tests, signed in to a fresh `serve` as its admin: the one-time
 * password is changed to `newPassword` first, as the server demands, and the session's CSRF token
 * is set. Requests go to the real server over loopback.
 */
export async function adminApiClient(
  serve: RunningServe,
  newPassword: string,
): Promise<ReturnType<typeof createApiClient>> {
  const client = createApiClient({ baseUrl: 'http://skilldock.test', fetch: loopbackFetch(serve.url) });
  const { api } = client;
  const first = await unwrap(
    api.POST('/api/auth/login', { body: { username: 'admin', password: serve.adminPassword } }),
  );
  client.csrf.set(first.csrfToken);
  await unwrap(
    api.POST('/api/auth/password', { body: { currentPassword: serve.adminPassword, newPassword } }),
  );
  const me = await unwrap(
    api.POST('/api/auth/login', { body: { username: 'admin', password: newPassword } }),
  );
  client.csrf.set(me.csrfToken);
  return client;
}
