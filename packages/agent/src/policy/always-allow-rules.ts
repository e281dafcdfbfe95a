import type { ApprovalRequest } from '../loop/run-state.js';

/**
 * Whether an "always allow" rule may cover `request` (SPEC G3, SEC2, O1): never a call that writes
 * a file configuring the agent or another tool (asked every time), never a subagent's bubbled call
 * (its real tool is the subagent's, so a rule for the parent's `agent` tool would allow anything
 * the subagent asks), and never a call that may already have run when its worker was lost (the
 * question is whether to run it twice, which no rule answers). The CLI's chat and the platform
 * both decide with this.
 */
export function alwaysAllowable(request: ApprovalRequest): boolean {
  return (
    (request.agentConfig?.length ?? 0) === 0 &&
    request.subagent === undefined &&
    request.resumeInterrupted !== true
  );
}

/**
 * One conversation's "always allow" rules, by tool name (SPEC G3): the CLI's chat keeps one per
 * conversation in memory; the platform stores the names with the conversation and decides with
 * the same {@link alwaysAllowable}.
 * @example
 * const rules = new AlwaysAllowRules();
 * if (rules.remember(request)) ...; // later: rules.covers(nextRequest)
 */
export class AlwaysAllowRules {
  readonly #tools: Set<string>;

  constructor(tools: Iterable<string> = []) {
    this.#tools = new Set(tools);
  }

  /** Whether a rule answers `request` without asking. */
  covers(request: ApprovalRequest): boolean {
    return alwaysAllowable(request) && this.#tools.has(request.toolName);
  }

  /** Adds a rule for `request`'s tool; false (and nothing added) when no rule may cover it. */
  remember(request: ApprovalRequest): boolean {
    if (!alwaysAllowable(request)) return false;
    this.#tools.add(request.toolName);
    return true;
  }

  /** Forgets every rule (a new conversation). */
  clear(): void {
    this.#tools.clear();
  }

  /** The tools the rules cover, in the order they were added. */
  get tools(): readonly string[] {
    return [...this.#tools];
  }
}
