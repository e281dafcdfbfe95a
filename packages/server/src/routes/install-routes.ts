import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/app-env.js';
import { type InstallContext, type InstallOptions, installContextOf } from '../install/install-options.js';
import type { ServerContext } from '../server-context.js';
import { registerInstallDraftRoutes } from './install-draft-routes.js';
import { registerInstallSettingsRoutes } from './install-settings-routes.js';
import { registerInstallSourceRoutes } from './install-source-routes.js';
import { registerPersonalSkillRoutes } from './personal-skill-routes.js';
import { registerSaveRunSkillRoutes } from './save-run-skill-routes.js';

/**
 * Registers the install flows (issue 12 §4, SPEC Y4, Y9, P6): preparing drafts from the four
 * sources, the drafts themselves, the caller's personal skills (and a run's folder saved as one) and the admins' install settings.
 */
export function registerInstallRoutes(
  app: OpenAPIHono<AppEnv>,
  context: ServerContext,
  options: InstallOptions & { readonly dataDir: string },
): void {
  const install: InstallContext = installContextOf(options, options.dataDir);
  registerInstallSourceRoutes(app, context, install);
  registerInstallDraftRoutes(app, context, install);
  registerPersonalSkillRoutes(app, context, install);
  registerSaveRunSkillRoutes(app, context, install);
  registerInstallSettingsRoutes(app, context);
}
