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
 * Signs `username` in with a password they did not choose (the one-time password, or one an admin
 * set), chooses `ownPassword` as a person must before the web app opens anything else (SPEC Y1, O4)
 * and signs in again; returns the new CSRF token.
 */
export async function signInChoosingPassword(
  request: APIRequestContext,
  url: string,
  username: string,
  givenPassword: string,
  ownPassword: string,
): Promise<string> {
  const first = await request.post(`${url}/api/auth/login`, {
    data: { username, password: givenPassword },
  });
  expect(first.status(), await first.text()).toBe(200);
  const answer = (await first.json()) as { csrfToken: string; passwordChangeRequired: boolean };
  expect(answer.passwordChangeRequired).toBe(true);
  const changed = await request.post(`${url}/api/auth/password`, {
    data: { currentPassword: givenPassword, newPassword: ownPassword },
    headers: { 'X-CSRF-Token': answer.csrfToken },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
  return signIn(request, url, username, ownPassword);
}

/**
 * Signs the first admin in with the one-time password `skilldock serve` printed, sets `password`
 * (the web app opens nothing else before) and signs in again; returns the new CSRF token.
 */
export function signInAdmin(
  request: APIRequestContext,
  serve: RunningServe,
  password: string,
): Promise<string> {
  return signInChoosingPassword(request, serve.url, 'admin', serve.adminPassword, password);
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
