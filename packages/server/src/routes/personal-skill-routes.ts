import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { recordAudit } from '../audit/record-audit.js';
import { contentLayout, removePersonalSkill } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import type { InstallContext } from '../install/install-options.js';
import type { ServerContext } from '../server-context.js';
import { listPersonalSkills } from '../skill-content/list-personal-skills.js';
import { forgetSkillHistory } from '../skill-content/skill-history.js';
import { skillIdParamSchema } from './skill-routes.js';

const personalSkillSchema = z
  .object({
    id: z.string(),
    kind: z.literal('personal'),
    name: z.string(),
    description: z.string(),
    version: z.string(),
    enabled: z.literal(true),
    manageable: z.literal(true),
    revision: z.string().nullable(),
    overrides: z.array(z.object({ id: z.string(), kind: z.enum(['builtin', 'shared']), name: z.string() })),
    problem: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .openapi('PersonalSkillSummary');

const listPersonalSkillsRoute = createRoute({
  method: 'get',
  path: '/api/me/skills',
  operationId: 'listMySkills',
  tags: ['skills'],
  summary: 'My personal skills (SPEC Y2), each with the shared or builtin skills it overrides for me',
  responses: {
    200: {
      description:
        'Personal skills by id; the fields of `/api/skills` plus `revision`, `overrides` and `problem`',
      content: { 'application/json': { schema: z.object({ skills: z.array(personalSkillSchema) }) } },
    },
    401: errorResponseSpec('Not logged in'),
  },
});

const deletePersonalSkillRoute = createRoute({
  method: 'delete',
  path: '/api/me/skills/{id}',
  operationId: 'deleteMySkill',
  tags: ['skills'],
  summary: 'Delete one of my personal skills (its folder goes at once, whole; a link is removed as a link)',
  request: { params: skillIdParamSchema },
  responses: {
    200: {
      description: 'The skill was deleted',
      content: { 'application/json': { schema: z.object({ deleted: z.string() }) } },
    },
    400: errorResponseSpec('Not a skill id'),
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec('A read-only token'),
    404: errorResponseSpec('I have no personal skill with that id'),
  },
});

/** Registers `GET /api/me/skills` and `DELETE /api/me/skills/{id}`. */
export function registerPersonalSkillRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  install: InstallContext,
): void {
  app.openapi(listPersonalSkillsRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { skills } = await listPersonalSkills(context.database.db, install.dataDir, viewer);
    return c.json({ skills: skills.map((skill) => ({ ...skill, overrides: [...skill.overrides] })) }, 200);
  });

  app.openapi(deletePersonalSkillRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    if (!(await removePersonalSkill(contentLayout(install.dataDir), viewer.id, id)))
      throw new HttpError(404, 'not_found', `You have no personal skill '${id}'`);
    await forgetSkillHistory(context.database.db, { kind: 'personal', userId: viewer.id, skillId: id });
    await recordAudit(context.database.db, {
      actor: viewer,
      action: 'personal_skill.deleted',
      targetType: 'skill',
      targetId: id,
      requestId: c.get('requestId'),
    });
    return c.json({ deleted: id }, 200);
  });
}
