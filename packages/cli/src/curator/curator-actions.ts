import type { CuratorRunReport, CuratorStatus } from '@skilldock/agent/curator';
import { loadAgent } from '../agent/load-agent.js';
import { loadCore } from '../load-core.js';
import type { CuratorScope } from './curator-scope.js';

/** One thing `skilldock curator …` or `/curator …` is asked to do. */
export type CuratorAction =
  | { readonly kind: 'status' }
  | { readonly kind: 'run'; readonly dryRun: boolean }
  | { readonly kind: 'pin' | 'unpin' | 'restore'; readonly directory: string };

/** What an action produced: data for `--json`, and the report for people. */
export type CuratorOutcome =
  | { readonly kind: 'status'; readonly status: CuratorStatus }
  | { readonly kind: 'run'; readonly report: CuratorRunReport }
  | {
      readonly kind: 'pin' | 'unpin' | 'restore';
      readonly name: string;
      readonly directory?: string;
      readonly pinned: boolean;
      readonly state: string;
    };

/**
 * Runs a curator action in a scope (SPEC L3). `status` and a dry run always work; a run, pin,
 * unpin and restore change the project, so they need a trusted workspace outside safe mode and
 * throw `curator_workspace_untrusted` / `curator_safe_mode` saying how to get one.
 */
export async function performCuratorAction(
  scope: CuratorScope,
  action: CuratorAction,
): Promise<CuratorOutcome> {
  const agent = await loadAgent();
  const paths = agent.curatorPaths(scope.projectRoot, scope.settings);
  if (action.kind === 'status') return { kind: 'status', status: await agent.readCuratorStatus(paths) };
  if (action.kind === 'run' && action.dryRun)
    return { kind: 'run', report: await agent.runCurator({ paths, dryRun: true }) };
  await requireWritable(scope, action.kind === 'run' ? 'curator run' : `curator ${action.kind}`);
  if (action.kind === 'run') return { kind: 'run', report: await agent.runCurator({ paths }) };
  if (action.kind === 'restore') {
    const restored = await agent.restoreArchivedSkill(action.directory, { paths, cwd: scope.cwd });
    return {
      kind: 'restore',
      name: restored.name,
      directory: restored.directory,
      pinned: restored.record.pinned,
      state: restored.record.state,
    };
  }
  const { name, record } = await agent.pinGeneratedSkill(action.directory, action.kind === 'pin', {
    paths,
    cwd: scope.cwd,
  });
  return { kind: action.kind, name, pinned: record.pinned, state: record.state };
}

async function requireWritable(scope: CuratorScope, command: string): Promise<void> {
  const { SkilldockError } = await loadCore('errors');
  if (scope.safeMode) {
    throw new SkilldockError(
      'curator_safe_mode',
      `${command} changes the project, which safe mode does not allow; run it without --safe-mode (\`curator status\` and \`curator run --dry-run\` work in safe mode).`,
      { details: { path: scope.projectRoot } },
    );
  }
  if (!scope.trusted) {
    throw new SkilldockError(
      'curator_workspace_untrusted',
      `${command} changes the project, so it needs a trusted workspace; ${scope.projectRoot} is not trusted. Trust it with \`skilldock trust\` (or SKILLDOCK_TRUST=1); \`curator status\` and \`curator run --dry-run\` work without trust.`,
      { details: { path: scope.projectRoot } },
    );
  }
}
