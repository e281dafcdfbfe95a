import { OpenAPIHono } from '@hono/zod-openapi';
import { API_DOCS_PAGE } from './http/api-docs-page.js';
import type { AppEnv } from './http/app-env.js';
import { authenticate } from './http/authenticate.js';
import { bodyLimits } from './http/body-limits.js';
import { errorResponse } from './http/error-response.js';
import { HttpError } from './http/http-error.js';
import { issueField } from './http/issue-field.js';
import { openApiDocument } from './http/openapi-document.js';
import { refuseMalformedText } from './http/refuse-malformed-text.js';
import { requestContext } from './http/request-context.js';
import { registerStaticSite, type StaticSite } from './http/static-files.js';
import type { InstallOptions } from './install/install-options.js';
import { type MetricsAccess, registerMetricsRoutes } from './metrics/metrics-routes.js';
import type { ServerMetrics } from './metrics/server-metrics.js';
import { registerAdminAuditRoutes } from './routes/admin-audit-routes.js';
import { registerAdminBuiltinRoutes } from './routes/admin-builtin-routes.js';
import { registerAdminDepartmentRoutes } from './routes/admin-department-routes.js';
import { registerAdminRunRoutes } from './routes/admin-run-routes.js';
import { registerAdminUserRoutes } from './routes/admin-user-routes.js';
import { registerAgentRoutes } from './routes/agent-routes.js';
import { registerAuthRoutes } from './routes/auth-routes.js';
import { registerBoundSkillRoutes } from './routes/bound-skill-routes.js';
import { registerConversationRoutes } from './routes/conversation-routes.js';
import { registerHealthRoutes } from './routes/health-routes.js';
import { registerInstallRoutes } from './routes/install-routes.js';
import { registerModelProviderRoutes } from './routes/model-provider-routes.js';
import { registerRunLimitRoutes } from './routes/run-limit-routes.js';
import { registerRunRoutes } from './routes/run-routes.js';
import { registerShareConfigRoutes } from './routes/share-config-routes.js';
import { registerSkillDeleteRoutes } from './routes/skill-delete-routes.js';
import { registerSkillEditRoutes } from './routes/skill-edit-routes.js';
import { registerSkillRoutes } from './routes/skill-routes.js';
import { registerTokenRoutes } from './routes/token-routes.js';
import { registerWebFetchSettingsRoutes } from './routes/web-fetch-settings-routes.js';
import { registerWellKnownRoutes } from './routes/well-known-routes.js';
import { type RunFileRoutesOptions, runFileRoutes } from './run-tools/run-file-routes.js';
import { authorizeRunForViewer } from './runs/authorize-run.js';
import type { RunService } from './runs/run-service.js';
import type { ServerContext } from './server-context.js';
import type { SkillContentContext } from './skill-content/skill-content-context.js';

/** Everything the routes use, made by start-up (`createServer`) or by a caller that has them. */
export interface AppDependencies {
  readonly context: ServerContext;
  /** The run queue and this process's event bus (the run routes enqueue and stream through it). */
  readonly runs: RunService;
  /** Where skill content lives: the data folder's layout and the builtin skills' folder. */
  readonly content: SkillContentContext;
  /** The data folder (absolute): packages, drafts, conversations' and runs' files. */
  readonly dataDir: string;
  /** The install flows' clock and remote fetching. */
  readonly install?: InstallOptions;
  /** Who sees which run's files and for how long a link lives (default: the runs table decides, 30 minutes). */
  readonly runFiles?: Partial<Pick<RunFileRoutesOptions, 'authorizeRun' | 'now' | 'linkLifetimeMs'>>;
  /** `GET /metrics` for a scraper with the token (SPEC O3); absent: no such route. */
  readonly metrics?: { readonly metrics: ServerMetrics; readonly access: MetricsAccess };
  /** The built web app served at `/`, read at start-up (`site` undefined: `/` says how to build it). */
  readonly web?: { readonly root: string; readonly site: StaticSite | undefined };
}

