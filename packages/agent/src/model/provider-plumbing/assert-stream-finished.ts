import { ModelError } from '../model-error.js';
import { throwIfCancelled } from './stream-with-retries.js';

/**
 * Called after a stream's last event: a cancelled stream throws `model_request_cancelled` (the
 * SDKs end it quietly), and one that never sent its end marker (`finish_reason`, `message_stop`)
 * throws `model_response_invalid`, so a cut-off answer never looks complete.
 */
export function assertStreamFinished(
  signal: AbortSignal | undefined,
  provider: string,
  finished: boolean,
  endMarker: string,
): void {
  throwIfCancelled(signal);
  if (!finished) {
    throw new ModelError(
      'model_response_invalid',
      `${provider}: the stream ended before the model finished its answer (no ${endMarker}).`,
    );
  }
}
