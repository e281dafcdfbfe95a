import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { SkilldockError } from '@skilldock/core/errors';
import { cancelContentDraft, contentLayout } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import { confirmPersonalInstall, type InstalledSkill } from '../install/confirm-install-draft.js';
import { deleteDraftRow } from '../install/draft-rows.js';
import { withInstallErrorStatus } from '../install/install-error-status.js';
import type { InstallContext } from '../install/install-options.js';
import { prepareRunFolderDraft, resolveRunFolder } from '../install/prepare-run-folder-draft.js';
import { refuseSecretFiles } from '../install/refuse-secret-files.js';
import { storePreparedDraft } from '../install/store-prepared-draft.js';
import { runIdParamSchema } from '../run-tools/run-file-routes.js';
import { assertSafeRunId, runWorkFolder } from '../run-tools/run-work-folder.js';
import { ownRun } from '../runs/authorize-run.js';
import { FINISHED_RUN_STATUSES } from '../runs/run-records.js';
import type { ServerContext } from '../server-context.js';
import { installedSkillSchema } from './install-schemas.js';

const saveAsSkillRoute = createRoute({
  method: 'post',
  path: '/api/runs/{id}/files/save-as-skill',
  operationId: 'saveRunFolderAsSkill',
  tags: ['runs', 'install'],
  summary: "Saves a folder of my run's files (one with a SKILL.md) as a personal skill (issue 24)",
  description:
    'What the skill-creator writes lands in the run’s files; this turns one folder of them into a ' +
    'personal skill in one step. The folder is read inside the run’s work folder without following ' +
    'links, packed like an export and sent through the upload path (the P3 checks, the draft, the ' +
    'personal confirm). `folder` is relative to the run’s files; an empty string is the run folder ' +
    'itself. Only the run’s owner may; an API token needs `skills:write` and `conversations:read`.',
  request: {
    params: runIdParamSchema,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              folder: z.string().max(1024).openapi({ example: 'pdf-helper' }),
            })
            .strict(),
        },
      },
    },
  },
  responses: {
    201: {
      description: 'The personal skill it became',
      content: {
        'application/json': {
          schema: z.object({ installed: installedSkillSchema, warnings: z.array(z.string()) }),
        },
      },
    },
    400: errorResponseSpec('Not a run id, or an unsafe folder path (.., absolute, percent-encoded)'),
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec(
      'A token without skills:write or conversations:read, or a link on the folder’s way',
    ),
    404: errorResponseSpec('No such run of mine, or no such folder in it'),
    409: errorResponseSpec('The run is still working, or I already have a personal skill with this id'),
    422: errorResponseSpec(
      'No SKILL.md at the folder’s root, an invalid SKILL.md (diagnostics with file and line), too many files or bytes, links, special or secret files',
    ),
  },
});

/** Registers "Save as personal skill" for a run's files (issue 24 item 3). */
export function registerSaveRunSkillRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  install: InstallContext,
): void {
  const { db } = context.database;
  const layout = contentLayout(install.dataDir);

  app.openapi(saveAsSkillRoute, async (c) => {
    const principal = requirePrincipal(c);
    const { viewer } = principal;
    // The route's own scope is skills:write (route-scopes.ts); it also reads the run's files.
    if (principal.via === 'token' && !principal.scopes.includes('conversations:read'))
      throw new HttpError(403, 'token_scope_missing', 'This API token lacks the conversations:read scope', {
        details: { scope: 'conversations:read' },
      });
    const runId = assertSafeRunId(c.req.valid('param').id);
    const { folder } = c.req.valid('json');
    const run = await ownRun(db, viewer, runId);
    if (run === undefined) throw new HttpError(404, 'not_found', 'No such run');
    if (!FINISHED_RUN_STATUSES.has(run.status) && run.status !== 'waiting_approval')
      throw new HttpError(
        409,
        'run_active',
        'The run is still working; save its files once it has finished.',
      );
    const requestId = c.get('requestId');
    const found = await withInstallErrorStatus(() =>
      resolveRunFolder(runWorkFolder(install.dataDir, runId), folder),
    );
    const draft = await storePreparedDraft(
      db,
      install.dataDir,
      { viewer, requestId, refusedStatus: 422 },
      async () => {
        const prepared = await prepareRunFolderDraft(layout, found, { now: install.now });
        await refuseSecretFiles(install.dataDir, prepared);
        return prepared;
      },
    );
    const discard = async () => {
      await cancelContentDraft(layout, draft.id);
      await deleteDraftRow(db, draft.id);
    };
    const failure = draft.failed[0];
    if (draft.skills.length !== 1 || failure !== undefined) {
      await discard();
      throw new HttpError(
        422,
        failure?.code ?? 'invalid_skill',
        failure?.message ?? 'The folder does not hold exactly one skill.',
        { details: { diagnostics: failure?.diagnostics ?? [] } },
      );
    }
    let installed: InstalledSkill[];
    try {
      installed = await withInstallErrorStatus(() =>
        confirmPersonalInstall(db, {
          dataDir: install.dataDir,
          viewer,
          draft,
          ids: '*',
          now: install.now(),
          requestId,
        }),
      );
    } catch (error) {
      await discard();
      if (SkilldockError.isInstance(error) && error.code === 'skill_exists') {
        const id = draft.skills[0]!.id;
        throw new HttpError(
          409,
          'skill_exists',
          `You already have a personal skill ${id}. Change the name in the folder’s SKILL.md, or rename or delete your skill ${id}, then save again.`,
          { details: { id } },
        );
      }
      throw error;
    }
    return c.json(
      { installed: installed[0]!, warnings: [...draft.warnings, ...draft.skills[0]!.warnings] },
      201,
    );
  });
}
