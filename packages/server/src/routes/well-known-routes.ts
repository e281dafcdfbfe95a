import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  buildAgentSkillsIndex,
  buildSkillsIndex,
  readAgentSkillsArchive,
  readSkillsIndexFile,
} from '../content/index.js';
import type { AppEnv } from '../http/app-env.js';
import { authenticate } from '../http/authenticate.js';
import { errorResponseSpec } from '../http/error-response.js';
import { OPTIONAL_LOGIN, PUBLIC_OPERATION } from '../http/openapi-security.js';
import { requireRole } from '../http/require-viewer.js';
import { restOfUrlRoute } from '../http/rest-of-url-route.js';
import type { ServerContext } from '../server-context.js';
import { withContentErrors } from '../skill-content/content-http-error.js';
import { contentPathFromUrl } from '../skill-content/content-path-from-url.js';
import { discoverableSkills } from '../skill-content/discoverable-skills.js';
import {
  changeDiscoverySettings,
  discoverySettingsSchema,
  readDiscoverySettings,
} from '../skill-content/discovery-settings.js';
import { hiddenRootsOf, type SkillContentContext } from '../skill-content/skill-content-context.js';

const anyJson = { 'application/json': { schema: z.record(z.string(), z.unknown()) } };
const binary = z.string().openapi({ format: 'binary' });

/** An index route: the same answer shapes for both discovery versions. */
function indexRoute<P extends string>(operationId: string, path: P, version: string, summary: string) {
  return createRoute({
    method: 'get',
    path,
    operationId,
    security: OPTIONAL_LOGIN,
    tags: ['discovery'],
    summary,
    responses: {
      200: { description: `The ${version} index`, content: anyJson },
      401: errorResponseSpec('An invalid or revoked token'),
    },
  });
}

const agentSkillsIndexRoute = indexRoute(
  'getAgentSkillsIndex',
  '/.well-known/agent-skills/index.json',
  'v0.2',
  'Agent Skills discovery v0.2: the skills this caller may read, as archives with sha256 digests',
);

const agentSkillsArchiveRoute = createRoute({
  method: 'get',
  path: '/.well-known/agent-skills/{file}',
  operationId: 'getAgentSkillsArchive',
  security: OPTIONAL_LOGIN,
  tags: ['discovery'],
  summary: 'One archive of the v0.2 index (`<id>.zip`, the bytes its digest names)',
  request: {
    params: z.object({
      file: z
        .string()
        .max(80)
        .openapi({ param: { name: 'file', in: 'path' }, example: 'pdf-tools.zip' }),
    }),
  },
  responses: {
    200: { description: 'The ZIP', content: { 'application/zip': { schema: binary } } },
    404: errorResponseSpec('Not a skill this caller may read'),
  },
});

const skillsIndexRoute = indexRoute(
  'getSkillsIndex',
  '/.well-known/skills/index.json',
  'v0.1',
  'Skills discovery v0.1: the skills this caller may read, each with its file list',
);

const skillsFileRoute = createRoute({
  method: 'get',
  path: '/.well-known/skills/{id}/{path}',
  operationId: 'getDiscoverySkillFile',
  security: OPTIONAL_LOGIN,
  tags: ['discovery'],
  summary: 'One file of a v0.1 skill (the path is the rest of the URL, decoded once)',
  request: {
    params: z.object({
      id: z
        .string()
        .max(64)
        .openapi({ param: { name: 'id', in: 'path' }, example: 'pdf-tools' }),
      path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'SKILL.md' }),
    }),
  },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: binary } } },
    400: errorResponseSpec('An unsafe path'),
    404: errorResponseSpec('Not a skill or file this caller may read'),
  },
});

const settingsAnswer = { 'application/json': { schema: z.object({ discovery: discoverySettingsSchema }) } };

const getDiscoverySettingsRoute = createRoute({
  method: 'get',
  path: '/api/admin/discovery',
  operationId: 'getDiscoverySettings',
  tags: ['admin'],
  summary: 'What the discovery endpoints show a caller without a token (superadmin)',
  responses: {
    200: { description: 'The settings', content: settingsAnswer },
    403: errorResponseSpec('Not the superadmin'),
  },
});

