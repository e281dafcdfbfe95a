import { randomUUID } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { asc, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.js';
import { hashPassword } from '../auth/hash-password.js';
import { type Principal, ROLES, type Role } from '../auth/principal.js';
import { revokeUserCredentials } from '../auth/revoke-user-credentials.js';
import { deleteUserSessions } from '../auth/sessions.js';
import type { SkilldockTransaction } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { departments, memberships, users } from '../db/schema.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requireRole } from '../http/require-viewer.js';
import type { ServerContext } from '../server-context.js';
import { labelSchema, newPasswordSchema, usernameSchema, userSchema, uuidParamSchema } from './schemas.js';
import { USER_COLUMNS, usersToJson } from './user-json.js';

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

async function replaceMemberships(
  tx: SkilldockTransaction,
  userId: string,
  departmentIds: readonly string[],
) {
  const wanted = [...new Set(departmentIds)];
  if (wanted.length > 0) {
    const found = await tx
      .select({ id: departments.id })
      .from(departments)
      .where(inArray(departments.id, wanted));
    if (found.length !== wanted.length) {
      throw new HttpError(422, 'not_found', 'One of the departments does not exist', {
        details: { field: 'departmentIds' },
      });
    }
  }
  await tx.delete(memberships).where(eq(memberships.userId, userId));
  if (wanted.length > 0)
    await tx.insert(memberships).values(wanted.map((departmentId) => ({ userId, departmentId })));
}

/** Registers `/api/admin/users` (SPEC Y1): listing, creating and changing accounts, each change audited. */
export function registerAdminUserRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  app.openapi(listUsers, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const rows = await db.select(USER_COLUMNS).from(users).orderBy(asc(users.username));
    return c.json({ users: await usersToJson(db, rows) }, 200);
  });

  app.openapi(createUser, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const input = c.req.valid('json');
    if (!mayActOnRole(actor, input.role))
      throw new HttpError(403, 'forbidden', 'Only a superadmin creates admins');
    const id = randomUUID();
    const passwordHash = await hashPassword(input.password, context.passwordHashCost);
    try {
      await db.transaction(async (tx) => {
        await tx.insert(users).values({
          id,
          username: input.username,
          displayName: input.displayName ?? input.username,
          role: input.role,
          passwordHash,
        });
        await replaceMemberships(tx, id, input.departmentIds);
        await recordAudit(tx, {
          actor: actor.viewer,
          action: 'user.created',
          targetType: 'user',
          targetId: id,
          details: { username: input.username, role: input.role, departmentIds: input.departmentIds },
          requestId: c.get('requestId'),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'username_taken', 'That username is taken');
      throw error;
    }
    const rows = await db.select(USER_COLUMNS).from(users).where(eq(users.id, id));
    return c.json({ user: (await usersToJson(db, rows))[0]! }, 201);
  });

  app.openapi(updateUser, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const [target] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, id));
    if (target === undefined) throw new HttpError(404, 'not_found', 'No such account');
    if (!mayActOnRole(actor, target.role) || (input.role !== undefined && !mayActOnRole(actor, input.role))) {
      throw new HttpError(403, 'forbidden', 'Only a superadmin changes admins or makes them');
    }
    if (
      id === actor.viewer.id &&
      ((input.role !== undefined && input.role !== target.role) || input.disabled === true)
    ) {
      throw new HttpError(403, 'forbidden', 'You cannot change your own role or disable yourself');
    }
    const passwordHash =
      input.password === undefined ? undefined : await hashPassword(input.password, context.passwordHashCost);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...(input.displayName === undefined ? {} : { displayName: input.displayName }),
          ...(input.role === undefined ? {} : { role: input.role }),
          ...(input.disabled === undefined ? {} : { disabled: input.disabled }),
          ...(passwordHash === undefined ? {} : { passwordHash }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      if (input.departmentIds !== undefined) await replaceMemberships(tx, id, input.departmentIds);
      // A reset ends what the old password could have made (SPEC Y1): sessions and API tokens.
      const revoked = passwordHash === undefined ? undefined : await revokeUserCredentials(tx, id);
      const { password: _password, ...changed } = input;
      await recordAudit(tx, {
        actor: actor.viewer,
        action: 'user.updated',
        targetType: 'user',
        targetId: id,
        // Which fields changed; a new password is recorded as changed, never by value.
        details: {
          ...changed,
          ...(revoked === undefined ? {} : { passwordReset: true, tokensRevoked: revoked.tokensRevoked }),
        },
        requestId: c.get('requestId'),
      });
    });
    if (input.disabled === true) await deleteUserSessions(db, id);
    const rows = await db.select(USER_COLUMNS).from(users).where(eq(users.id, id));
    return c.json({ user: (await usersToJson(db, rows))[0]! }, 200);
  });
}
