import type { Viewer } from '../auth/principal.js';
import type { ShareScope } from './share-config.js';
import { scopeIncludes } from './skill-access.js';

/** What the policy needs to know about an agent (its row and scope members). */
export interface AgentAccessFacts {
  /** A built-in agent (the default `assistant`): the superadmin maintains it, nobody deletes it. */
  readonly builtin: boolean;
  readonly ownerId: string | null;
  readonly readScope: ShareScope;
  readonly manageScope: ShareScope;
}

/** Things one can do to an agent: `read` (see, run), `edit` (its configuration), `share` (its scopes), `delete`. */
export type AgentAction = 'read' | 'edit' | 'share' | 'delete';

/** Every {@link AgentAction}, for tables that must cover them all. */
export const AGENT_ACTIONS: readonly AgentAction[] = ['read', 'edit', 'share', 'delete'];

/** Y3 for agents: an admin manages an agent whose read *and* manage scopes both include it. */
function inBothScopes(viewer: Viewer, agent: AgentAccessFacts): boolean {
  return scopeIncludes(agent.readScope, viewer) && scopeIncludes(agent.manageScope, viewer);
}

/**
 * The one permission decision for agents (SPEC Y3, Y8), asked by every agent route; the agent twin
 * of `canOnSkill`. Configuring an agent never widens a user's access, since a run resolves its
 * skills for the caller (`resolveAgentSkills`); this decides who sees and changes the agent itself.
 * - superadmin: everything, on every agent; a built-in agent is never deleted.
 * - built-in agents: read by those in their read scope; only the superadmin edits or shares them.
 * - admin: reads its own agents and those in its read scope; edits, shares and deletes its own and
 *   those whose read and manage scopes both include it.
 * - user: reads its own agents and those in its read scope; edits and deletes only its own and
 *   shares none (a user's agents are private, like its personal skills).
 * @example canOnAgent(viewer, 'share', facts) // false for every user
 */
export function canOnAgent(viewer: Viewer, action: AgentAction, agent: AgentAccessFacts): boolean {
  if (viewer.role === 'superadmin') return !(agent.builtin && action === 'delete');
  if (agent.builtin) return action === 'read' && scopeIncludes(agent.readScope, viewer);
  const owns = agent.ownerId === viewer.id;
  const adminManages = viewer.role === 'admin' && (owns || inBothScopes(viewer, agent));
  if (action === 'read') return owns || scopeIncludes(agent.readScope, viewer) || adminManages;
  if (action === 'share') return adminManages;
  return owns || adminManages;
}
