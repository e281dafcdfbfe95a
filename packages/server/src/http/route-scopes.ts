import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Principal } from '../auth/principal.js';
import type { TokenScope } from '../auth/token-scopes.js';
import type { AppEnv } from './app-env.js';
import { HttpError } from './http-error.js';

/**
 * What an API token needs to call a route (issue 24):
 * - a {@link TokenScope};
 * - `public`: nothing (anyone may call it);
 * - `account`: any valid token (the caller's own account: who am I, my tokens, signing out);
 * - `session`: no token at all, only a login session (changing the password, issuing tokens).
 * Login sessions are not limited by scopes; the role and the sharing policy decide for both.
 */
export type RouteRequirement = TokenScope | 'public' | 'account' | 'session';

/**
 * Every route's requirement, in one place, keyed `METHOD /path/{param}` as the OpenAPI document
 * writes it. A route missing here is refused to every token (and fails the contract test).
 */
export const ROUTE_REQUIREMENTS: Readonly<Record<string, RouteRequirement>> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/docs': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'account',
  'GET /api/auth/me': 'account',
  'GET /api/auth/session': 'account',
  'POST /api/auth/password': 'session',
  'GET /api/auth/tokens': 'account',
  'POST /api/auth/tokens': 'session',
  'DELETE /api/auth/tokens/{id}': 'account',

  'GET /api/admin/audit': 'admin:read',
  'GET /api/admin/builtin': 'admin:read',
  'GET /api/admin/departments': 'admin:read',
  'POST /api/admin/departments': 'admin:write',
  'PATCH /api/admin/departments/{id}': 'admin:write',
  'DELETE /api/admin/departments/{id}': 'admin:write',
  'GET /api/admin/discovery': 'admin:read',
  'PUT /api/admin/discovery': 'admin:write',
  'GET /api/admin/model-providers': 'admin:read',
  'POST /api/admin/model-providers': 'admin:write',
  'GET /api/admin/model-providers/{id}': 'admin:read',
  'PATCH /api/admin/model-providers/{id}': 'admin:write',
  'DELETE /api/admin/model-providers/{id}': 'admin:write',
  'POST /api/admin/model-providers/{id}/test': 'admin:write',
  'GET /api/admin/runs': 'admin:read',
  'POST /api/admin/runs/{id}/cancel': 'admin:write',
  'GET /api/admin/settings/install': 'admin:read',
  'PUT /api/admin/settings/install/allowed-hosts': 'admin:write',
  'PUT /api/admin/settings/install/recommended': 'admin:write',
  'PUT /api/admin/settings/install/skills-directory': 'admin:write',
  'GET /api/admin/settings/runs': 'admin:read',
  'PUT /api/admin/settings/runs': 'admin:write',
  'GET /api/admin/settings/web-fetch': 'admin:read',
  'PUT /api/admin/settings/web-fetch': 'admin:write',
  'GET /api/admin/tokens': 'admin:read',
  'DELETE /api/admin/tokens/{id}': 'admin:write',
  'GET /api/admin/users': 'admin:read',
  'POST /api/admin/users': 'admin:write',
  'PATCH /api/admin/users/{id}': 'admin:write',

  'GET /.well-known/agent-skills/index.json': 'skills:read',
  'GET /.well-known/agent-skills/{file}': 'skills:read',
  'GET /.well-known/skills/index.json': 'skills:read',
  'GET /.well-known/skills/{id}/{path}': 'skills:read',
  'GET /api/skills': 'skills:read',
  'GET /api/skills/{id}': 'skills:read',
  'DELETE /api/skills/{id}': 'skills:write',
  'PUT /api/skills/{id}/enabled': 'skills:write',
  'GET /api/skills/{id}/export': 'skills:read',
  'GET /api/skills/{id}/tree': 'skills:read',
  'GET /api/skills/{id}/files/{path}': 'skills:read',
  'PUT /api/skills/{id}/files/{path}': 'skills:write',
  'POST /api/skills/{id}/save': 'skills:write',
  'GET /api/skills/{id}/share': 'skills:read',
  'PUT /api/skills/{id}/share': 'skills:write',
  'GET /api/me/skills': 'skills:read',
  'DELETE /api/me/skills/{id}': 'skills:write',
  'GET /api/personal-skills/{id}/export': 'skills:read',
  'GET /api/personal-skills/{id}/tree': 'skills:read',
  'GET /api/personal-skills/{id}/files/{path}': 'skills:read',
  'PUT /api/personal-skills/{id}/files/{path}': 'skills:write',
  'POST /api/personal-skills/{id}/save': 'skills:write',
  'GET /api/skills/{id}/history': 'skills:read',
  'GET /api/skills/{id}/history/{revision}/tree': 'skills:read',
  'GET /api/skills/{id}/history/{revision}/files/{path}': 'skills:read',
  'POST /api/skills/{id}/history/{revision}/restore': 'skills:write',
  'GET /api/personal-skills/{id}/history': 'skills:read',
  'GET /api/personal-skills/{id}/history/{revision}/tree': 'skills:read',
  'GET /api/personal-skills/{id}/history/{revision}/files/{path}': 'skills:read',
  'POST /api/personal-skills/{id}/history/{revision}/restore': 'skills:write',
  'GET /api/install/recommended': 'skills:read',
  'GET /api/install/search': 'skills:read',
  'GET /api/install/drafts': 'skills:read',
  'GET /api/install/drafts/{id}': 'skills:read',
  'DELETE /api/install/drafts/{id}': 'skills:write',
  'POST /api/install/drafts/recommended': 'skills:write',
  'POST /api/install/drafts/remote': 'skills:write',
  'POST /api/install/drafts/upload': 'skills:write',
  'POST /api/install/drafts/{id}/confirm': 'skills:write',

  'GET /api/agents': 'agents:read',
  'GET /api/agent-tools': 'agents:read',
  'POST /api/agents': 'agents:write',
  'GET /api/agents/{id}': 'agents:read',
  'PATCH /api/agents/{id}': 'agents:write',
  'DELETE /api/agents/{id}': 'agents:write',
  'GET /api/agents/{id}/share': 'agents:read',
  'PUT /api/agents/{id}/share': 'agents:write',
  'GET /api/agents/{id}/bound-skill': 'agents:read',
  'POST /api/agents/{id}/bound-skill': 'agents:write',
  'POST /api/agents/{id}/bound-skill/import': 'agents:write',
  'GET /api/agents/{id}/bound-skill/versions': 'agents:read',
  'GET /api/agents/{id}/bound-skill/versions/{name}/tree': 'agents:read',
  'GET /api/agents/{id}/bound-skill/versions/{name}/files/{path}': 'agents:read',
  'POST /api/agents/{id}/bound-skill/versions': 'agents:write',
  'DELETE /api/agents/{id}/bound-skill/versions/{name}': 'agents:write',
  'POST /api/agents/{id}/bound-skill/versions/{name}/restore': 'agents:write',
  'GET /api/bound-skills/{id}/export': 'agents:read',
  'GET /api/bound-skills/{id}/tree': 'agents:read',
  'GET /api/bound-skills/{id}/files/{path}': 'agents:read',
  'PUT /api/bound-skills/{id}/files/{path}': 'agents:write',
  'POST /api/bound-skills/{id}/save': 'agents:write',

  'GET /api/conversations': 'conversations:read',
  'POST /api/conversations': 'conversations:write',
  'GET /api/conversations/{id}': 'conversations:read',
  'PATCH /api/conversations/{id}': 'conversations:write',
  'DELETE /api/conversations/{id}': 'conversations:write',
  'DELETE /api/conversations/{id}/always-allowed-tools/{toolName}': 'conversations:write',
  'POST /api/conversations/{id}/runs': 'conversations:write',
  'GET /api/runs/{id}': 'conversations:read',
  'GET /api/runs/{id}/events': 'conversations:read',
  'GET /api/runs/{id}/files': 'conversations:read',
  // It reads the run's files too: the route also asks a token for conversations:read.
  'POST /api/runs/{id}/files/save-as-skill': 'skills:write',
  'POST /api/runs/{id}/cancel': 'conversations:write',
  'POST /api/runs/{id}/retry': 'conversations:write',
  'POST /api/runs/{id}/approvals/{toolCallId}': 'conversations:write',
  // Answered as its `/.well-known/` path with the token in it as the bearer (needs `skills:read`).
  'GET /t/{token}/.well-known/{path}': 'public',
  // Outside `/api`: the signed link in the path is the credential (SPEC Y17).
  'GET /run-files/{token}/{path}': 'public',
};

