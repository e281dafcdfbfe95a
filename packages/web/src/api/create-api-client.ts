import { CSRF_HEADER } from '@skilldock/core/csrf-header';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './generated/openapi';

/** The typed API client: `api.GET('/api/skills')`, with paths, parameters and bodies from the OpenAPI document. */
export type ApiClient = Client<paths>;

/** Where the session's CSRF token is kept between calls (set from login and `GET /api/auth/me`). */
export interface CsrfTokenStore {
  get(): string | null;
  set(token: string | null): void;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A CSRF token store in memory: the token is never written to storage a script could read later. */
export function memoryCsrfTokenStore(): CsrfTokenStore {
  let token: string | null = null;
  return {
    get: () => token,
    set: (next) => {
      token = next;
    },
  };
}

/**
 * Creates the API client for the server at `baseUrl` (the page's origin in the app). Every write
 * carries the session's CSRF token; a write refused with `csrf_failed` (the session was renewed
 * in another tab) fetches the current token from `/api/auth/me` and is sent once more.
 */
export function createApiClient({
  baseUrl,
  csrf = memoryCsrfTokenStore(),
  fetch: fetchImplementation = globalThis.fetch.bind(globalThis),
}: {
  readonly baseUrl: string;
  readonly csrf?: CsrfTokenStore;
  readonly fetch?: typeof globalThis.fetch;
}): { readonly api: ApiClient; readonly csrf: CsrfTokenStore } {
  const pending = new Map<string, Request>();
  const middleware: Middleware = {
    onRequest({ request, id }) {
      if (SAFE_METHODS.has(request.method)) return request;
      const token = csrf.get();
      if (token !== null) request.headers.set(CSRF_HEADER, token);
      pending.set(id, request.clone());
      return request;
    },
    async onResponse({ response, id }) {
      const original = pending.get(id);
      pending.delete(id);
      if (original === undefined || response.status !== 403) return response;
      const body = (await response
        .clone()
        .json()
        .catch(() => null)) as { error?: { code?: string } } | null;
      if (body?.error?.code !== 'csrf_failed') return response;
      const me = await fetchImplementation(new URL('/api/auth/me', baseUrl), { credentials: 'same-origin' });
      const fresh = me.ok ? ((await me.json()) as { csrfToken: string | null }).csrfToken : null;
      if (fresh === null || fresh === csrf.get()) return response;
      csrf.set(fresh);
      original.headers.set(CSRF_HEADER, fresh);
      return fetchImplementation(original);
    },
    onError({ id }) {
      pending.delete(id);
    },
  };
  const api = createClient<paths>({ baseUrl, fetch: fetchImplementation, credentials: 'same-origin' });
  api.use(middleware);
  return { api, csrf };
}
