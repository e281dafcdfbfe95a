import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { SKILL_ID_PATTERN } from '@skilldock/core/format';
import type { Viewer } from '../auth/principal.js';
import type { AppEnv } from '../http/app-env.js';
import { cachedJson, respondWithCachedJson } from '../http/cached-json.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { listReadableSkills } from '../policy/list-readable-skills.js';
import { loadSkillAccess } from '../policy/load-skill-access.js';
import { canOnSkill } from '../policy/skill-access.js';
import type { ServerContext } from '../server-context.js';
import { setSkillEnabled } from '../skill-content/set-skill-enabled.js';
import { loadSkillSummary } from '../skill-content/skill-records.js';

/** A skill id in a path (SPEC S4 shape, at most 64): `..`, `%2e%2e` or `toString` never reach a lookup. */
export const skillIdParamSchema = z.object({
  id: z
    .string()
    .max(64)
    .regex(SKILL_ID_PATTERN)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'pdf-tools' }),
});

const skillSummarySchema = z
  .object({
    id: z.string(),
    kind: z.enum(['builtin', 'shared']),
    name: z.string(),
    description: z.string(),
    version: z.string(),
    enabled: z.boolean(),
    manageable: z.boolean(),
  })
  .openapi('SkillSummary');

const listSkillsRoute = createRoute({
  method: 'get',
  path: '/api/skills',
  operationId: 'listSkills',
  tags: ['skills'],
  summary: 'The builtin and shared skills I may read (SPEC Y3)',
  responses: {
    200: {
      description: 'Readable skills by id (with an ETag; send If-None-Match to get 304 when nothing changed)',
      content: { 'application/json': { schema: z.object({ skills: z.array(skillSummarySchema) }) } },
    },
    304: { description: 'Not modified since the ETag sent in If-None-Match' },
    401: errorResponseSpec('Not logged in'),
  },
});

const getSkillRoute = createRoute({
  method: 'get',
  path: '/api/skills/{id}',
  operationId: 'getSkill',
  tags: ['skills'],
  summary: 'One skill I may read (404 for one I may not: its existence is not revealed)',
  request: { params: skillIdParamSchema },
  responses: {
    200: {
      description: 'The skill',
      content: { 'application/json': { schema: z.object({ skill: skillSummarySchema }) } },
    },
    400: errorResponseSpec('Not a skill id'),
    404: errorResponseSpec('No such skill, or not readable'),
  },
});

const toggleSkillRoute = createRoute({
  method: 'put',
  path: '/api/skills/{id}/enabled',
  operationId: 'setSkillEnabled',
  tags: ['skills'],
  summary: 'Enable or disable a skill (managers of a shared skill; the superadmin for builtins)',
  request: {
    params: skillIdParamSchema,
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ enabled: z.boolean() }).strict() } },
    },
  },
  responses: {
    200: {
      description: 'The skill',
      content: { 'application/json': { schema: z.object({ skill: skillSummarySchema }) } },
    },
    403: errorResponseSpec('Readable but not yours to toggle'),
    404: errorResponseSpec('No such skill, or not readable'),
  },
});

/** Registers the skill index routes this package owns: listing, one skill, enable/disable — all through the policy. */
export function registerSkillRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  async function readableSkill(viewer: Viewer, id: string) {
    const access = await loadSkillAccess(db, id);
    if (access === null || access.kind === 'agent-bound' || !canOnSkill(viewer, 'read', access)) {
      throw new HttpError(404, 'not_found', 'No such skill');
    }
    const row = await loadSkillSummary(db, id);
    if (row === undefined) throw new HttpError(404, 'not_found', 'No such skill');
    const json = (enabled: boolean) => {
      const facts = { ...access, enabled };
      return {
        ...row,
        kind: access.kind as 'builtin' | 'shared',
        enabled,
        manageable: (['edit', 'share', 'toggle', 'delete'] as const).some((action) =>
          canOnSkill(viewer, action, facts),
        ),
      };
    };
    return { access, json };
  }

  app.openapi(listSkillsRoute, async (c) => {
    const { viewer, accessGeneration } = requirePrincipal(c);
    const listing = await context.readableSkillsCache.get(viewer.id, accessGeneration, async () =>
      cachedJson({ skills: await listReadableSkills(db, viewer) }),
    );
    return respondWithCachedJson(c, listing) as never;
  });

  app.openapi(getSkillRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { access, json } = await readableSkill(viewer, c.req.valid('param').id);
    return c.json({ skill: json(access.enabled) }, 200);
  });

  app.openapi(toggleSkillRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    const { enabled } = c.req.valid('json');
    const { access, json } = await readableSkill(viewer, id);
    if (!canOnSkill(viewer, 'toggle', access))
      throw new HttpError(403, 'forbidden', 'You may not enable or disable this skill');
    await setSkillEnabled(db, { viewer, requestId: c.get('requestId') }, id, enabled);
    return c.json({ skill: json(enabled) }, 200);
  });
}
