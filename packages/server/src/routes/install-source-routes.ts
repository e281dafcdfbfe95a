import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Viewer } from '../auth/principal.js';
import { contentLayout, prepareUploadDraft } from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requirePrincipal } from '../http/require-viewer.js';
import type { InstallContext } from '../install/install-options.js';
import { readInstallSettings, recommendedSkillSchema } from '../install/install-settings.js';
import { prepareRemoteInstall } from '../install/prepare-remote-install.js';
import { refuseSecretFiles } from '../install/refuse-secret-files.js';
import { searchSkillsDirectory } from '../install/search-skills-directory.js';
import { storePreparedDraft } from '../install/store-prepared-draft.js';
import type { ServerContext } from '../server-context.js';
import { draftJson, draftSchema } from './install-schemas.js';
import { readUploadBody, uploadQuerySchema, uploadRequestBody } from './upload-body.js';

const draftAnswer = {
  description: 'The prepared draft: skills found, what failed apart, diagnostics and warnings',
  content: { 'application/json': { schema: z.object({ draft: draftSchema }) } },
};

const skillNamesSchema = z.array(z.string().min(1).max(128)).min(1).max(100).optional();

const listRecommendedRoute = createRoute({
  method: 'get',
  path: '/api/install/recommended',
  operationId: 'listRecommendedSkills',
  tags: ['install'],
  summary: 'The recommended skills (SPEC Y4; the admins configure the list)',
  responses: {
    200: {
      description: 'The recommended list',
      content: { 'application/json': { schema: z.object({ skills: z.array(recommendedSkillSchema) }) } },
    },
    401: errorResponseSpec('Not logged in'),
  },
});

const searchRoute = createRoute({
  method: 'get',
  path: '/api/install/search',
  operationId: 'searchInstallSources',
  tags: ['install'],
  summary: 'Searches the configured skills directory (the skills.sh search API)',
  request: {
    query: z
      .object({
        q: z.string().trim().min(2).max(200),
        limit: z.coerce.number().int().min(1).max(50).default(10),
      })
      .strict(),
  },
  responses: {
    200: {
      description: 'Hits, most installed first; `installSource` feeds the remote flow',
      content: {
        'application/json': {
          schema: z.object({
            directory: z.string(),
            results: z.array(
              z
                .object({
                  id: z.string(),
                  name: z.string(),
                  source: z.string().nullable(),
                  installs: z.number().int(),
                  installSource: z.string().nullable(),
                })
                .openapi('SkillsDirectoryResult'),
            ),
          }),
        },
      },
    },
    400: errorResponseSpec('Invalid query'),
    401: errorResponseSpec('Not logged in'),
    409: errorResponseSpec('Search is off (no skills directory configured)'),
    502: errorResponseSpec('The skills directory failed'),
  },
});

const uploadRoute = createRoute({
  method: 'post',
  path: '/api/install/drafts/upload',
  operationId: 'createUploadDraft',
  tags: ['install'],
  summary: 'Prepares a draft from an upload: a ZIP (or .tar.gz) of at most 10 MiB, or one SKILL.md',
  description:
    'Send `multipart/form-data` with a `file` field, or the raw bytes as application/zip, ' +
    'application/gzip or application/octet-stream (name it with `?fileName=`). The kind comes ' +
    'from the bytes, never from the name. Archives go through the P3 checks.',
  request: { query: uploadQuerySchema, body: uploadRequestBody },
  responses: {
    201: draftAnswer,
    400: errorResponseSpec('No file'),
    401: errorResponseSpec('Not logged in'),
    413: errorResponseSpec('Over 10 MiB (an archive) or 4 MiB (a SKILL.md)'),
    415: errorResponseSpec('Not multipart, zip, gzip or octet-stream'),
    422: errorResponseSpec(
      'Refused content: traversal, links, a zip bomb, secret files, no skill, not an archive',
    ),
  },
});

