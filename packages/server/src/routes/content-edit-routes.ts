import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentLayout } from '../content/index.js';
import { exportSkillArchive, listContentTree, readContentFile } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { restOfUrlRoute } from '../http/rest-of-url-route.js';
import { withContentErrors } from '../skill-content/content-http-error.js';
import { contentPathFromUrl } from '../skill-content/content-path-from-url.js';
import type { EditableSkill, SaveActor } from '../skill-content/editable-skill.js';
import { registerContentHistoryRoutes } from './content-history-routes.js';
import {
  decodeContent,
  fileJson,
  fileSchema,
  fileWriteBodySchema,
  saveBodySchema,
  saveResultJson,
  saveResultSchema,
  toSkillEdits,
  treeSchema,
} from './skill-edit-schemas.js';
import { skillIdParamSchema } from './skill-routes.js';

/** How one family of edit routes (shared or personal skills) finds the skill a request names. */
export interface ContentEditRoutesOptions {
  /** `/api/skills` or `/api/personal-skills`: the routes are `<base>/{id}/tree`, `/files/*`, `/save`, `/export`. */
  readonly basePath: string;
  /** The noun in the routes' operation ids (`Skill` → `getSkillTree`, `saveSkill`…): unique per kind. */
  readonly operationNoun: string;
  readonly tag: string;
  readonly what: string;
  readonly layout: ContentLayout;
  /** Folders whose names never appear in an answer. */
  readonly hiddenRoots: readonly string[];
  /** Whether the kind has the history routes (`content-history-routes.ts`): shared and personal skills. */
  readonly history?: boolean;
  /** The skill, after the permission check for `action` (404 when unreadable, 403 when readable but not editable). */
  readonly resolve: (c: Context<AppEnv>, id: string, action: 'read' | 'edit') => Promise<EditableSkill>;
}

const writeErrors = {
  400: errorResponseSpec('Invalid body, path or edit'),
  403: errorResponseSpec('Readable but not yours to edit, or CSRF'),
  404: errorResponseSpec('No such skill or file, or not readable'),
  409: errorResponseSpec('Changed since it was loaded (revision_conflict, file_changed) or the entry exists'),
  413: errorResponseSpec('Request body or skill over its budget'),
};

/**
 * Registers the editor's routes for one kind of skill (SPEC Y5): the tree, one file (read with its
 * SHA-256, write checked against it), one save carrying its base revision and all its edits, and
 * the ZIP export (P2 bundle), and the history (`content-history-routes.ts`). File paths come from the URL, decoded once (`contentPathFromUrl`); the
 * content layer refuses the rest. Failures answer with the content layer's mapping (404, 409, 413, 400).
 */