const putDiscoverySettingsRoute = createRoute({
  method: 'put',
  path: '/api/admin/discovery',
  operationId: 'setDiscoverySettings',
  tags: ['admin'],
  summary:
    "Set what an anonymous caller sees: 'none' (default) or 'global' (globally readable skills); audited",
  request: { body: { required: true, content: { 'application/json': { schema: discoverySettingsSchema } } } },
  responses: {
    200: { description: 'The saved settings', content: settingsAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('Not the superadmin, or CSRF'),
  },
});

const tokenLinkRoute = createRoute({
  method: 'get',
  path: '/t/{token}/.well-known/{path}',
  operationId: 'getDiscoveryWithTokenLink',
  security: PUBLIC_OPERATION,
  tags: ['discovery'],
  summary:
    'The discovery endpoints with an API token in the path (`/t/skd_…/.well-known/agent-skills/index.json`), for installers that send no Authorization header; the token needs `skills:read`',
  request: {
    params: z.object({
      token: z
        .string()
        .regex(/^skd_[A-Za-z0-9_-]{1,196}$/)
        .openapi({
          param: { name: 'token', in: 'path' },
          example: 'skd_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
        }),
      path: z.string().openapi({ param: { name: 'path', in: 'path' }, example: 'agent-skills/index.json' }),
    }),
  },
  responses: {
    200: { description: 'What the same path under `/.well-known/` answers this token', content: anyJson },
    401: errorResponseSpec('An invalid, expired or revoked token'),
    403: errorResponseSpec('A token without `skills:read`'),
    404: errorResponseSpec('Not a skill or file this token may read'),
  },
});

/** Per-caller answers: never cached by a proxy, and varying with who asks. */
function privateAnswer(c: Context<AppEnv>): void {
  c.header('Cache-Control', 'private, no-store');
  c.header('Vary', 'Authorization, Cookie');
}

function fileContentType(filePath: string): string {
  return /\.(md|markdown)$/i.test(filePath) ? 'text/markdown; charset=utf-8' : 'application/octet-stream';
}

/**
 * The discovery endpoints (SPEC Y13): `/.well-known/agent-skills/index.json` (v0.2, archives with
 * sha256 digests) and its `<id>.zip` archives, `/.well-known/skills/index.json` (v0.1) and its
 * files — each listing exactly what the caller may read (a bearer token or a session;
 * `discoverableSkills`). Anonymous callers see nothing unless the superadmin opened the globally
 * readable skills to them with `PUT /api/admin/discovery`.
 */
export function registerWellKnownRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  content: SkillContentContext,
): void {
  const { db } = context.database;
  const hiddenRoots = hiddenRootsOf(content);
  app.use(
    '/.well-known/*',
    authenticate(db, { trustProxy: context.trustProxy, principals: context.principals }),
  );
  const readable = (c: Context<AppEnv>) =>
    discoverableSkills(db, content, c.get('principal')?.viewer ?? null, context.logger);

  app.openapi(agentSkillsIndexRoute, async (c) => {
    privateAnswer(c);
    const { index } = await withContentErrors(hiddenRoots, async () =>
      buildAgentSkillsIndex(content.layout, await readable(c)),
    );
    return c.json(index as unknown as Record<string, unknown>, 200);
  });

  app.openapi(agentSkillsArchiveRoute, async (c) => {
    privateAnswer(c);
    const { file } = c.req.valid('param');
    const archive = await withContentErrors(hiddenRoots, async () =>
      readAgentSkillsArchive(content.layout, await readable(c), file),
    );
    return c.body(new Uint8Array(archive.bytes), 200, { 'content-type': 'application/zip' });
  });

  app.openapi(skillsIndexRoute, async (c) => {
    privateAnswer(c);
    const { index } = await withContentErrors(hiddenRoots, async () => buildSkillsIndex(await readable(c)));
    return c.json(index as unknown as Record<string, unknown>, 200);
  });

  app.openapi(restOfUrlRoute(app, skillsFileRoute), async (c) => {
    privateAnswer(c);
    const filePath = contentPathFromUrl(c, 3);
    const { id } = c.req.valid('param');
    const file = await withContentErrors(hiddenRoots, async () =>
      readSkillsIndexFile(await readable(c), id, filePath),
    );
    return c.body(new Uint8Array(file.bytes), 200, { 'content-type': fileContentType(filePath) });
  });

  // A token in the path, for installers that send no headers (the `skills` CLI): the rest of the
  // URL is answered as if the token came as `Authorization: Bearer`, never with the caller's cookie.
  app.openapi(restOfUrlRoute(app, tokenLinkRoute), async (c) => {
    const { token } = c.req.valid('param');
    const url = new URL(c.req.url);
    url.pathname = `/.well-known/${url.pathname.slice(`/t/${token}/.well-known/`.length)}`;
    url.search = '';
    const headers = new Headers({ authorization: `Bearer ${token}` });
    const requestId = c.get('requestId');
    headers.set('x-request-id', requestId);
    const answer = await app.fetch(new Request(url, { method: 'GET', headers }));
    return answer as never;
  });

  app.openapi(getDiscoverySettingsRoute, async (c) => {
    requireRole(c, 'superadmin');
    return c.json({ discovery: await readDiscoverySettings(db) }, 200);
  });

  app.openapi(putDiscoverySettingsRoute, async (c) => {
    const { viewer } = requireRole(c, 'superadmin');
    const value = c.req.valid('json');
    await changeDiscoverySettings(db, { viewer, requestId: c.get('requestId') }, value);
    return c.json({ discovery: value }, 200);
  });
}
