// @vitest-environment happy-dom
/**
 * SPEC W4, Y8: following a run's stream — every event folded once in order, a connection the
 * browser gave up on reopened with `?after=` the last id seen (events at or below it never folded
 * twice), and the stream closed after the closing `run-status` (the browser would reconnect to an
 * ended stream forever). The browser's EventSource is replaced by a scripted stand-in: the hook's
 * own code runs unchanged.
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRunStream } from '../../src/chat/use-run-stream.js';

/** A scripted EventSource: the test opens it, sends named events with ids, and drops it. */
class ScriptedEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: ScriptedEventSource[] = [];
  readyState = ScriptedEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    ScriptedEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = ScriptedEventSource.CLOSED;
  }
  open() {
    this.readyState = ScriptedEventSource.OPEN;
    this.onopen?.();
  }
  send(id: number, type: string, data: unknown) {
    const event = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: String(id) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** The server went away and the browser gave up (a non-200 answer, say). */
  fail() {
    this.readyState = ScriptedEventSource.CLOSED;
    this.onerror?.();
  }
}

beforeEach(() => {
  ScriptedEventSource.opened = [];
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', ScriptedEventSource);
  // Frames come from timers here, so the test controls when a batch is folded.
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
  vi.stubGlobal('cancelAnimationFrame', (handle: number) => clearTimeout(handle));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = () => act(() => vi.advanceTimersByTime(60));

describe('W4 useRunStream', () => {
  it('W4 folds events in order, reconnects after a drop with ?after= the last id, never folds one twice, and closes at the end', async () => {
    const seen: string[] = [];
    const { result } = renderHook(() => useRunStream('run-1', (event) => seen.push(event.type)));
    const [first] = ScriptedEventSource.opened;
    expect(first!.url).toBe('/api/runs/run-1/events');
    act(() => first!.open());
    expect(result.current.state).toBe('open');
    act(() => {
      first!.send(1, 'run-status', { status: 'running' });
      first!.send(2, 'text-delta', { turn: 1, text: 'Hel' });
      first!.send(3, 'text-delta', { turn: 1, text: 'lo' });
    });
    await flush();
    expect(result.current.view.items).toEqual([
      { kind: 'text', key: 'text-1', text: 'Hello', streaming: true },
    ]);

    act(() => first!.fail());
    expect(result.current.state).toBe('reconnecting');
    await act(() => vi.advanceTimersByTime(1100));
    const second = ScriptedEventSource.opened[1]!;
    expect(second.url).toBe('/api/runs/run-1/events?after=3');
    act(() => {
      second.open();
      // A replayed event the page has folded already is dropped.
      second.send(3, 'text-delta', { turn: 1, text: 'lo' });
      second.send(4, 'text-delta', { turn: 1, text: ', world' });
      second.send(5, 'run-status', { status: 'completed' });
    });
    await flush();
    expect(result.current.view.items).toEqual([
      { kind: 'text', key: 'text-1', text: 'Hello, world', streaming: false },
    ]);
    expect(result.current.view.status).toBe('completed');
    expect(result.current.state).toBe('ended');
    expect(second.readyState).toBe(ScriptedEventSource.CLOSED);
    expect(seen).toEqual(['run-status', 'text-delta', 'text-delta', 'text-delta', 'run-status']);
    // Nothing reopens an ended stream.
    await act(() => vi.advanceTimersByTime(60_000));
    expect(ScriptedEventSource.opened).toHaveLength(2);
  });

  it('W4 a run retried in place is followed past its old end: the stream closes only at its latest end', async () => {
    const { result } = renderHook(() => useRunStream('run-3'));
    const source = ScriptedEventSource.opened[0]!;
    act(() => {
      source.open();
      // The replay of a run that failed, was retried and resumed: its old end is not its last.
      source.send(1, 'run-status', { status: 'running' });
      source.send(2, 'text-delta', { turn: 1, text: 'Half' });
      source.send(3, 'run-status', { status: 'failed', error: { code: 'run_worker_lost', message: 'Lost' } });
      source.send(4, 'run-status', { status: 'queued', reason: 'retry' });
      source.send(5, 'turn-restart', { turn: 1, afterSeq: 3 });
      source.send(6, 'run-status', { status: 'running' });
    });
    await flush();
    expect(source.readyState).toBe(ScriptedEventSource.OPEN);
    expect(result.current.state).toBe('open');
    expect(result.current.view.status).toBe('running');
    act(() => {
      source.send(7, 'text-delta', { turn: 1, text: 'Whole.' });
      source.send(8, 'run-status', { status: 'completed' });
      // The server closes the ended stream; the browser reports it before the page's next frame.
      source.fail();
    });
    expect(result.current.state).toBe('open');
    await flush();
    expect(result.current.view.items).toEqual([
      { kind: 'text', key: 'text-1', text: 'Whole.', streaming: false },
    ]);
    expect(result.current.state).toBe('ended');
    expect(source.readyState).toBe(ScriptedEventSource.CLOSED);
    await act(() => vi.advanceTimersByTime(60_000));
    expect(ScriptedEventSource.opened).toHaveLength(1);
  });

  it('W4 gives up after repeated failures and says so; no run, no stream', async () => {
    const { result, rerender } = renderHook(
      ({ runId }: { runId: string | undefined }) => useRunStream(runId),
      {
        initialProps: { runId: undefined as string | undefined },
      },
    );
    expect(ScriptedEventSource.opened).toHaveLength(0);
    rerender({ runId: 'run-2' });
    for (let attempt = 0; attempt <= 5; attempt++) {
      act(() => ScriptedEventSource.opened.at(-1)!.fail());
      await act(() => vi.advanceTimersByTime(40_000));
    }
    expect(ScriptedEventSource.opened).toHaveLength(6);
    expect(result.current.state).toBe('failed');
  });
});
