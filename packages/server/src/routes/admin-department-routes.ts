import { randomUUID } from 'node:crypto';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { createDepartment, deleteDepartment, renameDepartment } from '../departments/change-departments.js';
import { type Department, listDepartments, loadDepartment } from '../departments/department-records.js';
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

const listDepartmentsRoute = createRoute({
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

const createDepartmentRoute = createRoute({
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

const renameDepartmentRoute = createRoute({
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

const deleteDepartmentRoute = createRoute({
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

  const json = (department: Department) => ({ ...department, createdAt: department.createdAt.toISOString() });

  async function departmentJson(id: string) {
    const department = await loadDepartment(db, id);
    if (department === undefined) throw new HttpError(404, 'not_found', 'No such department');
    return json(department);
  }

  app.openapi(listDepartmentsRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    return c.json({ departments: (await listDepartments(db)).map(json) }, 200);
  });

  app.openapi(createDepartmentRoute, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const { name } = c.req.valid('json');
    const id = randomUUID();
    await createDepartment(db, { viewer: actor.viewer, requestId: c.get('requestId') }, id, name);
    return c.json({ department: await departmentJson(id) }, 201);
  });

  app.openapi(renameDepartmentRoute, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const found = await renameDepartment(
      db,
      { viewer: actor.viewer, requestId: c.get('requestId') },
      id,
      name,
    );
    if (!found) throw new HttpError(404, 'not_found', 'No such department');
    return c.json({ department: await departmentJson(id) }, 200);
  });

  app.openapi(deleteDepartmentRoute, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    const found = await deleteDepartment(db, { viewer: actor.viewer, requestId: c.get('requestId') }, id);
    if (!found) throw new HttpError(404, 'not_found', 'No such department');
    return c.body(null, 204);
  });
}
