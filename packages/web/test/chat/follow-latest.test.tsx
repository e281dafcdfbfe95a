// @vitest-environment happy-dom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { AppProviders } from '../../src/app/app-providers.js';
import { ApprovalCard } from '../../src/chat/approval-card.js';
import { type ScrollViewport, useFollowLatest } from '../../src/chat/use-follow-latest.js';
import { createI18n } from '../../src/i18n/create-i18n.js';

afterEach(cleanup);

/**
 * A scrolling page in numbers, as a browser keeps them: content height, visible height, scroll
 * position; `read` scrolls like a person (and fires the scroll event), `grow` adds content (no event).
 */
function scrollingPage({ height = 2000, visible = 800 } = {}) {
  let scrollTop = 0;
  const listeners = new Set<() => void>();
  const fire = () => {
    for (const listener of listeners) listener();
  };
  const viewport: ScrollViewport = {
    distanceFromEnd: () => height - (scrollTop + visible),
    scrollToEnd: () => {
      scrollTop = Math.max(0, height - visible);
      fire();
    },
    onScroll: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    viewport,
    top: () => scrollTop,
    atEnd: () => viewport.distanceFromEnd() === 0,
    read: (to: number) => {
      scrollTop = to;
      fire();
    },
    grow: (by: number) => {
      height += by;
    },
  };
}

describe('the chat follows its newest text (SPEC W4, issue 25)', () => {
  it('W4 sticks to the end while the answer streams in', () => {
    const page = scrollingPage();
    const { rerender, result } = renderHook(({ content }) => useFollowLatest(content, page.viewport), {
      initialProps: { content: 0 },
    });
    expect(page.atEnd()).toBe(true);
    for (let chunk = 1; chunk <= 5; chunk += 1) {
      page.grow(120);
      rerender({ content: chunk });
      expect(page.atEnd()).toBe(true);
    }
    expect(result.current.hasNewBelow).toBe(false);
  });

  it('W4 leaves a reader who scrolled up where they are and offers "New messages", which follows again', () => {
    const page = scrollingPage();
    const { rerender, result } = renderHook(({ content }) => useFollowLatest(content, page.viewport), {
      initialProps: { content: 0 },
    });
    act(() => page.read(300));
    page.grow(400);
    rerender({ content: 1 });
    expect(page.top()).toBe(300);
    expect(result.current.hasNewBelow).toBe(true);
    page.grow(400);
    rerender({ content: 2 });
    expect(page.top()).toBe(300);

    act(() => result.current.followNow());
    expect(page.atEnd()).toBe(true);
    expect(result.current.hasNewBelow).toBe(false);
    page.grow(200);
    rerender({ content: 3 });
    expect(page.atEnd()).toBe(true);
  });

  it('W4 a reader who scrolls back to the end follows again, the button gone', () => {
    const page = scrollingPage();
    const { rerender, result } = renderHook(({ content }) => useFollowLatest(content, page.viewport), {
      initialProps: { content: 0 },
    });
    act(() => page.read(0));
    page.grow(300);
    rerender({ content: 1 });
    expect(result.current.hasNewBelow).toBe(true);
    // Within a line or two of the end counts as at the end.
    act(() => page.read(page.top() + page.viewport.distanceFromEnd() - 40));
    expect(result.current.hasNewBelow).toBe(false);
    page.grow(300);
    rerender({ content: 2 });
    expect(page.atEnd()).toBe(true);
  });

  it('W4 followNow (a reload, a sent message, Stop) shows the newest turn even after the reader scrolled up', () => {
    const page = scrollingPage({ height: 5000 });
    const { result } = renderHook(() => useFollowLatest('same', page.viewport));
    act(() => page.read(0));
    expect(page.atEnd()).toBe(false);
    act(() => result.current.followNow());
    expect(page.atEnd()).toBe(true);
  });
});

describe('an approval card that appears (SPEC W4, issue 25)', () => {
  const renderCard = (takeFocus: boolean) => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9' });
    const i18n = createI18n('en');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders client={client} i18n={i18n}>
        {children}
      </AppProviders>
    );
    return render(
      <ApprovalCard
        runId="run-1"
        approval={{ toolCallId: 'call-1', toolName: 'write_file', input: { path: 'a.txt' } }}
        onAnswered={async () => undefined}
        takeFocus={takeFocus}
      />,
      { wrapper },
    );
  };

  it('W4 takes the keyboard to its first button, Deny, so a stray Enter grants nothing', () => {
    renderCard(true);
    const card = screen.getByTestId('approval-card');
    const first = card.querySelector('button');
    expect(first?.textContent).toBe('Deny');
    expect(document.activeElement).toBe(first);
  });

  it('W4 a card that is not the first pending one leaves the focus alone', () => {
    renderCard(false);
    expect(screen.getByTestId('approval-card').contains(document.activeElement)).toBe(false);
  });
});
