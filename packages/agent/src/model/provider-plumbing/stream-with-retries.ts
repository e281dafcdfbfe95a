import { ModelError } from '../model-error.js';
import type { ModelStreamEvent } from '../model-provider.js';
import { type ResolvedRetryPolicy, retryDelay } from '../retry-policy.js';

/**
 * Run one streamed attempt after another until one succeeds (SPEC G1). An attempt is retried only
 * when its error is retryable and nothing has been yielded yet: once text reached the caller, a
 * second answer would be a different answer. The attempt must throw `ModelError`s.
 */
export async function* streamWithRetries(
  attempt: () => AsyncIterable<ModelStreamEvent>,
  policy: ResolvedRetryPolicy,
  signal: AbortSignal | undefined,
): AsyncGenerator<ModelStreamEvent> {
  for (let attemptNumber = 1; ; attemptNumber++) {
    let yielded = false;
    try {
      for await (const event of attempt()) {
        yielded = true;
        yield event;
      }
      return;
    } catch (error) {
      if (!(error instanceof ModelError) || yielded || !error.retryable || signal?.aborted) throw error;
      if (attemptNumber >= policy.maxAttempts) {
        throw new ModelError(error.code, `${error.message} (gave up after ${attemptNumber} attempts)`, {
          cause: error,
          details: { ...error.details, attempts: attemptNumber },
        });
      }
      await sleep(retryDelay(attemptNumber, error.details.retryAfterMs, policy), signal);
    }
  }
}

function sleep(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => {
      clearTimeout(timer);
      reject(new ModelError('model_request_cancelled', 'The model request was cancelled.'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancelled);
      resolve();
    }, milliseconds);
    signal?.addEventListener('abort', cancelled, { once: true });
  });
}

/**
 * The SDKs end a stream quietly when its signal aborts; a cut-off answer must not look complete,
 * so readers call this after the last event.
 */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new ModelError('model_request_cancelled', 'The model request was cancelled.');
}
