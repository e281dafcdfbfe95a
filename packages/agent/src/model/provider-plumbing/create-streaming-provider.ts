import { loadOnce } from '../../load-once.js';
import type { ModelRequest } from '../conversation.js';
import type { ModelProvider, ModelStreamEvent } from '../model-provider.js';
import { resolveRetryPolicy } from '../retry-policy.js';
import { checkStreamResponse } from './check-stream-response.js';
import { describeEndpoint, secretsInUrl } from './describe-endpoint.js';
import { DEFAULT_REQUEST_TIMEOUT_MS, type HttpProviderOptions } from './http-provider-options.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './limit-response-bytes.js';
import { type SdkClientSettings, sdkClientSettings } from './sdk-client-settings.js';
import { streamWithRetries } from './stream-with-retries.js';
import { type SdkErrorClasses, toModelError } from './to-model-error.js';

/** A loaded SDK: how to send one streamed request, and its error classes. */
export interface ConnectedSdk<RawEvent> {
  readonly classes: SdkErrorClasses;
  /** POSTs `body` (JSON text) to the protocol's path and hands back the stream and the raw response. */
  post(
    body: string,
    signal: AbortSignal | undefined,
  ): Promise<{ readonly stream: AsyncIterable<RawEvent>; readonly response: Response }>;
}

/** What one protocol adds to the shared plumbing: its SDK, its body, its events. */
export interface StreamingProtocol<RawEvent> {
  readonly protocol: ModelProvider['protocol'];
  /** Where requests go without a `baseUrl`, for error messages. */
  readonly defaultBaseUrl: string;
  /** The path requests go to below the base URL, for error messages. */
  readonly path: string;
  /** Imports the SDK (on the first request, never on import) and builds its client. */
  connect(settings: SdkClientSettings): Promise<ConnectedSdk<RawEvent>>;
  /** The request body as JSON text. */
  body(request: ModelRequest): string;
  /** The protocol's events as model events; ends with `finish` or throws. */
  read(
    stream: AsyncIterable<RawEvent>,
    signal: AbortSignal | undefined,
    provider: string,
  ): AsyncIterable<ModelStreamEvent>;
}

/**
 * A {@link ModelProvider} over one protocol with the plumbing every protocol shares (SPEC G1): the
 * SDK loaded on the first request with its own retries off, answers cut at `maxResponseBytes`, a
 * checked event-stream response, every failure turned into a `ModelError` that names the endpoint
 * and never shows the key, and retries by the single policy before anything was yielded.
 * @example
 * export const createMyProvider = (options: HttpProviderOptions) =>
 *   createStreamingProvider({ name: 'mine', ...options }, MY_PROTOCOL);
 */
export function createStreamingProvider<RawEvent>(
  {
    name,
    apiKey,
    baseUrl,
    headers = {},
    timeoutMs = DEFAULT_REQUEST_TIMEOUT_MS,
    retry,
    apiKeyVariable,
    maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES,
  }: HttpProviderOptions & { readonly name: string },
  protocol: StreamingProtocol<RawEvent>,
): ModelProvider {
  const connect = loadOnce(() =>
    protocol.connect(sdkClientSettings({ name, apiKey, headers, timeoutMs, maxResponseBytes })),
  );
  const policy = resolveRetryPolicy(retry);

  async function* attempt(request: ModelRequest): AsyncGenerator<ModelStreamEvent> {
    const { signal } = request;
    let classes: SdkErrorClasses | undefined;
    try {
      const sdk = await connect();
      classes = sdk.classes;
      const { stream, response } = await sdk.post(protocol.body(request), signal);
      await checkStreamResponse(response, name);
      yield* protocol.read(stream, signal, name);
    } catch (error) {
      throw toModelError(error, {
        classes,
        provider: name,
        signal,
        apiKey,
        secrets: secretsInUrl(baseUrl),
        endpoint: describeEndpoint(baseUrl ?? protocol.defaultBaseUrl, protocol.path, request.model),
        ...(apiKeyVariable === undefined ? {} : { apiKeyVariable }),
      });
    }
  }

  return {
    name,
    protocol: protocol.protocol,
    stream: (request) => streamWithRetries(() => attempt(request), policy, request.signal),
  };
}
