import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.js';
import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { departments, users } from '../db/schema.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { loadSkillAccess } from '../policy/load-skill-access.js';
import {
  type ShareConfig,
  type ShareScope,
  shareConfigSchema,
  type shareScopeSchema,
} from '../policy/share-config.js';
import { canOnSkill } from '../policy/skill-access.js';
import { writeShareConfig } from '../policy/write-share-config.js';
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

/** The skill's access facts when the viewer may share it: 404 when unreadable, 403 when readable only. */
async function shareableSkill(db: SkilldockDatabase | SkilldockTransaction, viewer: Viewer, id: string) {
  const access = await loadSkillAccess(db, id);
  if (access === null || access.kind === 'agent-bound' || !canOnSkill(viewer, 'read', access))
    throw new HttpError(404, 'not_found', 'No such skill');
  if (!canOnSkill(viewer, 'share', access))
    throw new HttpError(403, 'forbidden', 'You may not change who can read or manage this skill');
  return access;
}

function plain(scope: ShareScope): z.infer<typeof shareScopeSchema> {
  if (scope.kind === 'departments') return { kind: scope.kind, departmentIds: [...scope.departmentIds] };
  if (scope.kind === 'users') return { kind: scope.kind, userIds: [...scope.userIds] };
  return { kind: scope.kind };
}

/** A share config as the API answers it (plain, mutable arrays). */
export function shareOf(access: ShareConfig): z.infer<typeof shareConfigSchema> {
  return { readScope: plain(access.readScope), manageScope: plain(access.manageScope) };
}

/** Refuses (422) department or user ids that do not exist, before a foreign key would. */
export async function assertMembersExist(tx: SkilldockTransaction, config: ShareConfig): Promise<void> {
  const wanted = { departments: new Set<string>(), users: new Set<string>() };
  for (const scope of [config.readScope, config.manageScope]) {
    if (scope.kind === 'departments') for (const id of scope.departmentIds) wanted.departments.add(id);
    if (scope.kind === 'users') for (const id of scope.userIds) wanted.users.add(id);
  }
  const found = async (table: typeof departments | typeof users, ids: Set<string>) =>
    ids.size === 0
      ? new Set<string>()
      : new Set(
          (
            await tx
              .select({ id: table.id })
              .from(table)
              .where(inArray(table.id, [...ids]))
          ).map((row) => row.id),
        );
  const knownDepartments = await found(departments, wanted.departments);
  const knownUsers = await found(users, wanted.users);
  const unknown = {
    departmentIds: [...wanted.departments].filter((id) => !knownDepartments.has(id)),
    userIds: [...wanted.users].filter((id) => !knownUsers.has(id)),
  };
  if (unknown.departmentIds.length + unknown.userIds.length > 0)
    throw new HttpError(
      422,
      'invalid_share_scope',
      'The share scope names departments or users that do not exist',
      {
        details: unknown,
      },
    );
}

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
    return c.json({ share: shareOf(access) }, 200);
  });

  app.openapi(putShareRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    const config = c.req.valid('json');
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from skills where id = ${id} for update`);
      const before = shareOf(await shareableSkill(tx, viewer, id));
      await assertMembersExist(tx, config);
      await writeShareConfig(tx, id, config);
      await recordAudit(tx, {
        actor: viewer,
        action: 'skill.share_changed',
        targetType: 'skill',
        targetId: id,
        requestId: c.get('requestId'),
        details: { before, after: config },
      });
    });
    const saved = await loadSkillAccess(db, id);
    return c.json({ share: shareOf(saved!) }, 200);
  });
}
