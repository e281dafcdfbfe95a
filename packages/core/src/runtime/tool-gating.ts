import type { CatalogSnapshot } from '../catalog/types.js';
import type { Skill } from '../format/types.js';
import { dependencyToolPermission } from './dependency-tool-gate.js';
import type { SessionMode, ToolDeclaration, ToolPermission } from './types.js';

/** What {@link hostToolPermission} decides from: the session's tools, catalog and active skills. */
export interface ToolGatingState {
  /** The session's own declarations (`activate_skill`, `read_skill_resource`): never gated. */
  readonly sessionTools: readonly ToolDeclaration[];
  /** The host's own tools (`SkillSessionOptions.baseTools`): never gated. Default none. */
  readonly baseTools?: ReadonlySet<string>;
  readonly catalog: CatalogSnapshot;
  /** The active skills, as they were loaded at activation. */
  readonly active: readonly Skill[];
}

/**
 * May a host tool run now (SPEC R6)? The session's own tools and the host's own tools always may: a
 * skill's dependencies gate only tools that exist because of skills (a shared skill declaring
 * `read_file` must not take it from an agent configured with it; issue 26). Any other tool a skill
 * declares as a dependency runs only while a skill declaring it is active.
 */
export function hostToolPermission(toolName: string, state: ToolGatingState): ToolPermission {
  if (state.baseTools?.has(toolName)) return { allowed: true };
  if (state.sessionTools.some((tool) => tool.name === toolName)) return { allowed: true };
  return dependencyToolPermission(toolName, [...state.catalog.skills, ...state.active], state.active);
}

/**
 * Which host tools to declare in the next request (SPEC R6). `stable`: all of them, always.
 * `progressive`: a skill's dependency tools only once a skill declaring them is active.
 */
export function declaredToolNames(
  mode: SessionMode,
  toolNames: Iterable<string>,
  state: ToolGatingState,
): string[] {
  const names = [...toolNames];
  if (mode === 'stable') return names;
  return names.filter((name) => hostToolPermission(name, state).allowed);
}