export function registerContentEditRoutes(app: OpenAPIHono<AppEnv>, options: ContentEditRoutesOptions): void {
  const { basePath, operationNoun, tag, what, layout, hiddenRoots, resolve, history } = options;
  const params = skillIdParamSchema;
  const filePathParams = params.extend({
    path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'scripts/run.sh' }),
  });
  const fileSegments = basePath.split('/').length + 1; // '' + base… + id + 'files'
  const guarded = <T>(work: () => Promise<T>) => withContentErrors(hiddenRoots, work);
  const actorOf = (c: Context<AppEnv>): SaveActor => ({
    viewer: requirePrincipal(c).viewer,
    requestId: c.get('requestId'),
  });

  const treeRoute = createRoute({
    method: 'get',
    path: `${basePath}/{id}/tree`,
    operationId: `get${operationNoun}Tree`,
    tags: [tag],
    summary: `The file tree of a ${what}, with each file's SHA-256 and the revision (SPEC Y5)`,
    request: { params },
    responses: {
      200: { description: 'The tree', content: { 'application/json': { schema: treeSchema } } },
      401: errorResponseSpec('Not logged in'),
      404: errorResponseSpec('No such skill, or not readable'),
    },
  });
  app.openapi(treeRoute, (c) =>
    guarded(async () => {
      const skill = await resolve(c, c.req.valid('param').id, 'read');
      // The revision before the content: a save landing in between makes the editor's save a 409,
      // never a silent overwrite of what it did not see.
      const revision = await skill.currentRevision();
      const tree = await listContentTree(skill.directory);
      return c.json({ revision, ...tree, entries: [...tree.entries], warnings: [...tree.warnings] }, 200);
    }),
  );

  const readFileRoute = createRoute({
    method: 'get',
    path: `${basePath}/{id}/files/{path}`,
    operationId: `read${operationNoun}File`,
    tags: [tag],
    summary: `One file of a ${what} with its SHA-256 (the path is the rest of the URL, decoded once)`,
    request: { params: filePathParams },
    responses: {
      200: { description: 'The file', content: { 'application/json': { schema: fileSchema } } },
      400: errorResponseSpec('An unsafe path'),
      404: errorResponseSpec('No such skill or file, or not readable'),
    },
  });
  app.openapi(restOfUrlRoute(app, readFileRoute), (c) =>
    guarded(async () => {
      const filePath = contentPathFromUrl(c, fileSegments);
      const skill = await resolve(c, c.req.valid('param').id, 'read');
      const revision = await skill.currentRevision();
      const file = await readContentFile(skill.directory, filePath);
      return c.json(fileJson(file, revision), 200);
    }),
  );

  const writeFileRoute = createRoute({
    method: 'put',
    path: `${basePath}/{id}/files/{path}`,
    operationId: `write${operationNoun}File`,
    tags: [tag],
    summary: `Replace one file of a ${what}, checked against the SHA-256 it was loaded with (409 file_changed)`,
    request: {
      params: filePathParams,
      body: { required: true, content: { 'application/json': { schema: fileWriteBodySchema } } },
    },
    responses: {
      200: { description: 'Saved', content: { 'application/json': { schema: saveResultSchema } } },
      ...writeErrors,
    },
  });
  app.openapi(restOfUrlRoute(app, writeFileRoute), (c) =>
    guarded(async () => {
      const filePath = contentPathFromUrl(c, fileSegments);
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const skill = await resolve(c, id, 'edit');
      const saved = await skill.writeFile(
        { path: filePath, content: decodeContent(body.content, body.encoding), sha256: body.sha256 },
        actorOf(c),
      );
      return c.json(saveResultJson(id, saved), 200);
    }),
  );

  const saveRoute = createRoute({
    method: 'post',
    path: `${basePath}/{id}/save`,
    operationId: `save${operationNoun}`,
    tags: [tag],
    summary: `Save a ${what}: its base revision and all its edits at once; any concurrent change → 409, nothing written`,
    request: {
      params,
      body: { required: true, content: { 'application/json': { schema: saveBodySchema } } },
    },
    responses: {
      200: {
        description: 'Saved (or unchanged)',
        content: { 'application/json': { schema: saveResultSchema } },
      },
      ...writeErrors,
    },
  });
  app.openapi(saveRoute, (c) =>
    guarded(async () => {
      const { id } = c.req.valid('param');
      const body = c.req.valid('json');
      const edits = toSkillEdits(body.edits);
      const skill = await resolve(c, id, 'edit');
      const saved = await skill.save(body.baseRevision, edits, actorOf(c));
      return c.json(saveResultJson(id, saved), 200);
    }),
  );

  if (history === true)
    registerContentHistoryRoutes(app, {
      basePath,
      operationNoun,
      tag,
      what,
      layout,
      guarded,
      resolve,
      actorOf,
    });

  const exportRoute = createRoute({
    method: 'get',
    path: `${basePath}/{id}/export`,
    operationId: `export${operationNoun}`,
    tags: [tag],
    summary: `Export a ${what} as a ZIP (the P2 bundle: deterministic, secrets and links refused)`,
    request: { params },
    responses: {
      200: {
        description: 'The ZIP',
        content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      404: errorResponseSpec('No such skill, or not readable'),
    },
  });
  app.openapi(exportRoute, (c) =>
    guarded(async () => {
      const skill = await resolve(c, c.req.valid('param').id, 'read');
      const exported = await exportSkillArchive(layout, skill.directory, skill.id, 'zip');
      return c.body(new Uint8Array(exported.bytes), 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${exported.fileName}"`,
      });
    }),
  );
}
