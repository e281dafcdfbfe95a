import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { agentFor } from '../agents/agent-for.js';
import { loadAgentRecord } from '../agents/agent-records.js';
import type { BoundSkillActor } from '../bound-skills/bound-skill-actor.js';
import { boundSkillNotFound } from '../bound-skills/bound-skill-errors.js';
import {
  type BoundSkillRow,
  listBoundSkillVersions,
  loadBoundSkill,
  loadBoundSkillOfAgent,
} from '../bound-skills/bound-skill-records.js';
import { boundSkillExists } from '../bound-skills/create-bound-skill.js';
import { createBoundSkillGuide } from '../bound-skills/create-bound-skill-guide.js';
import { deleteBoundSkillVersion } from '../bound-skills/delete-bound-skill-version.js';
import { importBoundSkill } from '../bound-skills/import-bound-skill.js';
import { releaseBoundSkillVersion } from '../bound-skills/release-bound-skill-version.js';
import { restoreBoundSkillVersion } from '../bound-skills/restore-bound-skill-version.js';
import { isBoundSkillId } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { canOnAgent } from '../policy/agent-access.js';
import type { ServerContext } from '../server-context.js';
import { withContentErrors } from '../skill-content/content-http-error.js';
import { sharedEditableSkill } from '../skill-content/shared-editable-skill.js';
import { hiddenRootsOf, type SkillContentContext } from '../skill-content/skill-content-context.js';
import {
  boundSkillJson,
  boundSkillSchema,
  boundSkillVersionJson,
  boundSkillVersionSchema,
  releaseBodySchema,
  restoreBodySchema,
  restoreResultSchema,
  versionParamsSchema,
} from './bound-skill-schemas.js';
import { registerBoundSkillVersionRoutes } from './bound-skill-version-routes.js';
import { registerContentEditRoutes } from './content-edit-routes.js';
import { uuidParamSchema } from './schemas.js';
import { readUploadBody, uploadQuerySchema, uploadRequestBody } from './upload-body.js';

const tags = ['bound skill'];
const boundSkillAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ boundSkill: boundSkillSchema }) } },
});
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const readErrors = {
  401: errorResponseSpec('Not logged in'),
  404: errorResponseSpec('No such agent (or not readable), or it has no bound skill (bound_skill_not_found)'),
};
const writeErrors = {
  ...readErrors,
  400: errorResponseSpec('Invalid body'),
  403: errorResponseSpec('Readable but not yours to edit, or CSRF'),
};

const getRoute = createRoute({
  method: 'get',
  path: '/api/agents/{id}/bound-skill',
  operationId: 'getBoundSkill',
  tags,
  summary: "The agent's bound skill `self-<8 hex>` (SPEC Y2, Y6): whoever may read the agent",
  request: { params: uuidParamSchema },
  responses: { 200: boundSkillAnswer('The bound skill'), ...readErrors },
});

const createGuideRoute = createRoute({
  method: 'post',
  path: '/api/agents/{id}/bound-skill',
  operationId: 'createBoundSkill',
  tags,
  summary: 'Give the agent its bound skill as a minimal guide to fill in (its editors); audited',
  request: { params: uuidParamSchema },
  responses: {
    201: boundSkillAnswer('The new bound skill'),
    ...writeErrors,
    409: errorResponseSpec('The agent has its bound skill already (bound_skill_exists)'),
  },
});

const importRoute = createRoute({
  method: 'post',
  path: '/api/agents/{id}/bound-skill/import',
  operationId: 'importBoundSkill',
  tags,
  summary: "Import the agent's bound skill from an upload — the first time only (SPEC Y15); audited",
  description:
    'The body is an upload like `/api/install/drafts/upload`: multipart `file`, or raw ZIP/gzip/octet-stream ' +
    '(`?fileName=`). It goes through the same P3 and secret-file checks and must hold exactly one skill. ' +
    'Once the agent has a bound skill, every upload is a 409 and the content stays as it is.',
  request: { params: uuidParamSchema, query: uploadQuerySchema, body: uploadRequestBody },
  responses: {
    201: boundSkillAnswer('The imported bound skill'),
    ...writeErrors,
    409: errorResponseSpec('The agent has its bound skill already (bound_skill_exists): content kept'),
    413: errorResponseSpec('Over 10 MiB (an archive) or 4 MiB (a SKILL.md)'),
    422: errorResponseSpec(
      'Refused content (traversal, links, a zip bomb, secret files), or not exactly one skill',
    ),
  },
});

