import { getConnInfo } from '@hono/node-server/conninfo';
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { recordAudit } from '../audit/record-audit.js';
import { changeOwnPassword } from '../auth/change-password.js';
import { hashPassword, unmatchablePasswordHash, verifyPassword } from '../auth/hash-password.js';
import { beginLoginAttempt, settleLoginAttempt } from '../auth/login-rate-limit.js';
import { passwordChangeRequired } from '../auth/password-change-required.js';
import type { Principal } from '../auth/principal.js';
import { createSession, deleteSession, SESSION_LIFETIME_MS } from '../auth/sessions.js';
import type { AppEnv } from '../http/app-env.js';
import { publicOrigin, SESSION_COOKIE, SESSION_COOKIE_PATH } from '../http/authenticate.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { PUBLIC_OPERATION, SESSION_ONLY_WRITE, securityFor } from '../http/openapi-security.js';
import { requirePrincipal, requireSession } from '../http/require-viewer.js';
import type { ServerContext } from '../server-context.js';
import {
  accountPasswordHash,
  findLoginAccount,
  loadAccount,
  withDepartments,
} from '../users/account-records.js';
import { newPasswordSchema, userSchema } from './schemas.js';
import { userToJson } from './user-json.js';

/** The client's address for rate limits: the socket's peer, or the proxy's `X-Forwarded-For` when trusted. */
function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded !== undefined && forwarded !== '' && forwarded.length <= 64) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // in-process requests (app.request) have no socket
  }
}

const meSchema = z
  .object({
    user: userSchema,
    via: z.enum(['session', 'token']),
    csrfToken: z.string().nullable(),
    passwordChangeRequired: z.boolean().openapi({
      description:
        'Signed in with the one-time password of the first start, or with a password an admin set (created or reset): choose a new one',
    }),
  })
  .openapi('Me');

const loginRoute = createRoute({
  method: 'post',
  path: '/api/auth/login',
  operationId: 'logIn',
  security: PUBLIC_OPERATION,
  tags: ['auth'],
  summary: 'Log in with a username and password; sets the session cookie',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ username: z.string().min(1).max(64), password: z.string().min(1).max(1024) })
            .strict(),
        },
      },
    },
  },
  responses: {
    200: { description: 'Logged in', content: { 'application/json': { schema: meSchema } } },
    400: errorResponseSpec('Invalid request'),
    401: errorResponseSpec('Wrong username or password'),
    429: errorResponseSpec(
      'Too many failed attempts for this account from this address (a doubling backoff; `Retry-After` says how long), or from this address across accounts. A source that has not failed for the account always gets its try',
    ),
  },
});

const logoutRoute = createRoute({
  method: 'post',
  path: '/api/auth/logout',
  operationId: 'logOut',
  tags: ['auth'],
  summary: 'End the current session',
  responses: { 204: { description: 'Logged out' }, 403: errorResponseSpec('CSRF token missing') },
});

const meRoute = createRoute({
  method: 'get',
  path: '/api/auth/me',
  operationId: 'getCurrentUser',
  tags: ['auth'],
  summary: 'Who am I (and the CSRF token of my session)',
  responses: {
    200: { description: 'The caller', content: { 'application/json': { schema: meSchema } } },
    401: errorResponseSpec('Not logged in'),
  },
});

const sessionSchema = z
  .object({
    session: meSchema.nullable().openapi({ description: 'Who is signed in, or null for nobody' }),
  })
  .openapi('Session');

/**
 * The web app's session probe: the same answer as `GET /api/auth/me`, but 200 with `session: null`
 * for a visitor who is not signed in, so opening the sign-in page logs no refused request (W6).
 */
const sessionRoute = createRoute({
  method: 'get',
  path: '/api/auth/session',
  operationId: 'getSession',
  tags: ['auth'],
  summary: 'Who is signed in, if anyone (never 401)',
  // Anyone; a session, or any valid token (its own account), says who.
  security: [{}, ...securityFor('account', 'get')],
  responses: {
    200: { description: 'The caller, or null', content: { 'application/json': { schema: sessionSchema } } },
  },
});

