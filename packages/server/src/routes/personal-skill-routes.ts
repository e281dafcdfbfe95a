import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requirePrincipal } from '../http/require-viewer.js';
import type { InstallContext } from '../install/install-options.js';
import { listPersonalSkills } from '../install/list-personal-skills.js';
import type { ServerContext } from '../server-context.js';

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

/** Registers `GET /api/me/skills`. */
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
}