const listVersionsRoute = createRoute({
  method: 'get',
  path: '/api/agents/{id}/bound-skill/versions',
  operationId: 'listBoundSkillVersions',
  tags,
  summary: "The released versions of the agent's bound skill, newest first (SPEC Y6)",
  request: { params: uuidParamSchema },
  responses: {
    200: {
      description: 'The versions',
      content: {
        'application/json': { schema: z.object({ versions: z.array(boundSkillVersionSchema) }) },
      },
    },
    ...readErrors,
  },
});

const releaseRoute = createRoute({
  method: 'post',
  path: '/api/agents/{id}/bound-skill/versions',
  operationId: 'releaseBoundSkillVersion',
  tags,
  summary: 'Release the saved content as a version `YYYYMMDD-<8 hex>` (Beijing date); audited',
  description:
    'The server keeps no unsaved edits: the body names the saved revision the editor shows ' +
    '(`baseRevision`), and the editor releases only with no unsaved change. A base that is not ' +
    'the saved revision (unsaved edits, or a save made since) is a 409 `revision_conflict`. No bytes ' +
    'are copied: a version references the immutable package of the saved content.',
  request: { params: uuidParamSchema, body: jsonBody(releaseBodySchema) },
  responses: {
    201: {
      description: 'The new version',
      content: { 'application/json': { schema: z.object({ version: boundSkillVersionSchema }) } },
    },
    ...writeErrors,
    409: errorResponseSpec('The base is not the saved revision (revision_conflict)'),
  },
});

const restoreRoute = createRoute({
  method: 'post',
  path: '/api/agents/{id}/bound-skill/versions/{name}/restore',
  operationId: 'restoreBoundSkillVersion',
  tags,
  summary: 'Restore a version: all files and dependencies become its own; no new version; audited',
  description:
    "Verifies the current revision (`baseRevision`), the snapshot's integrity (its package hashes to " +
    'its revision) and that you may read every skill it depends on, then swaps the reference at once.',
  request: { params: versionParamsSchema, body: jsonBody(restoreBodySchema) },
  responses: {
    200: {
      description: 'Restored (or it was current already)',
      content: { 'application/json': { schema: restoreResultSchema } },
    },
    ...writeErrors,
    404: errorResponseSpec('No such agent, bound skill or version (version_not_found)'),
    409: errorResponseSpec('The base is not the saved revision (revision_conflict)'),
    422: errorResponseSpec('snapshot_corrupt, or restore_dependency_refused'),
  },
});

const deleteVersionRoute = createRoute({
  method: 'delete',
  path: '/api/agents/{id}/bound-skill/versions/{name}',
  operationId: 'deleteBoundSkillVersion',
  tags,
  summary: 'Delete a version (its editors); its package goes unless still referenced; audited',
  request: { params: versionParamsSchema },
  responses: {
    204: { description: 'Deleted' },
    ...writeErrors,
    404: errorResponseSpec('No such agent, bound skill or version (version_not_found)'),
  },
});

/**
 * The routes of agent-bound skills and their history (SPEC Y2, Y6, Y15; issue 13 §2). Access
 * follows the agent (`canOnAgent`): who may read the agent reads its bound skill and versions; who
 * may edit it creates, imports, edits, releases, restores and deletes versions — not readable 404,
 * readable only 403. The content is edited with the editor's routes at `/api/bound-skills/{id}/…`
 * (`registerContentEditRoutes`: tree, files, save with its base revision, export).
 */
