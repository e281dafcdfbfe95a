import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import type { ServerContext } from '../server-context.js';

const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags: ['health'],
  summary: 'Liveness: the server answers and which database it uses',
  responses: {
    200: {
      description: 'Up',
      content: {
        'application/json': {
          schema: z.object({ ok: z.literal(true), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
  },
});

/** Registers `GET /api/health` (no login needed). */
export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  app.openapi(healthRoute, (c) => c.json({ ok: true as const, database: context.database.kind }, 200));
}
