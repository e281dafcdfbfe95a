import { useEffect, useRef, useState } from 'react';
import {
  EMPTY_RUN_VIEW,
  FINISHED_STATUSES,
  foldRunEvent,
  type RunStreamEvent,
  type RunView,
} from './fold-run-events';

/** The event names a run stream sends (EventSource delivers named events only to their listeners). */
export const RUN_EVENT_TYPES = [
  'run-status',
  'run-notice',
  'run-resumed',
  'turn-restart',
  'run-end',
  'run-error',
  'turn-start',
  'turn-end',
  'text-delta',
  'tool-call-start',
  'tool-call-end',
  'approval-request',
  'approval-decision',
  'skill-activate',
  'subagent-start',
  'subagent-event',
  'subagent-end',
] as const;

/** How the stream connection stands. */
export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'ended' | 'failed';

/** Attempts of our own after the browser gave up on a stream (it retries network drops itself). */
const MAX_RETRIES = 5;

/**
 * Follows the run `runId`'s event stream (`GET /api/runs/{id}/events`) and folds it into a
 * {@link RunView}. It replays the run from its first event, so a reload shows the whole run; a
 * dropped connection resumes where it stopped (the browser sends Last-Event-ID; when it gives up
 * we reconnect with `?after=` the last id seen), and events at or below that id are never folded
 * twice. The stream closes after the closing `run-status` — once the batch it came in is folded,
 * so a run retried in place (its old `failed`, then `queued` again, issue 25) is followed on.
 * `onEvent` hears every new event (after folding), e.g. to refresh the run when an approval is
 * requested.
 */
export function useRunStream(
  runId: string | undefined,
  onEvent?: (event: RunStreamEvent) => void,
  /** Changing it reconnects from the start (after the stream failed for good). */
  attempt = 0,
): { readonly view: RunView; readonly state: StreamState } {
  const [view, setView] = useState<RunView>(EMPTY_RUN_VIEW);
  const [state, setState] = useState<StreamState>('connecting');
  const listener = useRef(onEvent);
  listener.current = onEvent;

  useEffect(() => {
    setView(EMPTY_RUN_VIEW);
    if (runId === undefined || attempt < 0) return;
    setState('connecting');
    let lastId = 0;
    let retries = 0;
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let frame: number | undefined;
    let queued: RunStreamEvent[] = [];
    let stopped = false;
    // The last status received ended the run: the stream closes at the next flush unless a later
    // event (a retried run's replay goes on past its old end) says otherwise.
    let endSeen = false;

    const flush = () => {
      frame = undefined;
      const batch = queued;
      queued = [];
      if (batch.length > 0) {
        setView((current) => batch.reduce(foldRunEvent, current));
        for (const event of batch) listener.current?.(event);
      }
      if (endSeen && !stopped) {
        // The server ends the stream here; the browser would reconnect to it forever.
        stopped = true;
        source?.close();
        setState('ended');
      }
    };
    const schedule = () => {
      if (frame !== undefined) return;
      // A frame at most per batch of deltas; a hidden tab gets no frames, so a timer stands in.
      frame =
        typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible'
          ? requestAnimationFrame(flush)
          : (setTimeout(flush, 50) as unknown as number);
    };
    const connect = () => {
      const url = `/api/runs/${encodeURIComponent(runId)}/events${lastId > 0 ? `?after=${lastId}` : ''}`;
      source = new EventSource(url, { withCredentials: true });
      source.onopen = () => {
        retries = 0;
        setState('open');
      };
      const receive = (message: MessageEvent<string>) => {
        const id = Number(message.lastEventId);
        if (Number.isFinite(id) && id > 0) {
          if (id <= lastId) return;
          lastId = id;
        }
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        const event = { type: message.type, data } as RunStreamEvent;
        queued.push(event);
        const status = (data as { status?: unknown } | null)?.status;
        if (message.type === 'run-status' && typeof status === 'string')
          endSeen = FINISHED_STATUSES.has(status);
        schedule();
      };
      for (const type of RUN_EVENT_TYPES) source.addEventListener(type, receive);
      source.onerror = () => {
        // The server closed an ended stream: the flush about to run closes ours.
        if (stopped || endSeen) return;
        if (source?.readyState === EventSource.CONNECTING) {
          setState('reconnecting');
          return;
        }
        source?.close();
        if (retries >= MAX_RETRIES) {
          setState('failed');
          return;
        }
        retries += 1;
        setState('reconnecting');
        retryTimer = setTimeout(connect, 500 * 2 ** retries);
      };
    };
    connect();
    return () => {
      stopped = true;
      source?.close();
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      if (frame !== undefined) {
        if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
        clearTimeout(frame as unknown as ReturnType<typeof setTimeout>);
      }
    };
  }, [runId, attempt]);

  return { view, state };
}
