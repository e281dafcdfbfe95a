import type { AgentEvent } from '@skilldock/agent/loop';
import { errorCode } from '../exit-codes.js';

/**
 * An event as one `--json` line (documented in the README). Events keep the loop's shapes, except
 * `run-end` (the result without the message list: `status`, `finalText`, `stats`), `run-error`
 * (`code`, `message`, `status`, `stats`) and `catalog-refresh-error` (`code`, `message`).
 */
export function agentEventToJson(event: AgentEvent): Record<string, unknown> {
  switch (event.type) {
    case 'run-end': {
      const { status, finalText, stats } = event.result;
      return { type: 'run-end', status, finalText, stats };
    }
    case 'run-error': {
      const { status, stats } = event.result;
      return { type: 'run-error', code: errorCode(event.error), message: event.error.message, status, stats };
    }
    case 'catalog-refresh-error':
      return { type: event.type, code: errorCode(event.error), message: event.error.message };
    default:
      return { ...event };
  }
}
