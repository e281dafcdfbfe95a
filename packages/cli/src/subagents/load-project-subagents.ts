import type { OpenedSubagentRegistry } from '@skilldock/agent/subagents';
import type { AgentSettings } from '@skilldock/core/discover';
import type { Diagnostic } from '@skilldock/core/format';
import { loadAgent } from '../agent/load-agent.js';
import type { CliContext } from '../cli-context.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { warnAboutSettings } from '../warn-about-settings.js';

/** A project's subagents as the `agents` commands see them. */
export interface ProjectSubagents {
  readonly registry: OpenedSubagentRegistry;
  /** Whether agent sessions load this project's subagents (listing reads them regardless). */
  readonly trusted: boolean;
  /** The settings files' problems (doctor lists them; the other commands warn on stderr). */
  readonly settingsDiagnostics: readonly Diagnostic[];
  /** The `agents` settings that applied (model aliases, the Explore model). */
  readonly agentSettings: AgentSettings;
}

/**
 * Reads the project's, the user's and the built-in subagents for a listing. Listing, validating
 * and `doctor` run nothing, so they always read project agent files and show executor agents,
 * trusted or not (SPEC D2); `trusted` is reported for the user. Model aliases come from the
 * settings a session would use (the project's only when trusted).
 */
export async function loadProjectSubagents(
  context: CliContext,
  output: Output,
  { warnSettings = true }: { warnSettings?: boolean } = {},
): Promise<ProjectSubagents> {
  const { loadTrustedSettings, readExtensionFolders } = await loadCore('discover');
  const { openSubagentRegistry } = await loadAgent();
  const location = { homeDirectory: context.homeDirectory };
  const settings = await loadTrustedSettings({
    projectRoot: context.projectRoot,
    ...location,
    env: context.env,
  });
  const { trusted } = settings;
  // Extension agents (settings `extensions`): a missing folder is one more settings warning.
  const extensions = await readExtensionFolders(settings.settings.extensions ?? []);
  const diagnostics = [...settings.diagnostics, ...extensions.diagnostics];
  if (warnSettings) warnAboutSettings(diagnostics, output);
  const registry = await openSubagentRegistry({
    projectRoot: context.projectRoot,
    ...location,
    trusted: true,
    allowExecutors: true,
    extensionDirectories: extensions.extensions.map((extension) => extension.agentsDirectory),
    ...(settings.settings.agents === undefined ? {} : { settings: settings.settings.agents }),
  });
  return {
    registry,
    trusted,
    settingsDiagnostics: diagnostics,
    agentSettings: settings.settings.agents ?? {},
  };
}
