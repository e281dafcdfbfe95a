import { z } from '@hono/zod-openapi';
import { ROLES } from '../auth/principal.js';
import { TOKEN_SCOPES } from '../auth/token-scopes.js';

/** A path parameter holding a UUID (users, departments, tokens); anything else is a 400, never a lookup. */
export const uuidParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b6c1b2e-8a4f-4a59-9b5e-2f1b8f1d0a7c' }),
});

/** Usernames: lowercase letters, digits, `.`, `_`, `-`, starting with a letter or digit, at most 64. */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'lowercase letters, digits, ".", "_" and "-", at most 64');

/** A new password: 10 to 1024 characters. */
export const newPasswordSchema = z.string().min(10).max(1024);

/** An account as the API shows it (never its password hash). */
export const userSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    departmentIds: z.array(z.string()),
    createdAt: z.string(),
  })
  .openapi('User');

/** A department. */
export const departmentSchema = z
  .object({ id: z.string(), name: z.string(), memberCount: z.number().int(), createdAt: z.string() })
  .openapi('Department');

/** One API token scope (issue 24; `TOKEN_SCOPES`). */
export const tokenScopeSchema = z.enum(TOKEN_SCOPES).openapi('TokenScope');

/** An API token as listed (never the token itself). */
export const apiTokenSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    scopes: z.array(tokenScopeSchema),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    /** When it stops working; null: until revoked. */
    expiresAt: z.string().nullable(),
  })
  .openapi('ApiToken');

/** A display name or department name: 1–100 characters after trimming, no control characters. */
export const labelSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\u0000-\u001f\u007f]*$/, 'no control characters');
