import { createModelProvider } from '../model/create-model-provider.js';
import type { ModelRoute } from '../model/model-provider.js';
import { type ProviderModelLists, pickModelProvider } from '../model/pick-model-provider.js';
import type { ModelConfig } from '../model/resolve-model-config.js';
import type { WorkspaceSettings } from './workspace-settings.js';

/** The model a workspace sends to, and how it was named. */
export interface WorkspaceModel {
  readonly route: ModelRoute;
  /** `<provider>:<model>`, as transcripts and `/model` show it. */
  readonly label: string;
  readonly config: ModelConfig;
}

/** What {@link resolveWorkspaceModel} resolves against. */
export interface WorkspaceModelOptions {
  readonly settings: WorkspaceSettings;
  readonly trusted: boolean;
  readonly env: NodeJS.ProcessEnv;
  /** The session's cache of the providers' `/models` lists. */
  readonly modelLists: ProviderModelLists;
  /** The main conversation's provider, tried first for a bare id (SPEC G1). */
  readonly mainProvider?: string;
  /** The session's fast model (`/model --fast`), over `models.fast`. */
  readonly fastModel?: string;
}

/**
 * The model route of a workspace: `selector` (default `inherit`: SKILLDOCK_MODEL, then settings)
 * against the settings that apply, through `pickModelProvider` (a bare id goes to the main
 * provider first, then to the other providers that offer it). Until trusted, a project's settings
 * do not choose the model. Throws `ModelError` when no usable model is configured or offered.
 */
export async function resolveWorkspaceModel(
  selector: string | undefined,
  { settings, trusted, env, modelLists, mainProvider, fastModel }: WorkspaceModelOptions,
): Promise<WorkspaceModel> {
  const models = settings.applying(trusted).models;
  const config = await pickModelProvider(selector ?? 'inherit', {
    env,
    settings: models ?? {},
    modelLists,
    ...(mainProvider === undefined ? {} : { mainProvider }),
    ...(fastModel === undefined ? {} : { fastModel }),
  });
  return {
    route: { provider: createModelProvider(config), model: config.model },
    label: `${config.providerName}:${config.model}`,
    config,
  };
}
