import type { Role } from './roles.js';
import type { TokenScope } from './token-scopes.js';

export { ROLES, type Role } from './roles.js';

/** The account a request acts as, with the departments it belongs to (what the policy needs). */
export interface Viewer {
  readonly id: string;
  readonly username: string;
  readonly role: Role;
  readonly departmentIds: readonly string[];
}

/**
 * Who made a request and how it proved it: a cookie session (with its CSRF token) or an API token.
 * `accessGeneration` is the database's access generation read in the same query (see the
 * `access_generation` table): answers that depend only on who may read what can be cached under it.
 */
export type Principal =
  | {
      readonly via: 'session';
      readonly accessGeneration: string;
      readonly viewer: Viewer;
      readonly sessionIdHash: string;
      readonly csrfToken: string;
    }
  | {
      readonly via: 'token';
      readonly accessGeneration: string;
      readonly viewer: Viewer;
      readonly tokenId: string;
      /** What the token may do (see `TOKEN_SCOPES`); the role still bounds it. */
      readonly scopes: readonly TokenScope[];
      /** When it stops working; null: until revoked. */
      readonly expiresAt: Date | null;
    };
