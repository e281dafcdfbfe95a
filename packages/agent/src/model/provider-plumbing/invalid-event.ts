import { ModelError } from '../model-error.js';

/** True for a JSON object (not an array, not null): the only shape a stream event may have. */
export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The error for a stream event that parsed as JSON but is not an object (`42`, `"x"`, `[1]`). */
export function invalidEvent(provider: string, event: unknown): ModelError {
  const shown = JSON.stringify(event)?.slice(0, 80) ?? String(event);
  return new ModelError(
    'model_response_invalid',
    `${provider}: the model server sent a stream event that is not a JSON object: ${shown}`,
  );
}
