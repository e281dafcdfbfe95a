import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { type ContentLayout, listContentTree, packageDirectory, readContentFile } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { restOfUrlRoute } from '../http/rest-of-url-route.js';
import { contentPathFromUrl } from '../skill-content/content-path-from-url.js';
import type { EditableSkill, SaveActor, SkillHistory } from '../skill-content/editable-skill.js';
import {
  fileJson,
  fileSchema,
  revisionSchema,
  saveResultJson,
  saveResultSchema,
  treeSchema,
} from './skill-edit-schemas.js';
import { skillIdParamSchema } from './skill-routes.js';

/** What the history routes share with the edit routes of the same kind of skill. */
export interface ContentHistoryRoutesOptions {
  readonly basePath: string;
  readonly operationNoun: string;
  readonly tag: string;
  readonly what: string;
  readonly layout: ContentLayout;
  readonly guarded: <T>(work: () => Promise<T>) => Promise<T>;
  readonly resolve: (c: Context<AppEnv>, id: string, action: 'read' | 'edit') => Promise<EditableSkill>;
  readonly actorOf: (c: Context<AppEnv>) => SaveActor;
}

const historyEntrySchema = z
  .object({
    revision: revisionSchema,
    action: z.enum(['saved', 'restored', 'baseline']),
    author: z.object({ id: z.string(), displayName: z.string() }).nullable(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    /** Whether the revision's files are still stored (a pruned one lists, but cannot be read or restored). */
    stored: z.boolean(),
  })
  .openapi('SkillRevision');

const historySchema = z
  .object({ revision: revisionSchema, entries: z.array(historyEntrySchema) })
  .openapi('SkillHistory');

const restoreBodySchema = z.object({ baseRevision: revisionSchema }).strict().openapi('SkillRestore');

function historyOf(skill: EditableSkill): SkillHistory {
  if (skill.history === undefined)
    throw new HttpError(
      404,
      'no_history',
      'This skill has no history (builtin skills ship with the platform)',
    );
  return skill.history;
}

async function isStored(layout: ContentLayout, revision: string): Promise<boolean> {
  try {
    await packageDirectory(layout, revision);
    return true;
  } catch {
    return false;
  }
}

/**
 * The history routes of one kind of skill (issue 24 item 3): the list of revisions with author and
 * time, a revision's tree and files (for the diff), and restore — a new revision with the old
 * content, from the revision the editor shows (stale → 409). Reads for whoever may read the skill,
 * restore for whoever may edit it; only revisions in the skill's own history are reachable.
 */
export function registerContentHistoryRoutes(
  app: OpenAPIHono<AppEnv>,
  options: ContentHistoryRoutesOptions,
): void {
  const { basePath, operationNoun, tag, what, layout, guarded, resolve, actorOf } = options;
  const params = skillIdParamSchema;
  const revisionParams = params.extend({
    revision: revisionSchema.openapi({ param: { name: 'revision', in: 'path' } }),
  });
  const filePathParams = revisionParams.extend({
    path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'SKILL.md' }),
  });
  const fileSegments = basePath.split('/').length + 3; // '' + base… + id + 'history' + revision + 'files'
  const readErrors = {
    400: errorResponseSpec('A malformed revision or an unsafe path'),
    401: errorResponseSpec('Not logged in'),
    404: errorResponseSpec(
      'No such skill, revision (revision_not_found) or file, not readable, or the revision is listed but its files are no longer stored (revision_pruned)',
    ),
  };

  const listRoute = createRoute({
    method: 'get',
    path: `${basePath}/{id}/history`,
    operationId: `list${operationNoun}History`,
    tags: [tag],
    summary: `The saved revisions of a ${what}, newest first, with author and time`,
    request: { params },
    responses: {
      200: { description: 'The history', content: { 'application/json': { schema: historySchema } } },
      401: errorResponseSpec('Not logged in'),
      404: errorResponseSpec('No such skill, not readable, or a builtin (no_history)'),
    },
  });
  app.openapi(listRoute, (c) =>
    guarded(async () => {
      const skill = await resolve(c, c.req.valid('param').id, 'read');
      const history = historyOf(skill);
      const revision = await skill.currentRevision();
      const entries = await history.list();
      return c.json(
        {
          revision,
          entries: await Promise.all(
            entries.map(async (entry) => ({
              revision: entry.revision,
              action: entry.action,
              author: entry.author,
              createdAt: entry.createdAt.toISOString(),
              stored: await isStored(layout, entry.revision),
            })),
          ),
        },
        200,
      );
    }),
  );

  const treeRoute = createRoute({
    method: 'get',
    path: `${basePath}/{id}/history/{revision}/tree`,
    operationId: `get${operationNoun}RevisionTree`,
    tags: [tag],
    summary: `The file tree of a ${what} at one revision of its history`,
    request: { params: revisionParams },
    responses: {
      200: { description: 'The tree', content: { 'application/json': { schema: treeSchema } } },
      ...readErrors,
    },
  });
  app.openapi(treeRoute, (c) =>
    guarded(async () => {
      const { id, revision } = c.req.valid('param');
      const skill = await resolve(c, id, 'read');
      const tree = await historyOf(skill).read(revision, listContentTree);
      return c.json({ revision, ...tree, entries: [...tree.entries], warnings: [...tree.warnings] }, 200);
    }),
  );

  const fileRoute = createRoute({
    method: 'get',
    path: `${basePath}/{id}/history/{revision}/files/{path}`,
    operationId: `read${operationNoun}RevisionFile`,
    tags: [tag],
    summary: `One file of a ${what} at one revision of its history (the path is the rest of the URL, decoded once)`,
    request: { params: filePathParams },
    responses: {
      200: { description: 'The file', content: { 'application/json': { schema: fileSchema } } },
      ...readErrors,
    },
  });
  app.openapi(restOfUrlRoute(app, fileRoute), (c) =>
    guarded(async () => {
      const filePath = contentPathFromUrl(c, fileSegments);
      const { id, revision } = c.req.valid('param');
      const skill = await resolve(c, id, 'read');
      const file = await historyOf(skill).read(revision, (directory) => readContentFile(directory, filePath));
      return c.json(fileJson(file, revision), 200);
    }),
  );

  const restoreRoute = createRoute({
    method: 'post',
    path: `${basePath}/{id}/history/{revision}/restore`,
    operationId: `restore${operationNoun}Revision`,
    tags: [tag],
    summary: `Make a revision of a ${what} current again, as a new save from the revision shown (stale → 409)`,
    request: {
      params: revisionParams,
      body: { required: true, content: { 'application/json': { schema: restoreBodySchema } } },
    },
    responses: {
      200: {
        description: 'Restored (or already current)',
        content: { 'application/json': { schema: saveResultSchema } },
      },
      ...readErrors,
      403: errorResponseSpec('Readable but not yours to edit, or CSRF'),
      409: errorResponseSpec('The skill changed since it was loaded (revision_conflict)'),
      413: errorResponseSpec('The revision is over the current budget'),
      422: errorResponseSpec('The revision no longer verifies (revision_corrupt)'),
    },
  });
  app.openapi(restoreRoute, (c) =>
    guarded(async () => {
      const { id, revision } = c.req.valid('param');
      const { baseRevision } = c.req.valid('json');
      const skill = await resolve(c, id, 'edit');
      const restored = await historyOf(skill).restore(revision, baseRevision, actorOf(c));
      return c.json(saveResultJson(id, restored), 200);
    }),
  );
}
