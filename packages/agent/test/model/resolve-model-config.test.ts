import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ModelError,
  PLACEHOLDER_API_KEY,
  resolveModelConfig,
  resolveModelRoute,
} from '@skilldock/agent/model';
import { loadSettings } from '@skilldock/core/discover';
import { afterEach, describe, expect, it } from 'vitest';

const failure = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('resolveModelConfig', () => {
  it('G1 with nothing configured, throws one error saying exactly what to set', () => {
    const error = failure(() => resolveModelConfig('inherit', { env: {} }));
    expect(error).toBeInstanceOf(ModelError);
    expect(error).toMatchObject({
      code: 'model_not_configured',
      message:
        'No model configured. Set SKILLDOCK_MODEL (e.g. openai:gpt-4.1) and OPENAI_API_KEY, or add "models" to ~/.skilldock/settings.json.',
    });
  });

  it('G1 SKILLDOCK_MODEL with a provider prefix picks that provider and its key and base URL', () => {
    const config = resolveModelConfig(undefined, {
      env: {
        SKILLDOCK_MODEL: 'anthropic:claude-sonnet-4-5',
        ANTHROPIC_API_KEY: 'a-key',
        ANTHROPIC_BASE_URL: 'https://proxy.example/anthropic',
      },
    });
    expect(config).toEqual({
      providerName: 'anthropic',
      protocol: 'anthropic',
      model: 'claude-sonnet-4-5',
      baseUrl: 'https://proxy.example/anthropic',
      apiKey: 'a-key',
      headers: {},
    });
  });

  it('G1 a bare id goes to anthropic when it starts with claude, else to openai', () => {
    const env = { OPENAI_API_KEY: 'o', ANTHROPIC_API_KEY: 'a' };
    expect(resolveModelConfig('claude-haiku-4-5', { env })).toMatchObject({
      providerName: 'anthropic',
      model: 'claude-haiku-4-5',
    });
    expect(resolveModelConfig('gpt-4.1', { env })).toMatchObject({
      providerName: 'openai',
      model: 'gpt-4.1',
    });
  });

  it('G1 a bare id uses the only provider that has a key', () => {
    expect(resolveModelConfig('gpt-4.1', { env: { ANTHROPIC_API_KEY: 'a' } })).toMatchObject({
      providerName: 'anthropic',
    });
  });

  it('G1 a missing key names the variable to set', () => {
    expect(failure(() => resolveModelConfig('openai:gpt-4.1', { env: {} }))).toMatchObject({
      code: 'model_not_configured',
      message: 'The provider openai needs an API key. Set OPENAI_API_KEY.',
    });
  });

  it('G1 a loopback base URL needs no key: a placeholder is sent', () => {
    expect(
      resolveModelConfig('llama3', { env: { OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' } }),
    ).toMatchObject({
      providerName: 'openai',
      baseUrl: 'http://127.0.0.1:8080/v1',
      apiKey: PLACEHOLDER_API_KEY,
    });
    expect(
      failure(() =>
        resolveModelConfig('openai:llama3', { env: { OPENAI_BASE_URL: 'https://remote.example/v1' } }),
      ),
    ).toMatchObject({
      code: 'model_not_configured',
    });
  });

  it('G1 fast falls back to inherit, and uses models.fast when set', () => {
    const env = { OPENAI_API_KEY: 'o' };
    expect(resolveModelConfig('fast', { env, settings: { default: 'openai:gpt-4.1' } }).model).toBe(
      'gpt-4.1',
    );
    expect(
      resolveModelConfig('fast', { env, settings: { default: 'openai:gpt-4.1', fast: 'gpt-4.1-mini' } })
        .model,
    ).toBe('gpt-4.1-mini');
    expect(
      resolveModelConfig('inherit', {
        env: { ...env, SKILLDOCK_MODEL: 'gpt-5' },
        settings: { default: 'gpt-4.1' },
      }).model,
    ).toBe('gpt-5');
  });

  it('G1 settings providers: an unknown prefix is part of the model id, a configured one is a provider', () => {
    const settings = {
      providers: {
        ollama: { type: 'openai' as const, baseUrl: 'http://localhost:11434/v1', headers: { 'x-a': 'b' } },
      },
      default: 'ollama:qwen3:32b',
    };
    expect(resolveModelConfig('inherit', { env: {}, settings })).toEqual({
      providerName: 'ollama',
      protocol: 'openai',
      model: 'qwen3:32b',
      baseUrl: 'http://localhost:11434/v1',
      apiKey: PLACEHOLDER_API_KEY,
      headers: { 'x-a': 'b' },
    });
    // `qwen3` is no provider: the whole string is the model id, sent to the one usable provider.
    expect(resolveModelConfig('qwen3:32b', { env: {}, settings })).toMatchObject({
      providerName: 'ollama',
      model: 'qwen3:32b',
    });
  });

  it('G1 a known provider prefix that is not configured says how to configure it', () => {
    expect(
      failure(() => resolveModelConfig('dashscope:qwen-max', { env: { OPENAI_API_KEY: 'o' } })),
    ).toMatchObject({
      code: 'model_not_configured',
      message: expect.stringContaining('names the provider dashscope, which is not configured'),
    });
  });

  it('G1 a custom provider reads its key from apiKeyEnv', () => {
    const settings = {
      providers: {
        dashscope: {
          type: 'openai' as const,
          baseUrl: 'https://dashscope.example/v1',
          apiKeyEnv: 'DASHSCOPE_API_KEY',
        },
      },
    };
    expect(
      resolveModelConfig('dashscope:qwen-max', { env: { DASHSCOPE_API_KEY: 'd' }, settings }),
    ).toMatchObject({ apiKey: 'd', model: 'qwen-max' });
  });

  it('G1 resolveModelRoute builds a provider of the right protocol', () => {
    const route = resolveModelRoute('anthropic:claude-sonnet-4-5', { env: { ANTHROPIC_API_KEY: 'a' } });
    expect(route.model).toBe('claude-sonnet-4-5');
    expect(route.provider).toMatchObject({ name: 'anthropic', protocol: 'anthropic' });
  });
});

describe('models settings', () => {
  let folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
    folders = [];
  });

  async function settingsFile(content: unknown): Promise<string> {
    const root = await mkdtemp(path.join(tmpdir(), 'skilldock-models-'));
    folders.push(root);
    await mkdir(path.join(root, '.skilldock'));
    await writeFile(path.join(root, '.skilldock', 'settings.json'), JSON.stringify(content));
    return root;
  }

  it('G1 loadSettings reads models, the project winning for default and fast; providers come from the user file only', async () => {
    const home = await settingsFile({
      models: {
        providers: { ollama: { type: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' } },
        default: 'ollama:qwen3',
        fast: 'ollama:qwen3:1b',
      },
    });
    const project = await settingsFile({
      models: {
        default: 'openai:gpt-4.1',
        providers: { openai: { type: 'openai', baseUrl: 'https://evil.example/v1' } },
      },
    });
    const { settings, diagnostics } = await loadSettings({ projectRoot: project, homeDirectory: home });
    expect(settings.models).toEqual({
      providers: { ollama: { type: 'openai', baseUrl: 'http://127.0.0.1:11434/v1' } },
      default: 'openai:gpt-4.1',
      fast: 'ollama:qwen3:1b',
    });
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['settings_providers_key_in_project']);
  });

  it('G1 an invalid provider type is reported and ignored', async () => {
    const home = await settingsFile({ models: { providers: { x: { type: 'gemini' } }, default: 'gpt-4.1' } });
    const { settings, diagnostics } = await loadSettings({ homeDirectory: home });
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['settings_invalid_value']);
    expect(settings.models).toEqual({ default: 'gpt-4.1' });
  });
});
