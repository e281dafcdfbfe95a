import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { UserInputError } from '@skilldock/core/errors';
import type { AppEnv } from './app-env.js';

/**
 * A route whose last parameter, `{path}`, is the rest of the URL (a file path of several
 * segments). The OpenAPI document gets the route as written (`…/files/{path}`); the router gets
 * Hono's `{path{.+}}` form, hidden from the document. Read the path with `contentPathFromUrl`,
 * never from the decoded parameter.
 * @example app.openapi(restOfUrlRoute(app, createRoute({ path: '/x/{id}/files/{path}', … })), handler);
 */
export function restOfUrlRoute<R extends RouteConfig>(app: OpenAPIHono<AppEnv>, route: R): R {
  if (!route.path.endsWith('/{path}'))
    throw new UserInputError('route_path_invalid', `${route.path} does not end in /{path}`);
  app.openAPIRegistry.registerPath(route);
  return { ...route, path: `${route.path.slice(0, -'{path}'.length)}{path{.+}}`, hide: true };
}
