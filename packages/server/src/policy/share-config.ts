import { z } from '@hono/zod-openapi';

/** A read or manage scope (SPEC Y3): everyone, listed departments, or listed users. */
export type ShareScope =
  | { readonly kind: 'global' }
  | { readonly kind: 'departments'; readonly departmentIds: readonly string[] }
  | { readonly kind: 'users'; readonly userIds: readonly string[] };

/** Who may read a skill and who may manage it (SPEC Y3); the manage scope never exceeds the read scope. */
export interface ShareConfig {
  readonly readScope: ShareScope;
  readonly manageScope: ShareScope;
}

const ids = z.array(z.string().uuid()).max(1000);

/** The request schema of a {@link ShareScope}. */
export const shareScopeSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('global') }).strict(),
    z.object({ kind: z.literal('departments'), departmentIds: ids }).strict(),
    z.object({ kind: z.literal('users'), userIds: ids }).strict(),
  ])
  .openapi('ShareScope');

/** The request schema of a {@link ShareConfig} (the subset rule is checked by {@link shareConfigProblem}). */
export const shareConfigSchema = z
  .object({ readScope: shareScopeSchema, manageScope: shareScopeSchema })
  .strict()
  .openapi('ShareConfig');

function members(scope: ShareScope): readonly string[] {
  return scope.kind === 'departments' ? scope.departmentIds : scope.kind === 'users' ? scope.userIds : [];
}

/**
 * Why a share config breaks "manage ⊆ read" (SPEC Y3), or null when it holds. A global read scope
 * allows any manage scope; otherwise the manage scope must be of the same kind and list only
 * departments or users the read scope lists (the same-kind subset rule).
 * @example shareConfigProblem({ readScope: { kind: 'users', userIds: [a] }, manageScope: { kind: 'global' } })
 * // 'a global manage scope needs a global read scope'
 */
export function shareConfigProblem(config: ShareConfig): string | null {
  const { readScope, manageScope } = config;
  if (readScope.kind === 'global') return null;
  if (manageScope.kind !== readScope.kind) {
    return `a ${manageScope.kind} manage scope needs a ${manageScope.kind === 'global' ? 'global' : `global or ${manageScope.kind}`} read scope`;
  }
  const readable = new Set(members(readScope));
  const outside = members(manageScope).filter((id) => !readable.has(id));
  return outside.length === 0
    ? null
    : `the manage scope lists ${outside.length} ${manageScope.kind} outside the read scope`;
}

function plainScope(scope: ShareScope): z.infer<typeof shareScopeSchema> {
  if (scope.kind === 'departments') return { kind: scope.kind, departmentIds: [...scope.departmentIds] };
  if (scope.kind === 'users') return { kind: scope.kind, userIds: [...scope.userIds] };
  return { kind: scope.kind };
}

/** A share config as the API answers it and the audit log records it: its two scopes, plain arrays. */
export function plainShareConfig(config: ShareConfig): z.infer<typeof shareConfigSchema> {
  return { readScope: plainScope(config.readScope), manageScope: plainScope(config.manageScope) };
}
