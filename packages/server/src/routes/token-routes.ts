import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { recordAudit } from '../audit/record-audit.js';
import {
  type ApiTokenRow,
  listAllApiTokens,
  listUserApiTokens,
  loadApiToken,
} from '../auth/api-token-records.js';
import { createApiToken } from '../auth/api-tokens.js';
import type { Principal } from '../auth/principal.js';
import { revokeApiToken } from '../auth/revoke-api-token.js';
import {
  ACCESS_SCOPES,
  isTokenScope,
  normalizeScopes,
  scopesForRole,
  TOKEN_SCOPES,
  type TokenScope,
} from '../auth/token-scopes.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { SESSION_ONLY_WRITE } from '../http/openapi-security.js';
import { requirePrincipal, requireRole, requireSession } from '../http/require-viewer.js';
import type { ServerContext } from '../server-context.js';
import { apiTokenSchema, labelSchema, tokenScopeSchema, uuidParamSchema } from './schemas.js';

type TokenRow = ApiTokenRow;

function tokenToJson(row: TokenRow): z.infer<typeof apiTokenSchema> {
  return {
    id: row.id,
    userId: row.userId,
    name: row.name,
    scopes: row.scopes.filter(isTokenScope),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

const listResponse = {
  description: 'Tokens, newest first (never the token itself)',
  content: { 'application/json': { schema: z.object({ tokens: z.array(apiTokenSchema) }) } },
};

const listMine = createRoute({
  method: 'get',
  path: '/api/auth/tokens',
  operationId: 'listMyTokens',
  tags: ['tokens'],
  summary: 'My API tokens',
  responses: { 200: listResponse, 401: errorResponseSpec('Not logged in') },
});

/** The longest a token may be issued for when it expires at all (ten years). */
const MAX_TOKEN_LIFETIME_MS = 10 * 366 * 24 * 60 * 60 * 1000;

const newTokenSchema = z
  .object({
    name: labelSchema,
    scopes: z
      .array(tokenScopeSchema)
      .min(1)
      .max(TOKEN_SCOPES.length * 2)
      .optional()
      .openapi({ description: 'What the token may do (issue 24); exactly one of `scopes` and `access`' }),
    access: z.enum(['read', 'read-write']).optional().openapi({
      description:
        'The access of tokens before scopes: `read` = every `…:read` scope, `read-write` = every scope the owner may hold',
    }),
    expiresAt: z.string().datetime({ offset: true }).nullable().optional().openapi({
      description: 'When the token stops working (in the future, within ten years); absent or null: never',
    }),
  })
  .strict()
  .refine((body) => (body.scopes === undefined) !== (body.access === undefined), {
    message: 'Give exactly one of scopes and access',
    path: ['scopes'],
  });

const createMine = createRoute({
  method: 'post',
  path: '/api/auth/tokens',
  operationId: 'createToken',
  security: SESSION_ONLY_WRITE,
  tags: ['tokens'],
  summary:
    'Issue an API token with scopes and an optional expiry (any account, from its login session); the token is in this answer only',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: newTokenSchema,
        },
      },
    },
  },
  responses: {
    201: {
      description: 'Issued',
      content: { 'application/json': { schema: z.object({ token: z.string(), apiToken: apiTokenSchema }) } },
    },
    400: errorResponseSpec('Invalid request'),
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec(
      'Tokens are issued from a login session (`forbidden`), with scopes its role may hold (`token_scope_refused`)',
    ),
  },
});

const revokeMine = createRoute({
  method: 'delete',
  path: '/api/auth/tokens/{id}',
  operationId: 'revokeMyToken',
  tags: ['tokens'],
  summary: 'Revoke one of my API tokens',
  request: { params: uuidParamSchema },
  responses: { 204: { description: 'Revoked' }, 404: errorResponseSpec('No such token of mine') },
});

