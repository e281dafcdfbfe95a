import { cancelDraft } from './cancel-draft.js';
import { type ConfirmInstallOptions, type ConfirmInstallResult, confirmInstall } from './confirm-install.js';
import type { InstallDraft, ResolvedSource } from './install-draft.js';
import { type PrepareInstallOptions, prepareInstall } from './prepare-install.js';

/** The long steps of {@link installFromSource}, for a caller that shows progress. */
export type InstallFlowStep = 'prepare' | 'confirm';

/** Options of {@link installFromSource}. */
export interface InstallFromSourceOptions {
  /** How the source is fetched and staged: `prepareInstall`'s options. */
  readonly prepare: PrepareInstallOptions;
  /**
   * Sees the prepared draft before anything is chosen (show it, list it, refuse an empty one by
   * throwing); `'stop'` ends the flow with nothing written (a listing). Default: go on.
   */
  readonly review?: (draft: InstallDraft) => 'continue' | 'stop' | Promise<'continue' | 'stop'>;
  /**
   * Chooses what to install: skill ids of the draft, `'*'` for every skill that prepared, or
   * `undefined` to stop with nothing written (a cancelled prompt).
   */
  readonly select: (draft: InstallDraft) => Promise<readonly string[] | '*' | undefined>;
  /** Where and how the chosen skills go: `confirmInstall`'s options but the ids. */
  readonly confirm: Omit<ConfirmInstallOptions, 'ids'>;
  /** Runs each long step, e.g. under a spinner; default: runs it as it is. */
  readonly run?: <T>(
    step: InstallFlowStep,
    work: () => Promise<T>,
    detail: { readonly count?: number },
  ) => Promise<T>;
}

/** What {@link installFromSource} did. */
export type InstallFromSourceResult =
  | { readonly status: 'installed'; readonly draft: InstallDraft; readonly result: ConfirmInstallResult }
  /** `review` or `select` stopped it; nothing was written. */
  | { readonly status: 'stopped'; readonly draft: InstallDraft };

/**
 * The install flow of SPEC P6–P8 in one call: prepare a draft from `source`, let the caller review
 * it and choose skills (a prompt, a `--skill` list), then confirm the chosen ones into their
 * targets. The draft is removed whatever happens — installed, stopped, or a failure anywhere —
 * so nothing staged outlives the call. The returned draft is for reporting only.
 * @throws whatever `prepareInstall`, the callbacks and `confirmInstall` throw.
 * @example
 * const outcome = await installFromSource(resolveSource('owner/repo', policy), {
 *   prepare: { cwd, stagingParent, ...policy },
 *   select: async () => '*',
 *   confirm: { scope: 'project', mode: 'symlink', projectRoot, home },
 * });
 */
export async function installFromSource(
  source: ResolvedSource,
  { prepare, review, select, confirm, run = (_step, work) => work() }: InstallFromSourceOptions,
): Promise<InstallFromSourceResult> {
  const draft = await run('prepare', () => prepareInstall(source, prepare), {});
  try {
    if ((await review?.(draft)) === 'stop') return { status: 'stopped', draft };
    const ids = await select(draft);
    if (ids === undefined) return { status: 'stopped', draft };
    const count = ids === '*' ? draft.skills.length : ids.length;
    const result = await run('confirm', () => confirmInstall(draft, { ...confirm, ids }), { count });
    return { status: 'installed', draft, result };
  } finally {
    await cancelDraft(draft);
  }
}
