import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi';
import { SKILL_ID_PATTERN } from '@skilldock/core/format';
import type { AppEnv } from '../http/app-env.js';
import { errorResponseSpec } from '../http/error-response.js';
import { HttpError } from '../http/http-error.js';
import { requireRole } from '../http/require-viewer.js';
import {
  changeModelProvider,
  createModelProvider,
  deleteModelProvider,
  listModelProviders,
  loadModelProvider,
  type ModelProviderRow,
} from '../model-providers/model-provider-records.js';
import { type ProviderDestination, providerKeyContext } from '../model-providers/provider-api-key.js';
import { providerKeyEnvRefusal } from '../model-providers/provider-key-env.js';
import { testProviderConnection } from '../model-providers/test-provider-connection.js';
import { secretKeyMissing } from '../secrets/secret-box.js';
import type { ServerContext } from '../server-context.js';

const providerIdSchema = z
  .string()
  .max(64)
  .regex(SKILL_ID_PATTERN, 'lowercase letters, digits and single "-"');
const modelIdSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@+-]*$/, 'a model id');

/** Where the key comes from: a named environment variable, or a value stored encrypted (never answered). */
const apiKeyInputSchema = z
  .union([
    z
      .object({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'an environment variable name') })
      .strict(),
    z
      .object({
        value: z
          .string()
          .min(1)
          .max(8192)
          .regex(/^[\u0021-\u007e]+$/, 'printable ASCII, no spaces'),
      })
      .strict(),
  ])
  .nullable();

const configFields = {
  protocol: z.enum(['openai', 'anthropic']),
  baseUrl: z.string().max(2000).nullable(),
  models: z.array(modelIdSchema).min(1).max(200),
  defaultModel: modelIdSchema,
  fastModel: modelIdSchema.nullable(),
  apiKey: apiKeyInputSchema,
};

const createBodySchema = z
  .object({
    id: providerIdSchema,
    protocol: configFields.protocol,
    baseUrl: configFields.baseUrl.default(null),
    models: configFields.models,
    defaultModel: configFields.defaultModel,
    fastModel: configFields.fastModel.default(null),
    apiKey: configFields.apiKey.default(null),
  })
  .strict()
  .openapi('CreateModelProvider');

const updateBodySchema = z
  .object({
    protocol: configFields.protocol.optional(),
    baseUrl: configFields.baseUrl.optional(),
    models: configFields.models.optional(),
    defaultModel: configFields.defaultModel.optional(),
    fastModel: configFields.fastModel.optional(),
    apiKey: configFields.apiKey.optional(),
  })
  .strict()
  .openapi('UpdateModelProvider');

