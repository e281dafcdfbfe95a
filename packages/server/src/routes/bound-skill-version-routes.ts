import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { agentFor } from '../agents/agent-for.js';
import { boundSkillNotFound, versionNotFound } from '../bound-skills/bound-skill-errors.js';
import { loadBoundSkillOfAgent, loadBoundSkillVersion } from '../bound-skills/bound-skill-records.js';
import { listContentTree, readContentFile } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { restOfUrlRoute } from '../http/rest-of-url-route.js';
import type { ServerContext } from '../server-context.js';
import { withContentErrors } from '../skill-content/content-http-error.js';
import { contentPathFromUrl } from '../skill-content/content-path-from-url.js';
import { hiddenRootsOf, type SkillContentContext } from '../skill-content/skill-content-context.js';
import { leaseHistoryRevision } from '../skill-content/skill-history.js';
import { versionParamsSchema } from './bound-skill-schemas.js';
import { fileJson, fileSchema, treeSchema } from './skill-edit-schemas.js';

const tags = ['bound skill'];
const readErrors = {
  400: errorResponseSpec('A malformed version name or an unsafe path'),
  401: errorResponseSpec('Not logged in'),
  404: errorResponseSpec(
    'No such agent (or not readable), bound skill, version (version_not_found) or file, or the version’s files are no longer stored (revision_pruned)',
  ),
};

const treeRoute = createRoute({
  method: 'get',
  path: '/api/agents/{id}/bound-skill/versions/{name}/tree',
  operationId: 'getBoundSkillVersionTree',
  tags,
  summary: 'The file tree of a released version of the agent’s bound skill (to compare versions)',
  request: { params: versionParamsSchema },
  responses: {
    200: { description: 'The tree', content: { 'application/json': { schema: treeSchema } } },
    ...readErrors,
  },
});

const fileRoute = createRoute({
  method: 'get',
  path: '/api/agents/{id}/bound-skill/versions/{name}/files/{path}',
  operationId: 'readBoundSkillVersionFile',
  tags,
  summary:
    'One file of a released version of the agent’s bound skill (the path is the rest of the URL, decoded once)',
  request: {
    params: versionParamsSchema.extend({
      path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'SKILL.md' }),
    }),
  },
  responses: {
    200: { description: 'The file', content: { 'application/json': { schema: fileSchema } } },
    ...readErrors,
  },
});

/** `''` + api, agents, id, bound-skill, versions, name, files: the file's path is what follows. */
const FILE_PATH_SEGMENTS = 7;

/**
 * Reading a released version of an agent's bound skill (issue 24 item 5, SPEC Y6): its tree and its
 * files, for the side-by-side compare of two versions. Whoever may read the agent may read them
 * (not readable: 404); only the versions of that agent's own bound skill are reachable, and the
 * version's stored package is leased while it is read so no prune removes it underneath.
 */
export function registerBoundSkillVersionRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  content: SkillContentContext,
): void {
  const { db } = context.database;
  const { layout } = content;
  const hiddenRoots = hiddenRootsOf(content);

  /** Reads the stored package of the version `name` of the agent's bound skill with `read`. */
  async function readVersion<T>(
    c: Context<AppEnv>,
    agentId: string,
    name: string,
    read: (directory: string) => Promise<T>,
  ): Promise<{ readonly revision: string; readonly value: T }> {
    await agentFor(db, requirePrincipal(c).viewer, agentId, 'read');
    const skill = await loadBoundSkillOfAgent(db, agentId);
    if (skill === null || skill.contentRef === null) throw boundSkillNotFound(agentId);
    const version = await loadBoundSkillVersion(db, skill.id, name);
    if (version === null) throw versionNotFound(name);
    return withContentErrors(hiddenRoots, async () => {
      const { leased } = await leaseHistoryRevision(layout, version.revision, false);
      try {
        return { revision: version.revision, value: await read(leased.directory) };
      } finally {
        await leased.lease.release();
      }
    });
  }

  app.openapi(treeRoute, async (c) => {
    const { id, name } = c.req.valid('param');
    const { revision, value: tree } = await readVersion(c, id, name, listContentTree);
    return c.json({ revision, ...tree, entries: [...tree.entries], warnings: [...tree.warnings] }, 200);
  });

  app.openapi(restOfUrlRoute(app, fileRoute), async (c) => {
    const filePath = contentPathFromUrl(c, FILE_PATH_SEGMENTS);
    const { id, name } = c.req.valid('param');
    const { revision, value: file } = await readVersion(c, id, name, (directory) =>
      readContentFile(directory, filePath),
    );
    return c.json(fileJson(file, revision), 200);
  });
}
