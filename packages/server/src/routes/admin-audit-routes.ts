import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { listAuditEntries } from '../audit/list-audit-entries.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requireRole } from '../http/require-viewer.js';
import type { ServerContext } from '../server-context.js';

const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()),
    requestId: z.string().nullable(),
  })
  .openapi('AuditEntry');

const filter = z.string().min(1).max(200).optional();

const listAudit = createRoute({
  method: 'get',
  path: '/api/admin/audit',
  operationId: 'listAuditEntries',
  tags: ['admin'],
  summary: 'The audit log, newest first, with filters (admins)',
  request: {
    query: z
      .object({
        actorId: filter,
        action: filter,
        targetType: filter,
        targetId: filter,
        since: z.iso.datetime({ offset: true }).optional(),
        until: z.iso.datetime({ offset: true }).optional(),
        /** Page on: entries older than this id. */
        before: z.coerce.number().int().positive().optional(),
        limit: z.coerce.number().int().min(1).max(500).default(100),
      })
      .strict(),
  },
  responses: {
    200: {
      description: 'Matching entries; `nextBefore` pages on',
      content: {
        'application/json': {
          schema: z.object({ entries: z.array(auditEntrySchema), nextBefore: z.number().int().nullable() }),
        },
      },
    },
    400: errorResponseSpec('Invalid filter'),
    403: errorResponseSpec('Not an admin'),
  },
});

/** Registers `GET /api/admin/audit` (SPEC Y14). */
export function registerAdminAuditRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;
  app.openapi(listAudit, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const query = c.req.valid('query');
    const rows = await listAuditEntries(db, {
      ...query,
      since: query.since === undefined ? undefined : new Date(query.since),
      until: query.until === undefined ? undefined : new Date(query.until),
    });
    const entries = rows.map((row) => ({ ...row, at: row.at.toISOString() }));
    const last = entries.at(-1);
    return c.json(
      { entries, nextBefore: entries.length === query.limit && last !== undefined ? last.id : null },
      200,
    );
  });
}
