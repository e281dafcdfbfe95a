import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requireRole } from '../http/require-viewer.js';
import { normalizeAllowedHosts } from '../install/install-settings.js';
import {
  changeWebFetchSettings,
  readWebFetchSettings,
  webFetchSettingsBodySchema,
} from '../runs/web-fetch-settings.js';
import type { ServerContext } from '../server-context.js';

const webFetchSettingsSchema = z.object({ allowedHosts: z.array(z.string()) }).openapi('WebFetchSettings');

const settingsAnswer = {
  description: 'The web_fetch settings',
  content: { 'application/json': { schema: z.object({ settings: webFetchSettingsSchema }) } },
};

const adminErrors = {
  400: errorResponseSpec('Invalid value'),
  401: errorResponseSpec('Not logged in'),
  403: errorResponseSpec('Not an admin'),
};

const getRoute = createRoute({
  method: 'get',
  path: '/api/admin/settings/web-fetch',
  operationId: 'getWebFetchSettings',
  tags: ['admin'],
  summary: "The hosts platform runs' web_fetch tool may reach (empty: the tool is off)",
  responses: { 200: settingsAnswer, ...adminErrors },
});

const putRoute = createRoute({
  method: 'put',
  path: '/api/admin/settings/web-fetch',
  operationId: 'setWebFetchSettings',
  tags: ['admin'],
  summary:
    "Sets the exact hosts platform runs' web_fetch tool may reach (an empty list turns it off); audited",
  request: {
    body: { required: true, content: { 'application/json': { schema: webFetchSettingsBodySchema } } },
  },
  responses: { 200: { ...settingsAnswer, description: 'The settings after the change' }, ...adminErrors },
});

/**
 * Registers the admins' `web_fetch` allowlist (issue 26): stored in the `settings` table, so every
 * process and worker reads the same; each change is audited (`settings.changed`, before and after).
 */
export function registerWebFetchSettingsRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  app.openapi(getRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const { allowedHosts } = await readWebFetchSettings(db);
    return c.json({ settings: { allowedHosts: [...allowedHosts] } }, 200);
  });

  app.openapi(putRoute, async (c) => {
    const { viewer } = requireRole(c, 'superadmin', 'admin');
    const allowedHosts = normalizeAllowedHosts(c.req.valid('json').allowedHosts);
    await changeWebFetchSettings(db, { viewer, requestId: c.get('requestId') }, allowedHosts);
    return c.json({ settings: { allowedHosts } }, 200);
  });
}
