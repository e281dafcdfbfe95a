import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requirePrincipal } from '../http/require-viewer.js';
import type { ServerContext } from '../server-context.js';
import { deleteSharedSkill } from '../skill-content/delete-shared-skill.js';
import type { SkillContentContext } from '../skill-content/skill-content-context.js';
import { skillIdParamSchema } from './skill-routes.js';

const deleteSkillRoute = createRoute({
  method: 'delete',
  path: '/api/skills/{id}',
  operationId: 'deleteSkill',
  tags: ['skills'],
  summary:
    'Delete a shared skill (its managers). Builtins can only be disabled; a bound skill goes with its agent',
  request: { params: skillIdParamSchema },
  responses: {
    200: {
      description: 'Deleted; the skill was also taken out of this many agents’ skill and preload lists',
      content: {
        'application/json': { schema: z.object({ deleted: z.string(), agentsUpdated: z.number().int() }) },
      },
    },
    400: errorResponseSpec('Not a skill id'),
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec('Readable but not yours to delete (or a builtin, or a read-only token)'),
    404: errorResponseSpec('No such skill, or not readable'),
    409: errorResponseSpec('Other skills depend on it (`skill_has_dependents`, the readable ones named)'),
  },
});

/** Registers `DELETE /api/skills/{id}` (SPEC Y2, Y3, Y14). */
export function registerSkillDeleteRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  content: SkillContentContext,
): void {
  app.openapi(deleteSkillRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    const deleted = await deleteSharedSkill(context.database.db, content.layout, context.logger, {
      viewer,
      id,
      requestId: c.get('requestId'),
    });
    return c.json({ deleted: deleted.id, agentsUpdated: deleted.agentsUpdated }, 200);
  });
}
