import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { requireRole } from '../http/require-viewer.js';
import {
  allowedHostsSchema,
  changeInstallSetting,
  InstallSettingKey,
  type InstallSettings,
  normalizeAllowedHosts,
  normalizeSkillsDirectoryUrl,
  readInstallSettings,
  recommendedListSchema,
  recommendedSkillSchema,
  skillsDirectoryUrlSchema,
} from '../install/install-settings.js';
import type { ServerContext } from '../server-context.js';

const installSettingsSchema = z
  .object({
    allowedHosts: z.array(z.string()),
    recommended: z.array(recommendedSkillSchema),
    skillsDirectoryUrl: z.string().nullable(),
  })
  .openapi('InstallSettings');

const settingsAnswer = {
  description: 'The install settings after the change',
  content: { 'application/json': { schema: z.object({ settings: installSettingsSchema }) } },
};

const adminErrors = {
  400: errorResponseSpec('Invalid value'),
  401: errorResponseSpec('Not logged in'),
  403: errorResponseSpec('Not an admin'),
};

const getSettingsRoute = createRoute({
  method: 'get',
  path: '/api/admin/settings/install',
  operationId: 'getInstallSettings',
  tags: ['admin'],
  summary: 'The install settings: allowed_hosts (SPEC Y9), the recommended list, the skills directory',
  responses: { 200: { ...settingsAnswer, description: 'The install settings' }, ...adminErrors },
});

function putRoute<T extends z.ZodType>(operationId: string, path: string, summary: string, schema: T) {
  return createRoute({
    method: 'put',
    path,
    operationId,
    tags: ['admin'],
    summary,
    request: { body: { required: true, content: { 'application/json': { schema } } } },
    responses: { 200: settingsAnswer, ...adminErrors },
  });
}

const putAllowedHostsRoute = putRoute(
  'setAllowedHosts',
  '/api/admin/settings/install/allowed-hosts',
  'Sets allowed_hosts: the exact hosts remote installs may reach (an empty list turns remote install off)',
  z.object({ allowedHosts: allowedHostsSchema }).strict(),
);
const putRecommendedRoute = putRoute(
  'setRecommendedSkills',
  '/api/admin/settings/install/recommended',
  'Sets the recommended list',
  z.object({ skills: recommendedListSchema }).strict(),
);
const putSkillsDirectoryRoute = putRoute(
  'setSkillsDirectory',
  '/api/admin/settings/install/skills-directory',
  'Sets the skills-directory base URL searched (null turns search off)',
  z.object({ baseUrl: skillsDirectoryUrlSchema }).strict(),
);

function json(settings: InstallSettings) {
  return {
    allowedHosts: [...settings.allowedHosts],
    recommended: [...settings.recommended],
    skillsDirectoryUrl: settings.skillsDirectoryUrl,
  };
}

/**
 * Registers the admins' install settings (SPEC Y4, Y9): stored in the `settings` table, so every
 * process reads the same; each change is audited (`settings.changed`, with before and after).
 */
export function registerInstallSettingsRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;

  async function change(
    c: Parameters<Parameters<typeof app.openapi>[1]>[0],
    key: (typeof InstallSettingKey)[keyof typeof InstallSettingKey],
    field: keyof InstallSettings,
    value: Record<string, unknown>,
    after: unknown,
  ) {
    const { viewer } = requireRole(c, 'superadmin', 'admin');
    return json(
      await changeInstallSetting(db, { viewer, requestId: c.get('requestId') }, { key, field, value, after }),
    );
  }

  app.openapi(getSettingsRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    return c.json({ settings: json(await readInstallSettings(db)) }, 200);
  });

  app.openapi(putAllowedHostsRoute, async (c) => {
    const allowedHosts = normalizeAllowedHosts(c.req.valid('json').allowedHosts);
    const settings = await change(
      c,
      InstallSettingKey.allowedHosts,
      'allowedHosts',
      { allowedHosts },
      allowedHosts,
    );
    return c.json({ settings }, 200);
  });

  app.openapi(putRecommendedRoute, async (c) => {
    const { skills } = c.req.valid('json');
    const settings = await change(
      c,
      InstallSettingKey.recommended,
      'recommended',
      { skills },
      skills.map((skill) => skill.id),
    );
    return c.json({ settings }, 200);
  });

  app.openapi(putSkillsDirectoryRoute, async (c) => {
    const { baseUrl } = c.req.valid('json');
    const normalized = baseUrl === null ? null : normalizeSkillsDirectoryUrl(baseUrl);
    const settings = await change(
      c,
      InstallSettingKey.skillsDirectory,
      'skillsDirectoryUrl',
      { baseUrl: normalized },
      normalized,
    );
    return c.json({ settings }, 200);
  });
}
