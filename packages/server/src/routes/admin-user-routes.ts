import { randomUUID } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { hashPassword } from '../auth/hash-password.js';
import { type Principal, ROLES, type Role } from '../auth/principal.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requireRole } from '../http/require-viewer.js';
import type { ServerContext } from '../server-context.js';
import { listAccounts, loadAccount } from '../users/account-records.js';
import { createAccount } from '../users/create-account.js';
import { updateAccount } from '../users/update-account.js';
import { labelSchema, newPasswordSchema, usernameSchema, userSchema, uuidParamSchema } from './schemas.js';
import { userToJson } from './user-json.js';

const departmentIdsSchema = z.array(z.string().uuid()).max(100);

const userAnswer = {
  description: 'The account',
  content: { 'application/json': { schema: z.object({ user: userSchema }) } },
};

const listUsers = createRoute({
  method: 'get',
  path: '/api/admin/users',
  operationId: 'listUsers',
  tags: ['admin'],
  summary: 'Every account (admins)',
  responses: {
    200: {
      description: 'Accounts by username',
      content: { 'application/json': { schema: z.object({ users: z.array(userSchema) }) } },
    },
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec('Not an admin'),
  },
});

const createUser = createRoute({
  method: 'post',
  path: '/api/admin/users',
  operationId: 'createUser',
  tags: ['admin'],
  summary: 'Create an account (admins create users; only a superadmin creates admins)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              username: usernameSchema,
              displayName: labelSchema.optional(),
              password: newPasswordSchema,
              role: z.enum(ROLES).default('user'),
              departmentIds: departmentIdsSchema.default([]),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    201: userAnswer,
    400: errorResponseSpec('Invalid request'),
    403: errorResponseSpec('Your role may not create this account'),
    409: errorResponseSpec('The username is taken'),
    422: errorResponseSpec('Unknown department'),
  },
});

const updateUser = createRoute({
  method: 'patch',
  path: '/api/admin/users/{id}',
  operationId: 'updateUser',
  tags: ['admin'],
  summary: 'Change an account: name, role, departments, disabled, password',
  description:
    "A new `password` ends all the account's sessions and revokes all its API tokens in the same commit; `disabled: true` ends its sessions (a disabled account's tokens are refused).",
  request: {
    params: uuidParamSchema,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              displayName: labelSchema.optional(),
              role: z.enum(ROLES).optional(),
              disabled: z.boolean().optional(),
              departmentIds: departmentIdsSchema.optional(),
              password: newPasswordSchema.optional(),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: userAnswer,
    400: errorResponseSpec('Invalid request'),
    403: errorResponseSpec('Your role may not change this account'),
    404: errorResponseSpec('No such account'),
    422: errorResponseSpec('Unknown department'),
  },
});

/** Roles an actor may hand out or act on: a superadmin every role, an admin only `user`. */
function mayActOnRole(actor: Principal, role: Role): boolean {
  return actor.viewer.role === 'superadmin' || role === 'user';
}

/** Registers `/api/admin/users` (SPEC Y1): listing, creating and changing accounts, each change audited. */
export function registerAdminUserRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  app.openapi(listUsers, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    return c.json({ users: (await listAccounts(db)).map(userToJson) }, 200);
  });

  app.openapi(createUser, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const input = c.req.valid('json');
    if (!mayActOnRole(actor, input.role))
      throw new HttpError(403, 'forbidden', 'Only a superadmin creates admins');
    const id = randomUUID();
    const passwordHash = await hashPassword(input.password, context.passwordHashCost);
    await createAccount(
      db,
      { viewer: actor.viewer, requestId: c.get('requestId') },
      {
        id,
        username: input.username,
        displayName: input.displayName ?? input.username,
        role: input.role,
        passwordHash,
        departmentIds: input.departmentIds,
      },
    );
    return c.json({ user: userToJson((await loadAccount(db, id))!) }, 201);
  });

  app.openapi(updateUser, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    const { password, ...changes } = c.req.valid('json');
    const target = await loadAccount(db, id);
    if (target === undefined) throw new HttpError(404, 'not_found', 'No such account');
    if (
      !mayActOnRole(actor, target.role) ||
      (changes.role !== undefined && !mayActOnRole(actor, changes.role))
    ) {
      throw new HttpError(403, 'forbidden', 'Only a superadmin changes admins or makes them');
    }
    if (
      id === actor.viewer.id &&
      ((changes.role !== undefined && changes.role !== target.role) || changes.disabled === true)
    ) {
      throw new HttpError(403, 'forbidden', 'You cannot change your own role or disable yourself');
    }
    const passwordHash =
      password === undefined ? undefined : await hashPassword(password, context.passwordHashCost);
    await updateAccount(
      db,
      { viewer: actor.viewer, requestId: c.get('requestId') },
      id,
      changes,
      passwordHash,
    );
    return c.json({ user: userToJson((await loadAccount(db, id))!) }, 200);
  });
}
