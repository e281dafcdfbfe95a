import { createModelProvider } from '../model/create-model-provider.js';
import type { ModelRoute } from '../model/model-provider.js';
import { type ModelConfig, resolveModelConfig } from '../model/resolve-model-config.js';
import type { WorkspaceSettings } from './workspace-settings.js';

/** The model a workspace sends to, and how it was named. */
export interface WorkspaceModel {
  readonly route: ModelRoute;
  /** `<provider>:<model>`, as transcripts and `/model` show it. */
  readonly label: string;
  readonly config: ModelConfig;
}

/**
 * The model route of a workspace: `selector` (default `inherit`: SKILLDOCK_MODEL, then settings)
 * against the settings that apply. Until trusted, a project's settings do not choose the model.
 * Throws `ModelError` when no usable model is configured.
 */
export function resolveWorkspaceModel(
  selector: string | undefined,
  { settings, trusted, env }: { settings: WorkspaceSettings; trusted: boolean; env: NodeJS.ProcessEnv },
): WorkspaceModel {
  const models = settings.applying(trusted).models;
  const config = resolveModelConfig(selector ?? 'inherit', { env, settings: models ?? {} });
  return {
    route: { provider: createModelProvider(config), model: config.model },
    label: `${config.providerName}:${config.model}`,
    config,
  };
}