const providerSchema = z
  .object({
    id: z.string(),
    protocol: z.enum(['openai', 'anthropic']),
    baseUrl: z.string().nullable(),
    models: z.array(z.string()),
    defaultModel: z.string(),
    fastModel: z.string().nullable(),
    apiKey: z.discriminatedUnion('source', [
      z.object({ source: z.literal('env'), env: z.string(), present: z.boolean() }),
      z.object({ source: z.literal('stored') }),
      z.object({ source: z.literal('none') }),
    ]),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('ModelProvider');

const providerAnswer = { 'application/json': { schema: z.object({ provider: providerSchema }) } };
const idParam = z.object({
  id: providerIdSchema.openapi({ param: { name: 'id', in: 'path' }, example: 'openai-main' }),
});
const adminOnly = errorResponseSpec('Not an admin, or CSRF');
const notFound = errorResponseSpec('No such model provider');

const listRoute = createRoute({
  method: 'get',
  path: '/api/admin/model-providers',
  operationId: 'listModelProviders',
  tags: ['admin'],
  summary: 'Model providers (SPEC Y18; admins). Keys are never answered, only where they come from',
  responses: {
    200: {
      description: 'Providers by id',
      content: { 'application/json': { schema: z.object({ providers: z.array(providerSchema) }) } },
    },
    403: adminOnly,
  },
});

const createProviderRoute = createRoute({
  method: 'post',
  path: '/api/admin/model-providers',
  operationId: 'createModelProvider',
  tags: ['admin'],
  summary:
    'Add a model provider: OpenAI-compatible or Anthropic, its models, and where its key comes from; audited',
  description:
    "SPEC SEC9: a stored key (`apiKey: { value }`) is sealed to the protocol and base URL given here. `apiKey: { env }` names a server variable: only the superadmin may, and only one the operator allows in `SKILLDOCK_PROVIDER_KEY_ENV` (names, or prefixes ending in `*`; none when unset); the server's own variables are always refused.",
  request: { body: { required: true, content: { 'application/json': { schema: createBodySchema } } } },
  responses: {
    201: { description: 'The provider', content: providerAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec('Not an admin, CSRF, or an admin naming a server variable as the key'),
    409: errorResponseSpec('The id is taken (model_provider_exists)'),
    422: errorResponseSpec(
      'model_provider_invalid, or a key to store without SKILLDOCK_SECRET_KEY (secret_key_missing)',
    ),
  },
});

const getProviderRoute = createRoute({
  method: 'get',
  path: '/api/admin/model-providers/{id}',
  operationId: 'getModelProvider',
  tags: ['admin'],
  summary: 'One model provider (admins)',
  request: { params: idParam },
  responses: { 200: { description: 'The provider', content: providerAnswer }, 403: adminOnly, 404: notFound },
});

const updateProviderRoute = createRoute({
  method: 'patch',
  path: '/api/admin/model-providers/{id}',
  operationId: 'updateModelProvider',
  tags: ['admin'],
  summary: 'Change a model provider (`apiKey: null` removes its key); audited',
  description:
    'SPEC SEC9: a stored key is bound to the protocol and base URL it was stored with. Only the superadmin changes `protocol`, `baseUrl` or `apiKey`; a change of protocol or base URL without a new `apiKey` in the same request drops the stored key (audited as `dropped`). Admins may change the models.',
  request: {
    params: idParam,
    body: { required: true, content: { 'application/json': { schema: updateBodySchema } } },
  },
  responses: {
    200: { description: 'The provider', content: providerAnswer },
    400: errorResponseSpec('Invalid body'),
    403: errorResponseSpec(
      "Not an admin, CSRF, or an admin changing the provider's protocol, base URL or key",
    ),
    404: notFound,
    422: errorResponseSpec('model_provider_invalid or secret_key_missing'),
  },
});

const deleteProviderRoute = createRoute({
  method: 'delete',
  path: '/api/admin/model-providers/{id}',
  operationId: 'deleteModelProvider',
  tags: ['admin'],
  summary: 'Remove a model provider (and its stored key); audited',
  request: { params: idParam },
  responses: { 204: { description: 'Removed' }, 403: adminOnly, 404: notFound },
});

const testProviderRoute = createRoute({
  method: 'post',
  path: '/api/admin/model-providers/{id}/test',
  operationId: 'testModelProvider',
  tags: ['admin'],
  summary: 'Test connection: one request for one token, as a run would send it (SPEC O4; admins)',
  description:
    "Sends the provider one request for one token of `model` (default: the provider's default model) with its key, once, waiting 20 s at most. Answers the reply, or 502 with the exact failure: `model_http_error` (the provider's `status` in details, e.g. 401 for a wrong key), `model_connection_failed`, `model_timeout` or `model_response_invalid`. A key that cannot be read answers what a run would (`secret_key_missing`, `secret_decrypt_failed`, `model_provider_invalid`). Not audited: it changes nothing.",
  request: {
    params: idParam,
    body: {
      required: false,
      content: {
        'application/json': {
          schema: z.object({ model: modelIdSchema.optional() }).strict().openapi('TestModelProvider'),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The model's reply",
      content: {
        'application/json': {
          schema: z
            .object({
              test: z.object({
                model: z.string(),
                reply: z.string().openapi({ description: 'What the model answered (cut at 200 characters)' }),
                latencyMs: z.number().int(),
              }),
            })
            .openapi('ModelProviderTest'),
        },
      },
    },
    400: errorResponseSpec('Invalid body'),
    403: adminOnly,
    404: notFound,
    422: errorResponseSpec(
      "The model is not one of the provider's (model_provider_invalid), or its key cannot be read",
    ),
    502: errorResponseSpec('The provider failed: the model error code, message and HTTP status'),
  },
});

/**
 * Refuses (403) anyone but the superadmin deciding where a provider's key goes or which key it is
 * (SPEC SEC9): an admin moving a provider could otherwise send the key someone else stored to a
 * server of their own.
 */
function requireKeyOwner(role: string): void {
  if (role !== 'superadmin')
    throw new HttpError(
      403,
      'forbidden',
      "Only the superadmin changes a provider's protocol, base URL or key, or names a server variable as its key",
    );
}

function invalid(field: string, message: string): HttpError {
  return new HttpError(422, 'model_provider_invalid', message, { details: { field } });
}

type ProviderRow = ModelProviderRow;
type ProviderConfig = Omit<ProviderRow, 'id' | 'createdAt' | 'updatedAt' | 'apiKeyEnv' | 'apiKeyCiphertext'>;

/** Refuses what a provider may not be configured with (SPEC Y18, SEC3), as 422 `model_provider_invalid`. */
function checkProvider(config: ProviderConfig): void {
  if (config.baseUrl !== null) {
    let url: URL;
    try {
      url = new URL(config.baseUrl);
    } catch {
      throw invalid('baseUrl', 'The base URL is not a URL');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw invalid('baseUrl', 'The base URL must be http or https');
    // Credentials in the URL would be answered with it: keys go in `apiKey`.
    if (url.username !== '' || url.password !== '')
      throw invalid('baseUrl', 'The base URL may not carry credentials; give the key as apiKey');
  }
  const models = new Set(config.models);
  if (!models.has(config.defaultModel))
    throw invalid('defaultModel', 'The default model must be one of models');
  if (config.fastModel !== null && !models.has(config.fastModel))
    throw invalid('fastModel', 'The fast model must be one of models');
}

/**
 * The model provider routes (SPEC Y18, Y14; admins and the superadmin): list, add, read, change and
 * remove providers. A key is read from a named environment variable (its presence is shown, never
 * its value) or stored AES-256-GCM-encrypted under `SKILLDOCK_SECRET_KEY` (refused with 422
 * `secret_key_missing` when that is unset). No answer, audit entry or log line holds a key.
 */
export function registerModelProviderRoutes(app: OpenAPIHono<AppEnv>, context: ServerContext): void {
  const { db } = context.database;
  const { secretBox, env, envAllowlist } = context.providerKeys;

  const json = (row: ProviderRow): z.infer<typeof providerSchema> => ({
    id: row.id,
    protocol: row.protocol,
    baseUrl: row.baseUrl,
    models: row.models,
    defaultModel: row.defaultModel,
    fastModel: row.fastModel,
    apiKey:
      row.apiKeyEnv !== null
        ? { source: 'env', env: row.apiKeyEnv, present: (env[row.apiKeyEnv] ?? '') !== '' }
        : row.apiKeyCiphertext !== null
          ? { source: 'stored' }
          : { source: 'none' },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /**
   * The key columns for `input` (undefined: leave them as they are), a stored key sealed to the
   * provider's destination (SPEC SEC9: it opens for that protocol and base URL only).
   */
  function keyColumns(
    id: string,
    destination: ProviderDestination,
    input: z.infer<typeof apiKeyInputSchema> | undefined,
  ) {
    if (input === undefined) return {};
    if (input === null) return { apiKeyEnv: null, apiKeyCiphertext: null };
    if ('env' in input) {
      const refusal = providerKeyEnvRefusal(input.env, envAllowlist);
      if (refusal !== undefined) throw invalid('apiKey.env', refusal);
      return { apiKeyEnv: input.env, apiKeyCiphertext: null };
    }
    if (secretBox === undefined) {
      const missing = secretKeyMissing();
      throw new HttpError(422, missing.code, missing.message);
    }
    return {
      apiKeyEnv: null,
      apiKeyCiphertext: secretBox.encrypt(input.value, providerKeyContext(id, destination)),
    };
  }

  const keySource = (columns: ReturnType<typeof keyColumns>) =>
    columns.apiKeyEnv === undefined
      ? undefined
      : columns.apiKeyEnv !== null
        ? 'env'
        : columns.apiKeyCiphertext !== null
          ? 'stored'
          : 'none';

  app.openapi(listRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const rows = await listModelProviders(db);
    return c.json({ providers: rows.map(json) }, 200);
  });

  app.openapi(createProviderRoute, async (c) => {
    const { viewer } = requireRole(c, 'superadmin', 'admin');
    const { apiKey, ...body } = c.req.valid('json');
    checkProvider(body);
    // Naming a server variable decides which of the operator's keys goes where: the superadmin's call.
    if (apiKey != null && 'env' in apiKey) requireKeyOwner(viewer.role);
    const key = keyColumns(body.id, body, apiKey);
    await createModelProvider(
      db,
      { viewer, requestId: c.get('requestId') },
      { ...body, ...key },
      { protocol: body.protocol, models: body.models, apiKeySource: keySource(key) ?? 'none' },
    );
    return c.json({ provider: json(await loadModelProvider(db, body.id)) }, 201);
  });

  app.openapi(getProviderRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    return c.json({ provider: json(await loadModelProvider(db, c.req.valid('param').id)) }, 200);
  });

  app.openapi(updateProviderRoute, async (c) => {
    const { viewer } = requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    const { apiKey, ...patch } = c.req.valid('json');
    await changeModelProvider(db, { viewer, requestId: c.get('requestId') }, id, (current) => {
      const next = { ...current, ...patch };
      checkProvider(next);
      const moved = next.protocol !== current.protocol || next.baseUrl !== current.baseUrl;
      if (moved || apiKey !== undefined) requireKeyOwner(viewer.role);
      // A stored key is bound to where it was stored for (SPEC SEC9): a move without a new key drops it.
      const dropped = moved && apiKey === undefined && current.apiKeyCiphertext !== null;
      const key = keyColumns(id, next, apiKey);
      return {
        columns: { ...patch, ...key, ...(dropped ? { apiKeyCiphertext: null } : {}) },
        details: {
          fields: Object.keys(patch).sort(),
          apiKeySource: dropped ? 'dropped' : (keySource(key) ?? 'unchanged'),
        },
      };
    });
    return c.json({ provider: json(await loadModelProvider(db, id)) }, 200);
  });

  app.openapi(testProviderRoute, async (c) => {
    requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    const body = c.req.header('content-type') === undefined ? {} : c.req.valid('json');
    const provider = await loadModelProvider(db, id);
    const model = body.model ?? provider.defaultModel;
    // Only models the provider lists: the test is of this configuration, not a probe of any id.
    if (!provider.models.includes(model) && model !== provider.fastModel)
      throw invalid('model', `The provider ${id} does not list the model ${JSON.stringify(model)}`);
    return c.json({ test: await testProviderConnection(provider, model, context.providerKeys) }, 200);
  });

  app.openapi(deleteProviderRoute, async (c) => {
    const { viewer } = requireRole(c, 'superadmin', 'admin');
    const { id } = c.req.valid('param');
    await deleteModelProvider(db, { viewer, requestId: c.get('requestId') }, id);
    return c.body(null, 204);
  });
}
