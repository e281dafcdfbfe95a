import type { AgentEvent } from '@skilldock/agent/loop';
import { SkilldockError } from '@skilldock/core/errors';
import { publicErrorMessage } from '../text/public-error-message.js';

/** An event as stored and streamed: its type and plain JSON data. */
export interface StoredRunEvent {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

/**
 * `{ code, message }` of an error, for events and the run row (never a stack). A database failure's
 * text (its SQL and parameters) is never shown: it becomes `run_failed` with a plain message.
 */
export function errorFacts(error: unknown): { code: string; message: string } {
  if (SkilldockError.isInstance(error)) return { code: error.code, message: error.message };
  return { code: 'run_failed', message: publicErrorMessage(error) };
}

/**
 * The stored form of a loop event (SPEC Y8 streams): plain JSON, small — `run-end` carries the
 * status, final text and stats instead of the whole conversation (the messages are stored on
 * their own), and errors become `{ code, message }`. Usage totals are kept; nothing else is cut.
 */
export function toStoredEvent(event: AgentEvent): StoredRunEvent {
  switch (event.type) {
    case 'run-end':
      return {
        type: event.type,
        data: {
          status: event.result.status,
          finalText: event.result.finalText,
          stats: event.result.stats,
          ...(event.result.interruptions === undefined ? {} : { interruptions: event.result.interruptions }),
        },
      };
    case 'run-error':
      return {
        type: event.type,
        data: { error: errorFacts(event.error), status: event.result.status, stats: event.result.stats },
      };
    case 'catalog-refresh-error':
      return { type: event.type, data: { error: errorFacts(event.error) } };
    default: {
      const { type, ...data } = event;
      return { type, data: JSON.parse(JSON.stringify(data)) as Record<string, unknown> };
    }
  }
}
