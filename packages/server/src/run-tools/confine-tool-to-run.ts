import { isRunAwareTool, type RunAwareTool } from '@skilldock/agent/loop';
import type { AgentTool, ToolContext } from '@skilldock/agent/tools';

/** The folders a run's tools see, whatever the run's own context says. */
export interface RunToolView {
  /** The work folder: relative paths start here, and it is the only place writes may go. */
  readonly cwd: string;
  /** Folders read but never written: the user's projection and workspace. */
  readonly readOnlyRoots: readonly string[];
}

/**
 * `tool` with its context's folders fixed to the run's `view` (SPEC Y17): the built-in tools'
 * own confinement (`confinePath`: links resolved, reads inside the work folder or a read-only
 * root, writes inside the work folder only) then applies to exactly these folders. Nothing else of
 * the tool changes; a run-aware tool stays run-aware.
 */
export function confineToolToRun(tool: AgentTool, view: RunToolView): AgentTool {
  const confined = (context: ToolContext): ToolContext => ({
    ...context,
    cwd: view.cwd,
    readOnlyRoots: view.readOnlyRoots,
  });
  const wrapped: AgentTool = {
    ...tool,
    execute: (input, context) => tool.execute(input, confined(context)),
  };
  if (!isRunAwareTool(tool)) return wrapped;
  const runAware: RunAwareTool = {
    ...wrapped,
    executeInRun: (input, context, run) => tool.executeInRun(input, confined(context), run),
  };
  return runAware;
}
