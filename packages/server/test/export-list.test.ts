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
        "AGENT_ACTIONS",
        "API_TOKEN_PREFIX",
        "ASSISTANT_AGENT_KEY",
        "AdvisoryLockKey",
        "CSRF_HEADER",
        "DEFAULT_BUILTIN_DIRECTORY",
        "DEFAULT_LOGIN_RATE_LIMIT",
        "DEFAULT_SCRYPT_COST",
        "FIRST_SUPERADMIN_USERNAME",
        "HttpError",
        "JSON_BODY_LIMIT",
        "MAX_SYSTEM_PROMPT_LENGTH",
        "MINIMUM_SECRET_KEY_LENGTH",
        "ROLES",
        "SESSION_COOKIE",
        "SKILL_ACTIONS",
        "UPLOAD_BODY_LIMIT",
        "batchLines",
        "canOnAgent",
        "canOnSkill",
        "createApiToken",
        "createJsonLogger",
        "createSecretBox",
        "createServer",
        "defaultDataDirectory",
        "ensureBuiltinAgents",
        "ensureSuperadmin",
        "ensureUserProjection",
        "errorBodySchema",
        "errorResponseSpec",
        "hashPassword",
        "listReadableSkills",
        "loadSkillAccess",
        "loadViewer",
        "openDatabase",
        "providerApiKey",
        "providerKeyContext",
        "recordAudit",
        "removeUserProjection",
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
        "userProjectionPaths",
        "verifyPassword",
        "writeShareConfig",
      ]
    `);
  });
});
