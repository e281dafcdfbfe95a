import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requireRole } from '../http/require-viewer.js';
import {
  changeRunLimitSettings,
  readRunLimitSettings,
  runLimitSettingsSchema,
} from '../run-limits/run-limit-settings.js';
import type { ServerContext } from '../server-context.js';

const settingsAnswer = {
  description: 'The run limits',
  content: { 'application/json': { schema: z.object({ settings: runLimitSettingsSchema }) } },
};

const adminErrors = {
  401: errorResponseSpec('Not logged in'),
  403: errorResponseSpec('Not an admin'),
};

const getRunLimitsRoute = createRoute({
  method: 'get',
  path: '/api/admin/settings/runs',
  operationId: 'getRunLimits',
  tags: ['admin'],
  summary:
    'The run limits (SPEC O2): default wall-clock time and model turns of a run, runs of one user at once',
  responses: { 200: settingsAnswer, ...adminErrors },
});

const putRunLimitsRoute = createRoute({
  method: 'put',
  path: '/api/admin/settings/runs',
  operationId: 'setRunLimits',
  tags: ['admin'],
  summary:
    'Sets the run limits: every run’s default time and turn limits (an agent may set its own) and how many runs of one user run at once (the rest wait their turn)',
  request: {
    body: { required: true, content: { 'application/json': { schema: runLimitSettingsSchema } } },
  },
  responses: {
    200: { ...settingsAnswer, description: 'The run limits after the change' },
    400: errorResponseSpec('Invalid value'),
    ...adminErrors,
  },
});

/**
 * Registers the admins' run limits (SPEC O2): stored in the `settings` table, so every server and
 * worker reads the same; a change applies to runs that start afterwards and is audited
 * (`settings.changed`, with before and after).
 */
export function registerRunLimitRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  app.openapi(getRunLimitsRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    return c.json({ settings: await readRunLimitSettings(db) }, 200);
  });

  app.openapi(putRunLimitsRoute, async (c) => {
    const { viewer } = requireRole(c, 'superadmin', 'admin');
    const after = c.req.valid('json');
    const settings = await changeRunLimitSettings(db, { viewer, requestId: c.get('requestId') }, after);
    return c.json({ settings }, 200);
  });
}
