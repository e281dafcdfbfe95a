import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { builtinStatus } from '../builtin/builtin-status.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requireRole } from '../http/require-viewer.js';
import type { ServerContext } from '../server-context.js';

const idList = z.array(z.string());

const builtinStatusSchema = z
  .object({
    skills: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        description: z.string(),
        version: z.string(),
        enabled: z.boolean(),
        updatedAt: z.string(),
      }),
    ),
    lastChange: z
      .object({ at: z.string(), added: idList, updated: idList, removed: idList })
      .nullable()
      .openapi({ description: 'The last start-up sync that changed anything (null: none yet)' }),
  })
  .openapi('BuiltinStatus');

const builtinStatusRoute = createRoute({
  method: 'get',
  path: '/api/admin/builtin',
  operationId: 'getBuiltinStatus',
  tags: ['admin'],
  summary: 'Builtin sync status: the synced builtin skills and the last sync that changed them (admins)',
  responses: {
    200: { description: 'The status', content: { 'application/json': { schema: builtinStatusSchema } } },
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec('Not an admin'),
  },
});

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/** Registers `GET /api/admin/builtin` (SPEC Y10, W5). */
export function registerAdminBuiltinRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;
  app.openapi(builtinStatusRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const { skills: rows, lastSync: event } = await builtinStatus(db);
    return c.json(
      {
        skills: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
        lastChange:
          event === undefined
            ? null
            : {
                at: event.at.toISOString(),
                added: ids(event.details.added),
                updated: ids(event.details.updated),
                removed: ids(event.details.removed),
              },
      },
      200,
    );
  });
}
