import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { cancelContentDraft, contentLayout, getContentDraft } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { confirmPersonalInstall, confirmSharedInstall } from '../install/confirm-install-draft.js';
import {
  cancelDraftRow,
  createDraftSweeper,
  deleteDraftRow,
  findDraftRow,
  listDraftRows,
} from '../install/draft-rows.js';
import { withInstallErrorStatus } from '../install/install-error-status.js';
import type { InstallContext } from '../install/install-options.js';
import type { ServerContext } from '../server-context.js';
import {
  confirmDraftSchema,
  draftIdParamSchema,
  draftJson,
  draftSchema,
  installedSkillSchema,
} from './install-schemas.js';

const listDraftsRoute = createRoute({
  method: 'get',
  path: '/api/install/drafts',
  operationId: 'listInstallDrafts',
  tags: ['install'],
  summary: 'My install drafts, newest first (expired ones are swept first)',
  responses: {
    200: {
      description: 'My drafts',
      content: { 'application/json': { schema: z.object({ drafts: z.array(draftSchema) }) } },
    },
    401: errorResponseSpec('Not logged in'),
  },
});

const getDraftRoute = createRoute({
  method: 'get',
  path: '/api/install/drafts/{id}',
  operationId: 'getInstallDraft',
  tags: ['install'],
  summary: 'One of my drafts (another user’s is 404)',
  request: { params: draftIdParamSchema },
  responses: {
    200: {
      description: 'The draft',
      content: { 'application/json': { schema: z.object({ draft: draftSchema }) } },
    },
    400: errorResponseSpec('Not a draft id'),
    404: errorResponseSpec('No such draft of mine, or it expired'),
  },
});

const confirmDraftRoute = createRoute({
  method: 'post',
  path: '/api/install/drafts/{id}/confirm',
  operationId: 'confirmInstallDraft',
  tags: ['install'],
  summary: 'Installs a draft as personal skills (anyone) or as shared skills with their scope (admins)',
  description:
    'Personal: into my workspace; an id I already have is 409 and nothing is written. Shared: ' +
    'package first, then the rows with the read and manage scope given here (manage ⊆ read, else ' +
    '422); a taken id gets `-v2`, `-v3`, …. A failed confirm keeps the draft.',
  request: {
    params: draftIdParamSchema,
    body: { required: true, content: { 'application/json': { schema: confirmDraftSchema } } },
  },
  responses: {
    200: {
      description: 'What was installed',
      content: {
        'application/json': {
          schema: z.object({ installed: z.array(installedSkillSchema), warnings: z.array(z.string()) }),
        },
      },
    },
    400: errorResponseSpec('Invalid request, or ids the draft does not have'),
    403: errorResponseSpec('Shared installs are for admins'),
    404: errorResponseSpec('No such draft of mine, or it expired'),
    409: errorResponseSpec('A personal skill with this id exists'),
    422: errorResponseSpec('Invalid share scope'),
  },
});

const cancelDraftRoute = createRoute({
  method: 'delete',
  path: '/api/install/drafts/{id}',
  operationId: 'cancelInstallDraft',
  tags: ['install'],
  summary: 'Cancels one of my drafts: its staged content goes, nothing is installed',
  request: { params: draftIdParamSchema },
  responses: {
    200: {
      description: 'Cancelled',
      content: { 'application/json': { schema: z.object({ cancelled: z.literal(true) }) } },
    },
    404: errorResponseSpec('No such draft of mine'),
  },
});

/** Registers listing, showing, confirming and cancelling drafts (SPEC P6, Y4, P8). */
export function registerInstallDraftRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  install: InstallContext,
): void {
  const { db } = context.database;
  const layout = contentLayout(install.dataDir);
  const sweepDrafts = createDraftSweeper(db, install.dataDir, install.now);

  app.openapi(listDraftsRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    await sweepDrafts();
    return c.json({ drafts: (await listDraftRows(db, viewer.id, install.now())).map(draftJson) }, 200);
  });

  app.openapi(getDraftRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    await findDraftRow(db, install.dataDir, { id, userId: viewer.id, now: install.now() });
    const draft = await getContentDraft(layout, id);
    if (draft === undefined) {
      // Its staged content is gone (swept elsewhere, or tampered with): so is the draft.
      await deleteDraftRow(db, id);
      throw new HttpError(404, 'draft_not_found', 'No such install draft');
    }
    return c.json({ draft: draftJson(draft) }, 200);
  });

  app.openapi(confirmDraftRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    if (body.target === 'shared' && viewer.role !== 'superadmin' && viewer.role !== 'admin')
      throw new HttpError(403, 'forbidden', 'Only admins install shared skills; install it as personal');
    const now = install.now();
    const row = await findDraftRow(db, install.dataDir, { id, userId: viewer.id, now });
    const request = {
      dataDir: install.dataDir,
      viewer,
      draft: row.draft,
      ids: body.ids ?? ('*' as const),
      now,
      requestId: c.get('requestId'),
    };
    const answer = await withInstallErrorStatus(async () =>
      body.target === 'personal'
        ? { installed: await confirmPersonalInstall(db, request), warnings: [] as readonly string[] }
        : await confirmSharedInstall(db, request, {
            readScope: body.readScope,
            manageScope: body.manageScope,
          }),
    );
    return c.json({ installed: answer.installed, warnings: [...answer.warnings] }, 200);
  });

  app.openapi(cancelDraftRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('param');
    const row = await findDraftRow(db, install.dataDir, { id, userId: viewer.id, now: install.now() });
    await cancelContentDraft(layout, id);
    await cancelDraftRow(db, { viewer, requestId: c.get('requestId') }, row);
    return c.json({ cancelled: true as const }, 200);
  });
}
