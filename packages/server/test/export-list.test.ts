import * as server from '@skilldock/server';
import { describe, expect, it } from 'vitest';

/**
 * The value exports of `@skilldock/server`, pinned like the other packages' (issue 9 §5): adding
 * or removing a public name shows up in review as a change to this list.
 */
describe('export list', () => {
  it('I1 @skilldock/server exports exactly its pinned list of values', () => {
    expect(Object.keys(server).sort()).toMatchInlineSnapshot(`
      [
        "API_TOKEN_PREFIX",
        "AdvisoryLockKey",
        "CSRF_HEADER",
        "DEFAULT_BUILTIN_DIRECTORY",
        "DEFAULT_LOGIN_RATE_LIMIT",
        "DEFAULT_SCRYPT_COST",
        "FIRST_SUPERADMIN_USERNAME",
        "HttpError",
        "JSON_BODY_LIMIT",
        "ROLES",
        "SESSION_COOKIE",
        "SKILL_ACTIONS",
        "UPLOAD_BODY_LIMIT",
        "canOnSkill",
        "createApiToken",
        "createJsonLogger",
        "createServer",
        "defaultDataDirectory",
        "ensureSuperadmin",
        "errorBodySchema",
        "errorResponseSpec",
        "hashPassword",
        "listReadableSkills",
        "loadSkillAccess",
        "loadViewer",
        "openDatabase",
        "recordAudit",
        "requirePrincipal",
        "requireRole",
        "requireSession",
        "resolveAgentSkills",
        "runMigrations",
        "schema",
        "scopeIncludes",
        "shareConfigProblem",
        "shareConfigSchema",
        "shareScopeSchema",
        "silentLogger",
        "syncBuiltinSkills",
        "verifyPassword",
        "writeShareConfig",
      ]
    `);
  });
});
