import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * What the chat scrolls: how far its end is below the visible part, a way to show the end, and
 * scroll events. The page's window by default ({@link windowViewport}); tests give their own.
 */
export interface ScrollViewport {
  /** Pixels of content below what is visible (0 at the very end). */
  distanceFromEnd(): number;
  /** Shows the very end at once (no smooth scroll: its steps would read as the reader scrolling up). */
  scrollToEnd(): void;
  /** Calls `listener` on every scroll; returns the unsubscribe. */
  onScroll(listener: () => void): () => void;
}

/** The window as the chat's viewport: the chat page scrolls the document, the composer sticks to its end. */
export const windowViewport: ScrollViewport = {
  distanceFromEnd: () => document.documentElement.scrollHeight - (window.innerHeight + window.scrollY),
  scrollToEnd: () => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
  onScroll: (listener) => {
    window.addEventListener('scroll', listener, { passive: true });
    return () => window.removeEventListener('scroll', listener);
  },
};

/** Within this many pixels of the end the reader counts as following (a line or two of slack). */
export const FOLLOW_SLACK_PX = 80;

/**
 * Sticks the chat to its end while it grows (SPEC W4, issue 25): every change of `content` shows
 * the newest text — unless the reader scrolled up to read, when the view stays put and
 * `hasNewBelow` turns true (the "↓ New messages" button). Scrolling back to the end, or
 * `followNow` (the button, a sent message, Stop, a reload), follows again.
 */
export function useFollowLatest(content: unknown, viewport: ScrollViewport = windowViewport) {
  const following = useRef(true);
  const [hasNewBelow, setHasNewBelow] = useState(false);

  useEffect(
    () =>
      viewport.onScroll(() => {
        following.current = viewport.distanceFromEnd() <= FOLLOW_SLACK_PX;
        if (following.current) setHasNewBelow(false);
      }),
    [viewport],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the content by design
  useEffect(() => {
    if (following.current) viewport.scrollToEnd();
    else if (viewport.distanceFromEnd() > FOLLOW_SLACK_PX) setHasNewBelow(true);
  }, [content, viewport]);

  const followNow = useCallback(() => {
    following.current = true;
    setHasNewBelow(false);
    viewport.scrollToEnd();
  }, [viewport]);

  return { hasNewBelow, followNow };
}