const remoteRoute = createRoute({
  method: 'post',
  path: '/api/install/drafts/remote',
  operationId: 'createRemoteDraft',
  tags: ['install'],
  summary: 'Prepares a draft from a remote source through allowed_hosts (SPEC Y4, Y9, P4, P5)',
  description:
    'A GitHub repository (`owner/repo`, `owner/repo@skill`, `…/tree/REF/PATH`), a ModelScope skill ' +
    'or collection URL, any https git URL, or a site with a well-known index. Never a path on the server.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ source: z.string().trim().min(1).max(2048), skills: skillNamesSchema }).strict(),
        },
      },
    },
  },
  responses: {
    201: draftAnswer,
    400: errorResponseSpec('Invalid source, or fetching it failed'),
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec('Refused by allowed_hosts, https-only, or not a remote source'),
    502: errorResponseSpec(
      'The remote (GitHub, ModelScope, a git server, a site) could not be read: its code (`git_fetch_failed`, `download_failed`, …), `details.remote` and `details.host`',
    ),
  },
});

const recommendedDraftRoute = createRoute({
  method: 'post',
  path: '/api/install/drafts/recommended',
  operationId: 'createRecommendedDraft',
  tags: ['install'],
  summary: 'Prepares a draft from an entry of the recommended list (through allowed_hosts)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': { schema: z.object({ id: z.string().min(1).max(64) }).strict() },
      },
    },
  },
  responses: {
    201: draftAnswer,
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec('Refused by allowed_hosts'),
    404: errorResponseSpec('No such recommended entry'),
    502: errorResponseSpec('The remote could not be read (as for a remote draft)'),
  },
});

/** Registers the four ways to prepare a draft (SPEC Y4): recommended, upload, remote, search. */
export function registerInstallSourceRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  install: InstallContext,
): void {
  const { db } = context.database;
  const layout = contentLayout(install.dataDir);

  const prepareRemote = (viewer: Viewer, requestId: string, source: string, skills?: readonly string[]) =>
    prepareRemoteInstall(db, install, {
      viewer,
      requestId,
      source,
      ...(skills === undefined ? {} : { skills }),
    });

  app.openapi(listRecommendedRoute, async (c) => {
    requirePrincipal(c);
    const { recommended } = await readInstallSettings(db);
    return c.json({ skills: [...recommended] }, 200);
  });

  app.openapi(searchRoute, async (c) => {
    requirePrincipal(c);
    const { q, limit } = c.req.valid('query');
    const { skillsDirectoryUrl } = await readInstallSettings(db);
    if (skillsDirectoryUrl === null)
      throw new HttpError(
        409,
        'skills_directory_disabled',
        'Search is off: no skills directory is configured',
      );
    const results = await searchSkillsDirectory(skillsDirectoryUrl, q, {
      limit,
      timeoutMs: install.searchTimeoutMs,
    });
    return c.json({ directory: skillsDirectoryUrl, results }, 200);
  });

  app.openapi(uploadRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const upload = await readUploadBody(c, c.req.valid('query').fileName);
    const draft = await storePreparedDraft(
      db,
      install.dataDir,
      { viewer, requestId: c.get('requestId'), refusedStatus: 422 },
      async () => {
        const draft = await prepareUploadDraft(layout, upload, { now: install.now });
        await refuseSecretFiles(install.dataDir, draft);
        return draft;
      },
    );
    return c.json({ draft: draftJson(draft) }, 201);
  });

  app.openapi(remoteRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { source, skills } = c.req.valid('json');
    const draft = await prepareRemote(viewer, c.get('requestId'), source, skills);
    return c.json({ draft: draftJson(draft) }, 201);
  });

  app.openapi(recommendedDraftRoute, async (c) => {
    const { viewer } = requirePrincipal(c);
    const { id } = c.req.valid('json');
    const entry = (await readInstallSettings(db)).recommended.find((skill) => skill.id === id);
    if (entry === undefined)
      throw new HttpError(404, 'recommended_skill_not_found', 'No such recommended skill', {
        details: { id },
      });
    const draft = await prepareRemote(viewer, c.get('requestId'), entry.source);
    return c.json({ draft: draftJson(draft) }, 201);
  });
}
