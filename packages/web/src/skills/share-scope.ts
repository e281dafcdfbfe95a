import type { components } from '../api/generated/openapi';

export type ShareScope = components['schemas']['ShareScope'];
export type ShareConfig = components['schemas']['ShareConfig'];
export type ScopeKind = ShareScope['kind'];

/** The departments or users a scope lists (none for a global one). */
export function scopeMembers(scope: ShareScope): readonly string[] {
  return scope.kind === 'departments' ? scope.departmentIds : scope.kind === 'users' ? scope.userIds : [];
}

/** A scope of `kind` listing `members`. */
export function makeScope(kind: ScopeKind, members: readonly string[]): ShareScope {
  if (kind === 'global') return { kind };
  return kind === 'departments' ? { kind, departmentIds: [...members] } : { kind, userIds: [...members] };
}

/** Why a share config breaks the form's rules, as a problem the form names; null when it holds. */
export type ShareProblem =
  | { readonly kind: 'manageKind'; readonly needs: ScopeKind }
  | { readonly kind: 'manageOutside'; readonly count: number }
  | { readonly kind: 'emptyRead' };

/**
 * The server's "manage ⊆ read" rule (SPEC Y3, `shareConfigProblem` in the server): a global read
 * scope allows any manage scope; otherwise the manage scope has the read scope's kind and lists
 * only what the read scope lists. The form also refuses a read scope that lists nobody.
 */
export function shareProblem({ readScope, manageScope }: ShareConfig): ShareProblem | null {
  if (readScope.kind !== 'global' && scopeMembers(readScope).length === 0) return { kind: 'emptyRead' };
  if (readScope.kind === 'global') return null;
  if (manageScope.kind !== readScope.kind) return { kind: 'manageKind', needs: readScope.kind };
  const readable = new Set(scopeMembers(readScope));
  const outside = scopeMembers(manageScope).filter((id) => !readable.has(id)).length;
  return outside === 0 ? null : { kind: 'manageOutside', count: outside };
}
