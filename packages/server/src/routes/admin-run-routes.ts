import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { recordAudit } from '../audit/record-audit.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requireRole } from '../http/require-viewer.js';
import { readRunLimitSettings } from '../run-limits/run-limit-settings.js';
import { type AdminRunColumns, listRunsForAdmins, runOwnerNames } from '../runs/admin-run-listing.js';
import { cancelRun } from '../runs/cancel-run.js';
import { type RunQueuePlace, runQueuePlace } from '../runs/run-queue-place.js';
import { loadRun, RUN_STATUSES } from '../runs/run-records.js';
import type { RunService } from '../runs/run-service.js';
import type { ServerContext } from '../server-context.js';
import { runSchema } from './run-schemas.js';
import { uuidParamSchema } from './schemas.js';

/** The statuses of runs that hold a place: what the admins' list shows. */
const ACTIVE_STATUSES = ['running', 'waiting_approval', 'queued'] as const;

const adminRunSchema = z
  .object({
    id: z.string(),
    status: z.enum(RUN_STATUSES),
    user: z.object({ id: z.string(), username: z.string() }),
    agent: z.object({ id: z.string(), name: z.string() }),
    queuedAt: z.string().openapi({ description: 'When the run was queued (created)' }),
    startedAt: z.string().nullable(),
    heartbeatAt: z.string().nullable().openapi({ description: 'The worker’s last sign of life' }),
    workerId: z.string().nullable().openapi({ description: 'The worker holding a running run' }),
    attempts: z.number().int(),
    cancelRequested: z.boolean(),
    position: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'A queued run’s place among all queued runs, oldest first, from 1' }),
    queue: runSchema.shape.queue,
  })
  .openapi('AdminRun', {
    description: 'A run as the admins see it: who, which agent, where it stands — never its prompt or answer',
  });

const listQuerySchema = z
  .object({
    status: z
      .enum(ACTIVE_STATUSES)
      .optional()
      .openapi({ description: 'Only runs with this status; default all three' }),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();

const adminErrors = {
  401: errorResponseSpec('Not logged in'),
  403: errorResponseSpec('Not an admin, CSRF, or a read-only token'),
};

const listRoute = createRoute({
  method: 'get',
  path: '/api/admin/runs',
  operationId: 'listActiveRuns',
  tags: ['admin'],
  summary:
    'Every user’s running, waiting and queued runs (issue 25): running first, then waiting for an approval, then queued oldest first',
  request: { query: listQuerySchema },
  responses: {
    200: {
      description: 'A page of runs and how many match; `offset` + `limit` pages on',
      content: {
        'application/json': {
          schema: z.object({ runs: z.array(adminRunSchema), total: z.number().int() }),
        },
      },
    },
    400: errorResponseSpec('Invalid filter'),
    ...adminErrors,
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/api/admin/runs/{id}/cancel',
  operationId: 'adminCancelRun',
  tags: ['admin'],
  summary:
    'Cancel any user’s run (issue 25), audited as run.cancelled: a queued or waiting run ends at once and never starts, a running one stops at its next step like its user’s Stop',
  request: { params: uuidParamSchema },
  responses: {
    202: {
      description: 'The run (cancelled, or running with the cancel requested)',
      content: { 'application/json': { schema: z.object({ run: adminRunSchema }) } },
    },
    400: errorResponseSpec('A run id that is not a UUID'),
    ...adminErrors,
    404: errorResponseSpec('No such run'),
    409: errorResponseSpec('The run already ended (run_finished)'),
  },
});

/** A run as the admins' list shows it. */
function adminRunOf(
  row: AdminRunColumns,
  names: { readonly username: string; readonly agentName: string },
  position: number | null,
  queue: RunQueuePlace | undefined,
): z.infer<typeof adminRunSchema> {
  return {
    id: row.id,
    status: row.status,
    user: { id: row.userId, username: names.username },
    agent: { id: row.agentId, name: names.agentName },
    queuedAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    heartbeatAt: row.heartbeatAt?.toISOString() ?? null,
    workerId: row.workerId,
    attempts: row.attempts,
    cancelRequested: row.cancelRequested,
    position,
    queue: queue ?? null,
  };
}

/**
 * The admins' view of the run queue (issue 25): every user's active runs with who, which agent,
 * the worker and the queue position, paged; and a cancel of any of them — the same cancel as the
 * user's Stop, recorded in the audit log (`run.cancelled`) and told to its user (the cancelled
 * run's `error` is `run_cancelled_by_admin`). Admin rights are not scoped by
 * department (an admin manages every account), so neither is this. Prompts and answers stay
 * private to their user: they are not listed.
 */
export function registerAdminRunRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  service: RunService,
): void {
  const { db } = context.database;

  app.openapi(listRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const { status, limit, offset } = c.req.valid('query');
    const statuses = status === undefined ? [...ACTIVE_STATUSES] : [status];
    const { runs: rows, total } = await listRunsForAdmins(db, statuses, { limit, offset });
    const { maxConcurrentRunsPerUser } = await readRunLimitSettings(db);
    const listed = [];
    for (const row of rows) {
      const place =
        row.status === 'queued' ? await runQueuePlace(db, row, maxConcurrentRunsPerUser) : undefined;
      listed.push(adminRunOf(row, row, row.position, place));
    }
    return c.json({ runs: listed, total }, 200);
  });

  app.openapi(cancelRoute, async (c) => {
    const actor = requireRole(c, 'superadmin', 'admin');
    const run = await loadRun(db, c.req.valid('param').id);
    if (run === undefined) throw new HttpError(404, 'not_found', 'No such run');
    // Its user is told who stopped it: the reason stays as the cancelled run's error.
    const cancelled = await cancelRun(db, service.bus, run, {
      reason: { code: 'run_cancelled_by_admin', message: 'An administrator cancelled this run.' },
    });
    await recordAudit(db, {
      actor: actor.viewer,
      action: 'run.cancelled',
      targetType: 'run',
      targetId: run.id,
      details: { userId: run.userId, agentId: run.agentId, statusBefore: run.status },
      requestId: c.get('requestId'),
    });
    const names = await runOwnerNames(db, run);
    return c.json(
      { run: adminRunOf(cancelled, names ?? { username: '', agentName: '' }, null, undefined) },
      202,
    );
  });
}
