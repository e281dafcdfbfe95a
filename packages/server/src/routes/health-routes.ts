import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { checkReadiness } from '../health/check-readiness.js';
import type { AppEnv } from '../http/app-env.js';
import { PUBLIC_OPERATION } from '../http/openapi-security.js';
import type { ServerContext } from '../server-context.js';

const databaseKind = z.enum(['pglite', 'postgres']);

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  operationId: 'getHealth',
  security: PUBLIC_OPERATION,
  tags: ['health'],
  summary: 'Liveness and a summary: the server answers, and which database it uses',
  description:
    'Kept for compatibility: answers 200 whenever the process serves requests, like `/api/health/live`. Whether the server can do its work is `/api/health/ready`.',
  responses: {
    200: {
      description: 'Up',
      content: {
        'application/json': {
          schema: z.object({ ok: z.literal(true), database: databaseKind }),
        },
      },
    },
  },
});

const liveRoute = createRoute({
  method: 'get',
  path: '/api/health/live',
  operationId: 'getLiveness',
  security: PUBLIC_OPERATION,
  tags: ['health'],
  summary: 'Liveness: 200 whenever the process serves requests (restart it when this fails)',
  responses: {
    200: {
      description: 'The process is up',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
  },
});

const readinessSchema = z
  .object({
    ready: z.boolean(),
    failing: z.enum(['database', 'migrations', 'workers']).optional().describe('The first check that failed'),
    database: databaseKind,
    checks: z.object({
      database: z.object({ ok: z.boolean() }),
      migrations: z.object({
        ok: z.boolean(),
        pending: z.number().int().describe('Migrations this server knows that the database lacks'),
      }),
      workers: z.object({
        ok: z.boolean(),
        seen: z.number().int().describe('Run workers (any process) with a recent heartbeat'),
        staleAfterSeconds: z.number().int().describe('How recent a heartbeat must be'),
      }),
    }),
    queue: z.object({
      depth: z.number().int().describe('Runs waiting for a worker'),
      oldestQueuedSeconds: z
        .number()
        .nullable()
        .describe('Age of the oldest queued run; null when none waits'),
    }),
  })
  .openapi('Readiness');

const readyRoute = createRoute({
  method: 'get',
  path: '/api/health/ready',
  operationId: 'getReadiness',
  security: PUBLIC_OPERATION,
  tags: ['health'],
  summary: 'Readiness: the database answers, migrations are applied and a run worker is alive',
  description:
    'Send traffic here only while it answers 200. 503 names the failing check (`database`, `migrations` or `workers`: no run worker sent a heartbeat within `staleAfterSeconds`). Both carry the queue depth and the oldest queued run’s age; never secrets or user data.',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: readinessSchema } } },
    503: {
      description: 'Not ready: `failing` names the check',
      content: { 'application/json': { schema: readinessSchema } },
    },
  },
});

/** Readiness's worker period when the context names none: the runs' default stale period. */
const DEFAULT_WORKER_STALE_AFTER_MS = 30_000;

/**
 * Registers the health routes (SPEC O3), no login needed: `GET /api/health` (liveness and which
 * database, as before), `GET /api/health/live` and `GET /api/health/ready` (`checkReadiness`, a
 * worker counted while its heartbeat is younger than `context.workerStaleAfterMs`).
 */
export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const workerStaleAfterMs = context.workerStaleAfterMs ?? DEFAULT_WORKER_STALE_AFTER_MS;
  app.openapi(healthRoute, (c) => c.json({ ok: true as const, database: context.database.kind }, 200));
  app.openapi(liveRoute, (c) => c.json({ ok: true as const }, 200));
  app.openapi(readyRoute, async (c) => {
    const readiness = await checkReadiness(context.database, workerStaleAfterMs);
    const body = { ...readiness, database: context.database.kind };
    return readiness.ready ? c.json(body, 200) : c.json(body, 503);
  });
}
