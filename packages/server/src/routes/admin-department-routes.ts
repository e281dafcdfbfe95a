import { randomUUID } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { asc, count, eq } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { departments, memberships } from '../db/schema.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requireRole } from '../http/require-viewer.js';
import type { ServerContext } from '../server-context.js';
import { departmentSchema, labelSchema, uuidParamSchema } from './schemas.js';

const nameBody = {
  required: true,
  content: { 'application/json': { schema: z.object({ name: labelSchema }).strict() } },
} as const;

const departmentAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ department: departmentSchema }) } },
});

const listDepartments = createRoute({
  method: 'get',
  path: '/api/admin/departments',
  operationId: 'listDepartments',
  tags: ['admin'],
  summary: 'Every department with its member count (admins)',
  responses: {
    200: {
      description: 'Departments by name',
      content: { 'application/json': { schema: z.object({ departments: z.array(departmentSchema) }) } },
    },
    403: errorResponseSpec('Not an admin'),
  },
});

const createDepartment = createRoute({
  method: 'post',
  path: '/api/admin/departments',
  operationId: 'createDepartment',
  tags: ['admin'],
  summary: 'Create a department',
  request: { body: nameBody },
  responses: {
    201: departmentAnswer('Created'),
    400: errorResponseSpec('Invalid request'),
    403: errorResponseSpec('Not an admin'),
    409: errorResponseSpec('The name is taken'),
  },
});

const renameDepartment = createRoute({
  method: 'patch',
  path: '/api/admin/departments/{id}',
  operationId: 'renameDepartment',
  tags: ['admin'],
  summary: 'Rename a department',
  request: { params: uuidParamSchema, body: nameBody },
  responses: {
    200: departmentAnswer('Renamed'),
    404: errorResponseSpec('No such department'),
    409: errorResponseSpec('The name is taken'),
  },
});

const deleteDepartment = createRoute({
  method: 'delete',
  path: '/api/admin/departments/{id}',
  operationId: 'deleteDepartment',
  tags: ['admin'],
  summary: 'Delete a department (its memberships and scope entries go with it)',
  request: { params: uuidParamSchema },
  responses: { 204: { description: 'Deleted' }, 404: errorResponseSpec('No such department') },
});

/** Registers `/api/admin/departments` (SPEC Y1), each change audited. */
export function registerAdminDepartmentRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  async function departmentJson(id: string) {
    const [row] = await db
      .select({
        id: departments.id,
        name: departments.name,
        createdAt: departments.createdAt,
        memberCount: count(memberships.userId),
      })
      .from(departments)
      .leftJoin(memberships, eq(memberships.departmentId, departments.id))
      .where(eq(departments.id, id))
      .groupBy(departments.id);
    if (row === undefined) throw new HttpError(404, 'not_found', 'No such department');
    return { ...row, createdAt: row.createdAt.toISOString() };
  }

  function conflictOnName(error: unknown): never {
    if (isUniqueViolation(error)) throw new HttpError(409, 'department_exists', 'A department has that name');
    throw error;
  }

  app.openapi(listDepartments, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const rows = await db
      .select({
        id: departments.id,
        name: departments.name,
        createdAt: departments.createdAt,
        memberCount: count(memberships.userId),
      })
      .from(departments)
      .leftJoin(memberships, eq(memberships.departmentId, departments.id))
      .groupBy(departments.id)
      .orderBy(asc(departments.name));
    return c.json(
      { departments: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) },
      200,
    );
  });

  app.openapi(createDepartment, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const { name } = c.req.valid('json');
    const id = randomUUID();
    await db
      .transaction(async (tx) => {
        await tx.insert(departments).values({ id, name });
        await recordAudit(tx, {
          actor: actor.viewer,
          action: 'department.created',
          targetType: 'department',
          targetId: id,
          details: { name },
          requestId: c.get('requestId'),
        });
      })
      .catch(conflictOnName);
    return c.json({ department: await departmentJson(id) }, 201);
  });

  app.openapi(renameDepartment, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const found = await db
      .transaction(async (tx) => {
        const rows = await tx
          .update(departments)
          .set({ name })
          .where(eq(departments.id, id))
          .returning({ id: departments.id });
        if (rows.length === 0) return false;
        await recordAudit(tx, {
          actor: actor.viewer,
          action: 'department.renamed',
          targetType: 'department',
          targetId: id,
          details: { name },
          requestId: c.get('requestId'),
        });
        return true;
      })
      .catch(conflictOnName);
    if (!found) throw new HttpError(404, 'not_found', 'No such department');
    return c.json({ department: await departmentJson(id) }, 200);
  });

  app.openapi(deleteDepartment, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    const found = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(departments)
        .where(eq(departments.id, id))
        .returning({ name: departments.name });
      if (rows.length === 0) return false;
      await recordAudit(tx, {
        actor: actor.viewer,
        action: 'department.deleted',
        targetType: 'department',
        targetId: id,
        details: { name: rows[0]!.name },
        requestId: c.get('requestId'),
      });
      return true;
    });
    if (!found) throw new HttpError(404, 'not_found', 'No such department');
    return c.body(null, 204);
  });
}