/** A Hono route path (`/a/:id`, `/a/:path{.+}`) in the document's form (`/a/{id}`, `/a/{path}`). */
export function documentPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^/]*\})?/g, '{$1}');
}

/** The requirement of `METHOD path` (document form), or undefined for a route the table lacks. */
export function routeRequirement(method: string, path: string): RouteRequirement | undefined {
  const key = `${method === 'HEAD' ? 'GET' : method} ${path}`;
  return Object.hasOwn(ROUTE_REQUIREMENTS, key) ? ROUTE_REQUIREMENTS[key] : undefined;
}

/**
 * Refuses a token outside its scopes, before the route runs: the route that will answer is the
 * first matched one that is not middleware. A request no route matches goes on (it is a 404).
 * A token without the scope gets 403 `token_scope_missing` — `token_read_only` when it holds no
 * write scope at all and the route writes, as before scopes.
 */
export function refuseOutOfScope(c: Context<AppEnv>, principal: Extract<Principal, { via: 'token' }>): void {
  const route = matchedRoutes(c).find((matched) => matched.method !== 'ALL');
  if (route === undefined) return;
  const path = documentPath(route.path);
  // The web app's catch-all is not an API route.
  if (!path.startsWith('/api/') && !path.startsWith('/.well-known/') && !path.startsWith('/run-files/'))
    return;
  const required = routeRequirement(c.req.method, path);
  if (required === 'public' || required === 'account') return;
  if (required === 'session')
    throw new HttpError(403, 'forbidden', 'This needs a login session, not an API token');
  if (required === undefined)
    throw new HttpError(403, 'token_scope_missing', 'No API token may call this route');
  if (principal.scopes.includes(required)) return;
  if (required.endsWith(':write') && !principal.scopes.some((scope) => scope.endsWith(':write')))
    throw new HttpError(403, 'token_read_only', 'This API token may only read');
  throw new HttpError(403, 'token_scope_missing', `This API token lacks the ${required} scope`, {
    details: { scope: required },
  });
}
