import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { changeSkillShare } from '../policy/change-skill-share.js';
import { loadSkillAccess } from '../policy/load-skill-access.js';
import { plainShareConfig, shareConfigSchema } from '../policy/share-config.js';
import { shareableSkill } from '../policy/shareable-skill.js';
import type { ServerContext } from '../server-context.js';
import { skillIdParamSchema } from './skill-routes.js';

const shareAnswer = { 'application/json': { schema: z.object({ share: shareConfigSchema }) } };

const getShareRoute = createRoute({
  method: 'get',
  path: '/api/skills/{id}/share',
  operationId: 'getSkillShare',
  tags: ['skills'],
  summary: "A shared skill's read and manage scopes (its managers; SPEC Y3)",
  request: { params: skillIdParamSchema },
  responses: {
    200: { description: 'The share config', content: shareAnswer },
    403: errorResponseSpec('Readable but not yours to share'),
    404: errorResponseSpec('No such skill, or not readable'),
  },
});

const putShareRoute = createRoute({
  method: 'put',
  path: '/api/skills/{id}/share',
  operationId: 'setSkillShare',
  tags: ['skills'],
  summary: 'Replace the read and manage scopes (manage ⊆ read), saved apart from enable/disable; audited',
  request: {
    params: skillIdParamSchema,
    body: { required: true, content: { 'application/json': { schema: shareConfigSchema } } },
  },
  responses: {
    200: { description: 'The saved share config', content: shareAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('Readable but not yours to share, or CSRF'),
    404: errorResponseSpec('No such skill, or not readable'),
    422: errorResponseSpec('manage ⊄ read, or an unknown department or user'),
  },
});

/**
 * The share config routes (SPEC Y3, Y14): `GET|PUT /api/skills/{id}/share`, for the skill's
 * managers only (the policy's `share`; builtins and agent-bound skills have none). The change is
 * made in one transaction holding the row's lock, re-checking the permission there, so a reader
 * can never widen its own access and two managers' changes apply one after the other; the audit
 * entry records the scopes before and after.
 */
export function registerShareConfigRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  app.openapi(getShareRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const access = await shareableSkill(db, viewer, c.req.valid('param').id);
    return c.json({ share: plainShareConfig(access) }, 200);
  });

  app.openapi(putShareRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    await changeSkillShare(db, { viewer, requestId: c.get('requestId') }, id, c.req.valid('json'));
    const saved = await loadSkillAccess(db, id);
    return c.json({ share: plainShareConfig(saved!) }, 200);
  });
}
