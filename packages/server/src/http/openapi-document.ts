import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.js';
import { SECURITY_SCHEMES, type SecurityRequirement, securityFor } from './openapi-security.js';
import { routeRequirement } from './route-scopes.js';

/** The path every error response's body schema is at (`errorBodySchema`, registered as `Error`). */
export const ERROR_SCHEMA_REF = '#/components/schemas/Error';

const errorContent = { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } };

/**
 * The error answers every route can give whatever it does (`components.responses`): a refused
 * input (schema, malformed text: SPEC SEC11), a missing or revoked credential, a refused write
 * (CSRF, a read-only token, a role). Operations that say more about a status keep their own.
 */
const SHARED_RESPONSES = {
  InvalidRequest: {
    description: 'The request is invalid (`invalid_request`: details.field names the field)',
    content: errorContent,
  },
  Unauthenticated: {
    description: 'Not logged in, or the API token is invalid or revoked (`unauthenticated`)',
    content: errorContent,
  },
  Forbidden: {
    description:
      'Refused: a missing or wrong CSRF token or another Origin (`csrf_failed`), a token without the scope (`token_scope_missing`, `token_read_only`), or a role that may not (`forbidden`)',
    content: errorContent,
  },
} as const;

const responseRef = (name: keyof typeof SHARED_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The document's header: what `/openapi.json` says about the API besides its routes. */
const DOCUMENT_CONFIG = {
  openapi: '3.1.0',
  info: {
    title: 'Skilldock',
    version: '0.1.0',
    description: 'The Skilldock platform API.',
    license: { name: 'MIT', identifier: 'MIT' },
  },
  // Relative: the document describes the server that serves it, wherever that is.
  servers: [{ url: '/', description: 'The server that serves this document' }],
};

interface Operation {
  security?: SecurityRequirement[];
  responses?: Record<string, unknown>;
}

/** Whether `security` lets a caller in without any credential (`[]`, or an empty requirement). */
function allowsAnonymous(security: readonly SecurityRequirement[]): boolean {
  return security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0);
}

/**
 * The OpenAPI 3.1 document of every route registered on `app` (SPEC Y1, issue 27): the route
 * schemas, then what every operation shares filled in one place — `security` where a route
 * declares none (from its token scope: {@link securityFor}), the security schemes, `servers`, and the shared error
 * responses (400 always; 401 when a credential is required; 403 for a write that needs one).
 */
export function openApiDocument(app: OpenAPIHono<AppEnv>): ReturnType<OpenAPIHono['getOpenAPI31Document']> {
  const document = app.getOpenAPI31Document(DOCUMENT_CONFIG);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (operation === undefined) continue;
      operation.security ??= securityFor(routeRequirement(method.toUpperCase(), path), method);
      operation.responses ??= {};
      const responses = operation.responses;
      responses['400'] ??= responseRef('InvalidRequest');
      if (!allowsAnonymous(operation.security)) {
        responses['401'] ??= responseRef('Unauthenticated');
        if (method !== 'get' && method !== 'head') responses['403'] ??= responseRef('Forbidden');
      }
    }
  }
  document.components ??= {};
  const components = document.components;
  components.securitySchemes = { ...components.securitySchemes, ...SECURITY_SCHEMES };
  components.responses = { ...components.responses, ...SHARED_RESPONSES };
  return document;
}
