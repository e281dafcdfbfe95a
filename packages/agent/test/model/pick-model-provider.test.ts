import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProviderModelLists, ModelError, pickModelProvider } from '@skilldock/agent/model';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import type { ModelSettings } from '@skilldock/core/discover';
import { afterEach, describe, expect, it } from 'vitest';

const opened: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const server of opened.splice(0)) await server.close();
});

async function fake(models?: readonly string[]): Promise<FakeModelServer> {
  const server = await startFakeModelServer({ script: [], ...(models === undefined ? {} : { models }) });
  opened.push(server);
  return server;
}

/** A loopback server that counts `/models` requests and answers with `answer` (or never). */
async function countingServer(answer: ((path: string) => string) | 'hang'): Promise<{
  readonly url: string;
  readonly hits: string[];
}> {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`);
    if (answer === 'hang') return;
    response.writeHead(200, { 'content-type': 'application/json' }).end(answer(request.url ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  opened.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, hits };
}

/** `openai` on one fake server (OPENAI_BASE_URL), `dashscope` on another (settings). */
function twoProviders(openai: string, dashscope: string, extra: Partial<ModelSettings> = {}) {
  return {
    env: { OPENAI_BASE_URL: openai, DASHSCOPE_API_KEY: 'd-key' },
    settings: {
      providers: {
        dashscope: { type: 'openai' as const, baseUrl: dashscope, apiKeyEnv: 'DASHSCOPE_API_KEY' },
      },
      ...extra,
    },
  };
}

async function failure(run: () => Promise<unknown>): Promise<ModelError> {
  try {
    await run();
  } catch (error) {
    return error as ModelError;
  }
  throw new Error('expected a failure');
}

describe('pickModelProvider (SPEC G1, seed 000)', () => {
  it('G1 a bare id goes to the main provider when it offers it, else to the other provider that does', async () => {
    const openai = await fake(['gpt-4.1', 'shared-model']);
    const dashscope = await fake(['glm-5', 'shared-model']);
    const options = {
      ...twoProviders(openai.openaiBaseUrl, dashscope.openaiBaseUrl),
      modelLists: createProviderModelLists(),
    };
    expect(await pickModelProvider('glm-5', { ...options, mainProvider: 'openai' })).toMatchObject({
      providerName: 'dashscope',
      model: 'glm-5',
      baseUrl: dashscope.openaiBaseUrl,
      apiKey: 'd-key',
    });
    expect(await pickModelProvider('gpt-4.1', { ...options, mainProvider: 'dashscope' })).toMatchObject({
      providerName: 'openai',
    });
    // Both offer it: the main conversation's provider wins, whichever it is.
    for (const main of ['openai', 'dashscope']) {
      expect((await pickModelProvider('shared-model', { ...options, mainProvider: main })).providerName).toBe(
        main,
      );
    }
    // A named provider is taken as named, even when the other one lists the id.
    expect(
      (await pickModelProvider('openai:glm-5', { ...options, mainProvider: 'dashscope' })).providerName,
    ).toBe('openai');
  });

  it('G1 an id no provider offers is model_not_available, naming the providers tried', async () => {
    const openai = await fake(['gpt-4.1']);
    const dashscope = await fake(['glm-5']);
    const error = await failure(() =>
      pickModelProvider('no-such-model', {
        ...twoProviders(openai.openaiBaseUrl, dashscope.openaiBaseUrl),
        mainProvider: 'dashscope',
      }),
    );
    expect(ModelError.isInstance(error)).toBe(true);
    expect(error.code).toBe('model_not_available');
    expect(error.details).toMatchObject({ model: 'no-such-model', tried: ['dashscope', 'openai'] });
    expect(error.message).toContain('No configured provider offers the model no-such-model');
    expect(error.message).toContain('dashscope (not in its /models list), openai (not in its /models list)');
  });

  it('G1 a configured "offers" list decides without asking the endpoint', async () => {
    const openai = await countingServer(() => JSON.stringify({ data: [{ id: 'gpt-4.1' }] }));
    const dashscope = await countingServer(() => JSON.stringify({ data: [{ id: 'glm-5' }] }));
    const base = twoProviders(openai.url, dashscope.url);
    const settings = {
      ...base.settings,
      providers: { dashscope: { ...base.settings.providers.dashscope, offers: ['qwen-max'] } },
    };
    const picked = await pickModelProvider('qwen-max', { env: base.env, settings, mainProvider: 'openai' });
    expect(picked.providerName).toBe('dashscope');
    expect(dashscope.hits).toEqual([]);
    const error = await failure(() =>
      pickModelProvider('glm-5', { env: base.env, settings, mainProvider: 'openai' }),
    );
    expect(error.code).toBe('model_not_available');
    expect(error.message).toContain('dashscope (not in models.providers.dashscope.offers)');
    expect(dashscope.hits).toEqual([]);
  });

  it('G1 each /models list is asked once per session, with the provider key, and never followed elsewhere', async () => {
    const openai = await countingServer(() => JSON.stringify({ data: [{ id: 'gpt-4.1' }] }));
    const dashscope = await countingServer(() => JSON.stringify({ data: [{ id: 'glm-5' }] }));
    const modelLists = createProviderModelLists();
    const options = { ...twoProviders(openai.url, dashscope.url), modelLists, mainProvider: 'openai' };
    for (let round = 0; round < 3; round++) {
      expect((await pickModelProvider('glm-5', options)).providerName).toBe('dashscope');
    }
    expect(dashscope.hits).toEqual(['GET /v1/models Bearer d-key']);
    expect(openai.hits).toHaveLength(1);
    // A new session asks again.
    await pickModelProvider('glm-5', { ...options, modelLists: createProviderModelLists() });
    expect(dashscope.hits).toHaveLength(2);
  });

  it('G1 a provider that cannot say (404, hung, malformed) leaves the id to the main provider (a hung endpoint gives up at the timeout)', async () => {
    const silent = await fake(); // no model list: /v1/models answers 404
    const hung = await countingServer('hang');
    const malformed = await countingServer(() => '{"data": "not a list"');
    for (const other of [hung.url, malformed.url]) {
      const picked = await pickModelProvider('glm-5', {
        ...twoProviders(silent.openaiBaseUrl, other),
        mainProvider: 'dashscope',
        modelLists: createProviderModelLists({ timeoutMs: 300 }),
      });
      expect(picked.providerName).toBe('dashscope');
    }
    // Neither can say and no conversation yet: the offline rule (not claude → openai).
    expect(
      (await pickModelProvider('glm-5', twoProviders(silent.openaiBaseUrl, (await fake()).openaiBaseUrl)))
        .providerName,
    ).toBe('openai');
  });

  it('G1 one usable provider takes a bare id without being asked; fast is the session fast model first', async () => {
    const only = await countingServer(() => JSON.stringify({ data: [] }));
    const env = { OPENAI_BASE_URL: only.url };
    expect((await pickModelProvider('anything', { env })).model).toBe('anything');
    expect(only.hits).toEqual([]);
    const settings = { default: 'openai:main-model', fast: 'openai:settings-fast' };
    expect((await pickModelProvider('fast', { env, settings })).model).toBe('settings-fast');
    expect((await pickModelProvider('fast', { env, settings, fastModel: 'openai:session-fast' })).model).toBe(
      'session-fast',
    );
    expect(
      (await pickModelProvider('inherit', { env, settings, fastModel: 'openai:session-fast' })).model,
    ).toBe('main-model');
  });
});