/**
 * The platform's HTTP app (SPEC Y1–Y18): middleware, every feature's routes and the OpenAPI
 * document, on the given dependencies. Pure: it opens, migrates, queues and listens to nothing —
 * `createServer` does start-up and then calls this; {@link describeApi} builds it with no database
 * at all to read the document.
 */
export function createApp(deps: AppDependencies): OpenAPIHono<AppEnv> {
  const { context, content, dataDir } = deps;
  const { database, logger } = context;
  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const issues = result.error.issues;
        throw new HttpError(400, 'invalid_request', 'The request is invalid', {
          details: {
            // The first field refused, as `refuseMalformedText` names one (SPEC SEC11).
            field: issueField(issues[0]),
            issues: issues.slice(0, 20).map((issue) => ({
              path: issue.path.map(String).join('.'),
              code: issue.code,
              message: issue.message,
            })),
          },
        });
      }
    },
  });
  app.use('*', requestContext(logger, deps.metrics?.metrics));
  app.use('/api/*', bodyLimits());
  // Every dynamic route; the web app's files stay a plain 404 for any name.
  for (const routes of ['/api/*', '/.well-known/*', '/t/*', '/run-files/*'])
    app.use(routes, refuseMalformedText());
  app.use(
    '/api/*',
    authenticate(database.db, { trustProxy: context.trustProxy, principals: context.principals }),
  );
  app.onError((error, c) => errorResponse(c, error, logger));
  app.notFound((c) => errorResponse(c, new HttpError(404, 'not_found', 'No such route'), logger));
  // Not part of the API document: only a scraper with the token reads it (SPEC O3).
  if (deps.metrics !== undefined) registerMetricsRoutes(app, deps.metrics.metrics, deps.metrics.access);

  registerHealthRoutes(app, context);
  registerAuthRoutes(app, context);
  registerTokenRoutes(app, context);
  registerAdminUserRoutes(app, context);
  registerAdminDepartmentRoutes(app, context);
  registerAdminAuditRoutes(app, context);
  registerAdminBuiltinRoutes(app, context);
  registerSkillRoutes(app, context);
  registerInstallRoutes(app, context, { ...deps.install, dataDir });
  registerWebFetchSettingsRoutes(app, context);
  registerSkillEditRoutes(app, context, content);
  registerSkillDeleteRoutes(app, context, content);
  registerShareConfigRoutes(app, context);
  registerWellKnownRoutes(app, context, content);
  registerAgentRoutes(app, context, content.layout);
  registerBoundSkillRoutes(app, context, content);
  registerModelProviderRoutes(app, context);
  registerConversationRoutes(app, context, { dataDir });
  registerRunRoutes(app, context, deps.runs);
  registerAdminRunRoutes(app, context, deps.runs);
  registerRunLimitRoutes(app, context);
  app.route(
    '/',
    runFileRoutes({
      database: database.db,
      authorizeRun: (viewer, runId) => authorizeRunForViewer(database.db, viewer, runId, dataDir),
      ...deps.runFiles,
    }),
  );

  // Security, servers and the shared error responses are filled in by `openApiDocument` (issue 27).
  // Generated once, on the first request: the routes are fixed by now, and generating takes ~1 s of
  // CPU, which an anonymous client asking again and again must not be able to spend.
  let document: string | undefined;
  app.get('/openapi.json', (c) => {
    document ??= JSON.stringify(openApiDocument(app));
    return c.body(document, 200, { 'Content-Type': 'application/json' });
  });
  app.get('/api/docs', (c) =>
    c.html(API_DOCS_PAGE, 200, {
      'Content-Security-Policy':
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'",
    }),
  );
  // Last: every API route above wins over the web app's catch-all.
  if (deps.web !== undefined) registerStaticSite(app, deps.web.site, deps.web.root);
  return app;
}