const passwordRoute = createRoute({
  method: 'post',
  path: '/api/auth/password',
  operationId: 'changePassword',
  security: SESSION_ONLY_WRITE,
  tags: ['auth'],
  summary: 'Change my password; ends my other sessions and revokes my API tokens',
  description:
    'A new password ends every other login session of the account (this one stays) and revokes all its API tokens, in the same commit: whoever learnt the old password may have made a token with it. `GET /api/auth/tokens` lists them as revoked; make new ones afterwards. An admin resetting the password (`PATCH /api/admin/users/{id}`) ends all sessions and revokes the tokens the same way.',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ currentPassword: z.string().min(1).max(1024), newPassword: newPasswordSchema })
            .strict(),
        },
      },
    },
  },
  responses: {
    204: { description: 'Changed; other sessions ended, API tokens revoked' },
    400: errorResponseSpec('Invalid request'),
    401: errorResponseSpec('Not logged in'),
    403: errorResponseSpec('Wrong current password, or not a session'),
  },
});

/** Registers `/api/auth/login|logout|me|password` (SPEC Y1). */
export function registerAuthRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;
  const unmatchable = unmatchablePasswordHash(context.passwordHashCost);

  app.openapi(loginRoute, async (c) => {
    const { username, password } = c.req.valid('json');
    const account = username.trim().toLowerCase();
    const attempt = await beginLoginAttempt(
      db,
      { account, address: clientAddress(c, context.trustProxy) },
      context.loginRateLimit,
    );
    if (!attempt.allowed) {
      throw new HttpError(429, 'rate_limited', 'Too many failed logins from here; try again later', {
        details: { retryAfterSeconds: attempt.retryAfterSeconds },
      });
    }
    const user = await findLoginAccount(db, account);
    // Unknown and disabled accounts take as long and answer the same as a wrong password.
    const matches = await verifyPassword(password, user?.passwordHash ?? unmatchable);
    if (user === undefined || user.disabled || !matches) {
      await settleLoginAttempt(db, attempt.attemptId, false);
      throw new HttpError(401, 'invalid_credentials', 'Wrong username or password');
    }
    await settleLoginAttempt(db, attempt.attemptId, true);
    const session = await createSession(db, user.id);
    setCookie(c, SESSION_COOKIE, session.secret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: SESSION_COOKIE_PATH,
      secure:
        context.secureCookies === 'auto'
          ? publicOrigin(c, context.trustProxy).protocol === 'https:'
          : context.secureCookies,
      maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
    });
    await recordAudit(db, {
      actor: { id: user.id, username: user.username },
      action: 'session.created',
      targetType: 'user',
      targetId: user.id,
      requestId: c.get('requestId'),
    });
    const [withTheirDepartments] = await withDepartments(db, [user]);
    return c.json(
      {
        user: userToJson(withTheirDepartments!),
        via: 'session' as const,
        csrfToken: session.csrfToken,
        passwordChangeRequired: await passwordChangeRequired(db, user.id),
      },
      200,
    );
  });

  app.openapi(logoutRoute, async (c) => {
    const principal = c.get('principal');
    if (principal?.via === 'session') {
      await deleteSession(db, principal.sessionIdHash);
      await recordAudit(db, {
        actor: principal.viewer,
        action: 'session.deleted',
        targetType: 'user',
        targetId: principal.viewer.id,
        requestId: c.get('requestId'),
      });
    }
    deleteCookie(c, SESSION_COOKIE, { path: SESSION_COOKIE_PATH });
    return c.body(null, 204);
  });

  /** The account behind `principal` as `Me`, or undefined when it is gone. */
  const meOf = async (principal: Principal) => {
    const account = await loadAccount(db, principal.viewer.id);
    if (account === undefined) return undefined;
    const json = userToJson(account);
    return {
      user: json,
      via: principal.via,
      csrfToken: principal.via === 'session' ? principal.csrfToken : null,
      passwordChangeRequired: await passwordChangeRequired(db, json.id),
    };
  };

  app.openapi(meRoute, async (c) => {
    const me = await meOf(requirePrincipal(c));
    if (me === undefined) throw new HttpError(401, 'unauthenticated', 'Log in or send an API token');
    return c.json(me, 200);
  });

  app.openapi(sessionRoute, async (c) => {
    const principal = c.get('principal');
    return c.json({ session: principal === null ? null : ((await meOf(principal)) ?? null) }, 200);
  });

  app.openapi(passwordRoute, async (c) => {
    const principal = requireSession(c);
    const { currentPassword, newPassword } = c.req.valid('json');
    const currentHash = await accountPasswordHash(db, principal.viewer.id);
    if (currentHash === undefined || !(await verifyPassword(currentPassword, currentHash))) {
      throw new HttpError(403, 'invalid_credentials', 'The current password is wrong');
    }
    const passwordHash = await hashPassword(newPassword, context.passwordHashCost);
    await changeOwnPassword(
      db,
      { viewer: principal.viewer, requestId: c.get('requestId') },
      passwordHash,
      principal.sessionIdHash,
    );
    return c.body(null, 204);
  });
}
