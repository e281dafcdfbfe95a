import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServe } from './start-serve.js';

/** Signs a context in through the API (its cookies then serve the pages) and returns the CSRF token. */
export async function signIn(
  request: APIRequestContext,
  url: string,
  username: string,
  password: string,
): Promise<string> {
  const response = await request.post(`${url}/api/auth/login`, { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { csrfToken: string }).csrfToken;
}

/**
 * Signs the first admin in with the one-time password `skilldock serve` printed, sets `password`
 * (the one-time password allows nothing else) and signs in again; returns the new CSRF token.
 */
export async function signInAdmin(
  request: APIRequestContext,
  serve: RunningServe,
  password: string,
): Promise<string> {
  const first = await signIn(request, serve.url, 'admin', serve.adminPassword);
  const changed = await request.post(`${serve.url}/api/auth/password`, {
    data: { currentPassword: serve.adminPassword, newPassword: password },
    headers: { 'X-CSRF-Token': first },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return signIn(request, serve.url, 'admin', password);
}

/**
 * Calls the API as a signed-in context (`csrf` its token) and fails the test unless the answer is
 * 2xx; returns the answer's JSON (`undefined` for an empty body).
 */
export async function callApi(
  request: APIRequestContext,
  url: string,
  csrf: string,
  method: 'get' | 'post' | 'put',
  route: string,
  data?: unknown,
): Promise<unknown> {
  const response = await request[method](`${url}${route}`, {
    ...(data === undefined ? {} : { data }),
    headers: { 'X-CSRF-Token': csrf },
  });
  const text = await response.text();
  expect(response.ok(), `${method.toUpperCase()} ${route}: ${text}`).toBe(true);
  return text === '' ? undefined : JSON.parse(text);
}
