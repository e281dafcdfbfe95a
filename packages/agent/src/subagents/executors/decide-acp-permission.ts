/** One choice an ACP agent offers in `session/request_permission`. */
export interface AcpPermissionOption {
  readonly optionId: string;
  readonly kind: string;
}

/** ACP tool kinds that only look: allowed in every session. */
const READ_ONLY_KINDS: ReadonlySet<string> = new Set(['read', 'search', 'think', 'fetch']);
/** ACP tool kinds that change files: allowed only when the task may edit. */
const EDIT_KINDS: ReadonlySet<string> = new Set(['edit', 'delete', 'move']);

/**
 * The answer to ACP `session/request_permission` for a tool of `toolKind` (SPEC A7, G3): looking
 * is allowed; edits only with `allowEdits`; commands (`execute`), mode switches and unknown kinds
 * are rejected, since nobody can be asked from inside an external task. Picks the agent's
 * once-only option of the matching kind, or cancels: an "always" answer would outlive the task in
 * the agent's own settings.
 */
export function decideAcpPermission(
  toolKind: string | null | undefined,
  options: readonly AcpPermissionOption[],
  allowEdits: boolean,
): { outcome: { outcome: 'selected'; optionId: string } | { outcome: 'cancelled' } } {
  const kind = toolKind ?? 'other';
  const allowed = READ_ONLY_KINDS.has(kind) || (allowEdits && EDIT_KINDS.has(kind));
  const option = options.find((choice) => choice.kind === (allowed ? 'allow_once' : 'reject_once'));
  return option === undefined
    ? { outcome: { outcome: 'cancelled' } }
    : { outcome: { outcome: 'selected', optionId: option.optionId } };
}
