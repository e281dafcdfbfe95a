import { Readable } from 'node:stream';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { SkilldockError } from '@skilldock/core/errors';
import { loadViewer } from '../auth/load-viewer.js';
import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase } from '../db/database.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { PUBLIC_OPERATION } from '../http/openapi-security.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { restOfUrlRoute } from '../http/rest-of-url-route.js';
import { contentPathFromUrl } from '../skill-content/content-path-from-url.js';
import { listRunFiles } from './list-run-files.js';
import { openRunFile } from './read-run-file.js';
import { runFileHeaders } from './run-file-headers.js';
import { signRunFileGrant, verifyRunFileGrant } from './run-file-link.js';
import { ensureRunFileSigningKey } from './run-file-signing-key.js';
import { assertSafeRunId } from './run-work-folder.js';

/** The path prefix of download links: outside `/api`, where the session cookie is never sent. */
export const RUN_FILES_PATH = '/run-files';

/** How long a listed download link works unless told otherwise: 30 minutes. */
export const DEFAULT_RUN_FILE_LINK_LIFETIME_MS = 30 * 60 * 1000;

/** Decides whether `viewer` may see the run `runId`'s files, and where they are. */
export type AuthorizeRun = (
  viewer: Viewer,
  runId: string,
) => Promise<{ readonly workFolder: string } | undefined>;

/** Options of {@link runFileRoutes}. */
export interface RunFileRoutesOptions {
  /** Loads the account a link was listed for, and keeps the links' signing key. */
  readonly database: SkilldockDatabase;
  /** The runs' permission check: undefined when the run does not exist or is not the viewer's to see. */
  readonly authorizeRun: AuthorizeRun;
  readonly linkLifetimeMs?: number;
  readonly now?: () => number;
}

/** A run id in a path; `assertSafeRunId` checks it further before any lookup. */
export const runIdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(128)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const runFileSchema = z
  .object({
    path: z.string().openapi({ example: 'report.html' }),
    size: z.number().int(),
    modifiedAt: z.string(),
    contentType: z.string().openapi({ example: 'text/html; charset=utf-8' }),
    url: z
      .string()
      .openapi({ description: 'The download link, relative to the server; it expires at linksExpireAt.' }),
  })
  .openapi('RunFile');

const runFilesSchema = z
  .object({
    files: z.array(runFileSchema),
    skipped: z.array(
      z.object({
        path: z.string(),
        reason: z.enum(['symbolic_link', 'special_file', 'unsafe_name', 'unreadable_folder']),
      }),
    ),
    truncated: z.boolean(),
    linksExpireAt: z.string(),
  })
  .openapi('RunFiles');

const listRoute = createRoute({
  method: 'get',
  path: '/api/runs/{id}/files',
  operationId: 'listRunFiles',
  tags: ['runs'],
  summary: 'The files a run left in its work folder, each with a short-lived download link',
  request: { params: runIdParamSchema },
  responses: {
    200: { description: 'The files', content: { 'application/json': { schema: runFilesSchema } } },
    400: errorResponseSpec('Not a run id'),
    401: errorResponseSpec('Not logged in'),
    404: errorResponseSpec('No such run for this caller'),
  },
});

const downloadRoute = createRoute({
  method: 'get',
  path: `${RUN_FILES_PATH}/{token}/{path}`,
  operationId: 'downloadRunFile',
  security: PUBLIC_OPERATION,
  tags: ['runs'],
  summary:
    'One run file, authorised by the link token alone (no cookie); HTML is shown under Content-Security-Policy: sandbox, anything else downloads',
  request: {
    params: z.object({
      token: z.string().openapi({ param: { name: 'token', in: 'path' } }),
      path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'report.html' }),
    }),
  },
  responses: {
    200: {
      description: 'The file',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    400: errorResponseSpec('An unsafe path'),
    403: errorResponseSpec(
      'The link is malformed, forged or expired, or its account may no longer see the run',
    ),
    404: errorResponseSpec('No such file in the run'),
  },
});

/**
 * The routes of a run's files (SPEC Y17, SEC5): `GET /api/runs/{id}/files` lists them for a
 * caller `authorizeRun` admits, each with a link `/run-files/<token>/<path>` whose token is an
 * HMAC-signed grant (run, user, expiry); the download checks the token, loads the account again
 * (a disabled account's links stop working) and asks `authorizeRun` again. Downloads live outside
 * `/api`, where the session cookie (path `/api`) is never sent, and every answer is sandboxed
 * (see `runFileHeaders`). Relative links between a run's files (a report's images) keep working,
 * since they share the token segment. Mount with `app.route('/', runFileRoutes(…))`.
 * @example app.route('/', runFileRoutes({ database: db, authorizeRun: (viewer, id) => runs.authorize(viewer, id) }));
 */
export function runFileRoutes({
  database,
  authorizeRun,
  linkLifetimeMs = DEFAULT_RUN_FILE_LINK_LIFETIME_MS,
  now = Date.now,
}: RunFileRoutesOptions): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>();
  let signingKey: Promise<Buffer> | undefined;
  const key = () => {
    signingKey ??= ensureRunFileSigningKey(database).catch((error: unknown) => {
      signingKey = undefined;
      throw error;
    });
    return signingKey;
  };

  app.openapi(listRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const runId = assertSafeRunId(c.req.valid('param').id);
    const run = await authorizeRun(viewer, runId);
    if (run === undefined) throw new HttpError(404, 'not_found', 'No such run');
    const listing = await listRunFiles(run.workFolder);
    const expiresAt = now() + linkLifetimeMs;
    const token = signRunFileGrant(await key(), { runId, userId: viewer.id, expiresAt });
    return c.json(
      {
        files: listing.files.map((file) => ({
          ...file,
          contentType: runFileHeaders(file.path, file.size)['Content-Type']!,
          url: `${RUN_FILES_PATH}/${token}/${file.path.split('/').map(encodeURIComponent).join('/')}`,
        })),
        skipped: [...listing.skipped],
        truncated: listing.truncated,
        linksExpireAt: new Date(Math.floor(expiresAt / 1000) * 1000).toISOString(),
      },
      200,
    );
  });

  app.openapi(restOfUrlRoute(app, downloadRoute), async (c) => {
    const refused = new HttpError(
      403,
      'run_file_link_invalid',
      "This download link is invalid or has expired; list the run's files again for a fresh one.",
    );
    const grant = verifyRunFileGrant(await key(), c.req.param('token') ?? '', now());
    if (grant === undefined) throw refused;
    const viewer = await loadViewer(database, grant.userId);
    const run = viewer === null ? undefined : await authorizeRun(viewer, grant.runId);
    if (run === undefined) throw refused;
    const relativePath = contentPathFromUrl(c, 2);
    const opened = await openRunFile(run.workFolder, relativePath).catch((error: unknown) => {
      if (SkilldockError.isInstance(error) && error.code === 'path_not_found')
        throw new HttpError(404, 'not_found', `The run has no file ${JSON.stringify(relativePath)}`);
      throw error;
    });
    const stream = opened.handle.createReadStream({ autoClose: true });
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, runFileHeaders(relativePath, opened.size));
  });

  return app;
}
