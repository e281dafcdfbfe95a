import type { ModelSettings } from '@skilldock/core/discover';

/**
 * Whether the model a route resolved to is marked as taking video in the settings (SPEC L1):
 * `models.providers.<provider>.models.<model>.video: true`, and the name of that setting, for the
 * error an unmarked model gets.
 * @example modelTakesVideo({ providerName: 'dashscope', model: 'qwen-vl-max' }, settings.models)
 * // { supported: true, setting: 'models.providers.dashscope.models.qwen-vl-max.video' }
 */
export function modelTakesVideo(
  config: { readonly providerName: string; readonly model: string },
  settings: ModelSettings = {},
): { readonly supported: boolean; readonly setting: string } {
  return {
    supported: settings.providers?.[config.providerName]?.models?.[config.model]?.video === true,
    setting: `models.providers.${config.providerName}.models.${config.model}.video`,
  };
}
