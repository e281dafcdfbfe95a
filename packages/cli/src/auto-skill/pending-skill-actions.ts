import path from 'node:path';
import type { PendingAutoSkill } from '@skilldock/agent/learn/auto-skill';
import { loadAgent } from '../agent/load-agent.js';
import type { CuratorScope } from '../curator/curator-scope.js';
import { loadCore } from '../load-core.js';
import { pc } from '../terminal-style.js';

/** What `skills pending` is asked to do. */
export type PendingSkillAction =
  | { readonly kind: 'list' }
  | { readonly kind: 'accept' | 'reject'; readonly name: string };

/** What it did: the list, or the proposal accepted (with its new folder) or rejected. */
export type PendingSkillOutcome =
  | { readonly kind: 'list'; readonly pending: readonly PendingAutoSkill[] }
  | { readonly kind: 'accept'; readonly name: string; readonly directory: string }
  | { readonly kind: 'reject'; readonly name: string };

/**
 * `skills pending [accept|reject NAME]` (SPEC L2): listing always works; accepting or rejecting
 * changes the project, so it needs a trusted workspace outside safe mode.
 */
export async function performPendingSkillAction(
  scope: CuratorScope,
  action: PendingSkillAction,
): Promise<PendingSkillOutcome> {
  const agent = await loadAgent();
  const paths = agent.autoSkillPaths(scope.projectRoot, scope.settings);
  if (action.kind === 'list') return { kind: 'list', pending: await agent.listPendingAutoSkills(paths) };
  const { SkilldockError } = await loadCore('errors');
  if (scope.safeMode || !scope.trusted) {
    throw new SkilldockError(
      scope.safeMode ? 'auto_skill_safe_mode' : 'auto_skill_workspace_untrusted',
      scope.safeMode
        ? `skills pending ${action.kind} changes the project, which safe mode does not allow; run it without --safe-mode.`
        : `skills pending ${action.kind} changes the project, so it needs a trusted workspace; ${scope.projectRoot} is not trusted. Trust it with \`skilldock trust\` (or SKILLDOCK_TRUST=1).`,
      { details: { path: scope.projectRoot } },
    );
  }
  if (action.kind === 'reject') {
    await agent.rejectPendingAutoSkill(paths, action.name);
    return { kind: 'reject', name: action.name };
  }
  return {
    kind: 'accept',
    name: action.name,
    directory: await agent.acceptPendingAutoSkill(paths, action.name),
  };
}

/** The text a person reads for an outcome. */
export function renderPendingSkillOutcome(outcome: PendingSkillOutcome, projectRoot: string): string {
  if (outcome.kind === 'accept')
    return `${pc.green('accepted')} ${pc.cyan(outcome.name)} → ${path.relative(projectRoot, outcome.directory)}`;
  if (outcome.kind === 'reject')
    return `${pc.yellow('rejected')} ${pc.cyan(outcome.name)} (removed from the pending area)`;
  if (outcome.pending.length === 0) return pc.dim('No auto-skill proposals are waiting.');
  return [
    `${pc.bold('Auto-skill proposals waiting for review')} (accept or reject NAME):`,
    ...outcome.pending.map(
      (skill) =>
        `  ${pc.cyan(skill.name)}  ${skill.description.replace(/\s+/g, ' ')}${skill.extractedAt === undefined ? '' : pc.dim(` (extracted ${skill.extractedAt})`)}\n    ${pc.dim(path.relative(projectRoot, path.join(skill.directory, 'SKILL.md')))}`,
    ),
  ].join('\n');
}