const listAll = createRoute({
  method: 'get',
  path: '/api/admin/tokens',
  operationId: 'listAllTokens',
  tags: ['admin'],
  summary: 'Every API token (admins)',
  responses: { 200: listResponse, 403: errorResponseSpec('Not an admin') },
});

const revokeAny = createRoute({
  method: 'delete',
  path: '/api/admin/tokens/{id}',
  operationId: 'revokeAnyToken',
  tags: ['admin'],
  summary: "Revoke an API token (superadmin: any; admin: its own and users')",
  request: { params: uuidParamSchema },
  responses: {
    204: { description: 'Revoked' },
    403: errorResponseSpec('Not allowed'),
    404: errorResponseSpec('No such token'),
  },
});

/** Registers the API token routes: `/api/auth/tokens` (mine) and `/api/admin/tokens` (everyone's). */
export function registerTokenRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  async function revoke(principal: Principal, id: string, ownerOnly: boolean, requestId: string) {
    const revoked = await revokeApiToken(
      db,
      { viewer: principal.viewer, requestId },
      id,
      ownerOnly
        ? { ownedBy: principal.viewer.id }
        : principal.viewer.role === 'admin'
          ? {
              checkOwner: (owner) => {
                if (owner.id !== principal.viewer.id && owner.role !== 'user')
                  throw new HttpError(403, 'forbidden', "An admin may revoke only its own and users' tokens");
              },
            }
          : {},
    );
    if (!revoked) throw new HttpError(404, 'not_found', 'No such active API token');
  }

  app.openapi(listMine, async (c) => {
    const principal = requirePrincipal(c);
    const rows = await listUserApiTokens(db, principal.viewer.id);
    return c.json({ tokens: rows.map(tokenToJson) }, 200);
  });

  app.openapi(createMine, async (c) => {
    // A token cannot mint further tokens: issuing one needs the account's own login.
    const principal = requireSession(c);
    const body = c.req.valid('json');
    const allowed = scopesForRole(principal.viewer.role);
    let scopes: TokenScope[];
    if (body.scopes === undefined) {
      // An old client's access level: what it meant for this account, never more.
      scopes = ACCESS_SCOPES[body.access ?? 'read'].filter((scope) => allowed.includes(scope));
    } else {
      scopes = normalizeScopes(body.scopes);
      const refused = scopes.filter((scope) => !allowed.includes(scope));
      if (refused.length > 0)
        throw new HttpError(403, 'token_scope_refused', `Your role may not hold ${refused.join(', ')}`, {
          details: { scopes: refused },
        });
    }
    const expiresAt = body.expiresAt == null ? null : new Date(body.expiresAt);
    const now = Date.now();
    if (
      expiresAt !== null &&
      (expiresAt.getTime() <= now || expiresAt.getTime() > now + MAX_TOKEN_LIFETIME_MS)
    )
      throw new HttpError(400, 'invalid_request', 'A token expires in the future, within ten years', {
        details: { field: 'expiresAt' },
      });
    const { name } = body;
    const { id, token } = await createApiToken(db, { userId: principal.viewer.id, name, scopes, expiresAt });
    await recordAudit(db, {
      actor: principal.viewer,
      action: 'token.created',
      targetType: 'api_token',
      targetId: id,
      details: { name, scopes, expiresAt: expiresAt?.toISOString() ?? null },
      requestId: c.get('requestId'),
    });
    return c.json({ token, apiToken: tokenToJson((await loadApiToken(db, id))!) }, 201);
  });

  app.openapi(revokeMine, async (c) => {
    const principal = requirePrincipal(c);
    await revoke(principal, c.req.valid('param').id, true, c.get('requestId'));
    return c.body(null, 204);
  });

  app.openapi(listAll, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const rows = await listAllApiTokens(db);
    return c.json({ tokens: rows.map(tokenToJson) }, 200);
  });

  app.openapi(revokeAny, async (c) => {
    const principal = requireRole(c, 'superadmin', 'admin');
    await revoke(principal, c.req.valid('param').id, false, c.get('requestId'));
    return c.body(null, 204);
  });
}