export function registerBoundSkillRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  content: SkillContentContext,
): void {
  const { db } = context.database;
  const { layout } = content;
  const hiddenRoots = hiddenRootsOf(content);
  const actorOf = (c: Context<AppEnv>): BoundSkillActor => ({
    viewer: requirePrincipal(c).viewer,
    requestId: c.get('requestId'),
  });

  async function boundSkillOf(c: Context<AppEnv>, agentId: string): Promise<BoundSkillRow> {
    await agentFor(db, requirePrincipal(c).viewer, agentId, 'read');
    const skill = await loadBoundSkillOfAgent(db, agentId);
    if (skill === null || skill.contentRef === null) throw boundSkillNotFound(agentId);
    return skill;
  }

  /** Refuses a create or an import before any work when the agent has its bound skill already. */
  async function agentWithoutBoundSkill(c: Context<AppEnv>, agentId: string) {
    const record = await agentFor(db, requirePrincipal(c).viewer, agentId, 'edit');
    const existing = await loadBoundSkillOfAgent(db, agentId);
    if (existing !== null || record.row.boundSkillId !== null)
      throw boundSkillExists(agentId, existing?.id ?? record.row.boundSkillId);
    return record;
  }

  app.openapi(getRoute, async (c) => {
    const skill = await boundSkillOf(c, c.req.valid('param').id);
    return c.json({ boundSkill: boundSkillJson(skill) }, 200);
  });

  app.openapi(createGuideRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { row } = await agentWithoutBoundSkill(c, id);
    const skill = await withContentErrors(hiddenRoots, () =>
      createBoundSkillGuide(db, layout, { agentId: id, agentName: row.name, actor: actorOf(c) }),
    );
    return c.json({ boundSkill: boundSkillJson(skill) }, 201);
  });

  app.openapi(importRoute, async (c) => {
    const { id } = c.req.valid('param');
    await agentWithoutBoundSkill(c, id);
    const upload = await readUploadBody(c, c.req.valid('query').fileName);
    const skill = await withContentErrors(hiddenRoots, () =>
      importBoundSkill(db, layout, { agentId: id, upload, actor: actorOf(c) }),
    );
    return c.json({ boundSkill: boundSkillJson(skill) }, 201);
  });

  app.openapi(listVersionsRoute, async (c) => {
    const skill = await boundSkillOf(c, c.req.valid('param').id);
    const versions = await listBoundSkillVersions(db, skill.id);
    return c.json(
      { versions: versions.map((version) => boundSkillVersionJson(version, skill.contentRef)) },
      200,
    );
  });

  app.openapi(releaseRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { baseRevision, note } = c.req.valid('json');
    const version = await releaseBoundSkillVersion(db, {
      agentId: id,
      baseRevision,
      actor: actorOf(c),
      ...(note === undefined ? {} : { note }),
    });
    return c.json({ version: boundSkillVersionJson(version, version.revision) }, 201);
  });

  app.openapi(restoreRoute, async (c) => {
    const { id, name } = c.req.valid('param');
    const { baseRevision } = c.req.valid('json');
    const restored = await withContentErrors(hiddenRoots, () =>
      restoreBoundSkillVersion(db, layout, { agentId: id, name, baseRevision, actor: actorOf(c) }),
    );
    for (const warning of restored.warnings) context.logger.warn('bound_skill.prune_failed', { warning });
    const skill = (await loadBoundSkillOfAgent(db, id))!;
    return c.json(
      {
        revision: restored.revision,
        baseRevision: restored.baseRevision,
        changed: restored.changed,
        boundSkill: boundSkillJson(skill),
      },
      200,
    );
  });

  app.openapi(deleteVersionRoute, async (c) => {
    const { id, name } = c.req.valid('param');
    const warnings = await deleteBoundSkillVersion(db, layout, { agentId: id, name, actor: actorOf(c) });
    for (const warning of warnings) context.logger.warn('bound_skill.prune_failed', { warning });
    return c.body(null, 204);
  });

  registerBoundSkillVersionRoutes(app, context, content);

  registerContentEditRoutes(app, {
    basePath: '/api/bound-skills',
    operationNoun: 'BoundSkill',
    tag: 'bound skill content',
    what: 'bound skill of an agent',
    layout,
    hiddenRoots,
    resolve: async (c, id, action) => {
      const { viewer } = requirePrincipal(c);
      const skill = isBoundSkillId(id) ? await loadBoundSkill(db, id) : null;
      const agent = skill?.agentId == null ? null : await loadAgentRecord(db, skill.agentId);
      if (skill === null || agent === null || !canOnAgent(viewer, 'read', agent.access))
        throw new HttpError(404, 'not_found', 'No such bound skill');
      if (action === 'edit' && !canOnAgent(viewer, 'edit', agent.access))
        throw new HttpError(403, 'forbidden', "You may not edit this agent's bound skill");
      if (skill.contentRef === null) throw new HttpError(404, 'not_found', 'This skill has no content yet');
      return sharedEditableSkill(db, layout, id, skill.contentRef);
    },
  });
}
