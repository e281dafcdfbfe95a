/**
 * One assistant message as the chat shows it (SPEC W4): its Markdown rendered safely, each
 * ```widget fence as a widget — or "generating widget" while the fence is open, or the reasons
 * and the raw JSON when it is not a valid widget. Widget controls send ordinary user messages
 * through `onSend`, and only while `canSend`. Rendering is pure: history re-renders the same
 * widgets after a reload, and unsent form input lives only in this page.
 */
import {
  type MessageSegment,
  parseWidget,
  scanMessage,
  type WidgetParseResult,
  type WidgetSegment,
} from '@skilldock/core/widgets';
import { memo, useMemo, useRef } from 'react';
import { renderMarkdown } from './render-markdown';
import { WidgetActionsProvider } from './widgets/widget-actions';
import { WidgetGenerating, WidgetInvalid } from './widgets/widget-problem';
import { WidgetView } from './widgets/widget-view';
import './chat.css';

/** The props of {@link MessageContent}. */
export interface MessageContentProps {
  /** The message's Markdown as stored (or as streamed so far). */
  readonly text: string;
  /** True while the model is still writing this message. */
  readonly streaming: boolean;
  /** False while the model is generating or the conversation cannot take messages: widget controls are read-only. */
  readonly canSend: boolean;
  /** Sends an ordinary user message (a button's text, a form's answers); rejects when it failed. */
  readonly onSend: (text: string) => Promise<void>;
}

/** One Markdown segment; re-rendered only when its own text changes (the last one while streaming). */
const MarkdownSegment = memo(function MarkdownSegment({ text }: { readonly text: string }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: markdown-it with html off, then DOMPurify (render-markdown.ts)
  return <div className="sd-markdown" dangerouslySetInnerHTML={{ __html: html }} />;
});

/** One widget fence in whatever state it is. */
function WidgetSegmentView({
  segment,
  streaming,
}: {
  readonly segment: WidgetSegment;
  readonly streaming: boolean;
}) {
  switch (segment.state) {
    case 'open':
      return streaming ? <WidgetGenerating /> : <WidgetInvalid source={segment.source} problems={[]} />;
    case 'invalid':
      return <WidgetInvalid source={segment.source} problems={segment.problems} />;
    case 'valid':
      return (
        <div data-widget-state="valid" className="sd-widget">
          <WidgetView widget={segment.widget} />
        </div>
      );
  }
}

/** How many parsed fences one message remembers (a message rarely holds more than a few widgets). */
const REMEMBERED_FENCES = 32;

/**
 * A fence parser that remembers its results by content, so scanning the growing text of a
 * streaming message again keeps each finished widget's object (its chart is not redrawn, a
 * form's fields are not recomputed).
 */
function useRememberingParser(): (content: string) => WidgetParseResult {
  const remembered = useRef(new Map<string, WidgetParseResult>());
  return useMemo(
    () => (content: string) => {
      const cache = remembered.current;
      const known = cache.get(content);
      if (known !== undefined) return known;
      const parsed = parseWidget(content);
      if (cache.size >= REMEMBERED_FENCES) cache.delete(cache.keys().next().value as string);
      cache.set(content, parsed);
      return parsed;
    },
    [],
  );
}

const segmentKey = (segment: MessageSegment, index: number) => `${index}:${segment.kind}`;

/** An assistant message's Markdown and widgets. */
export function MessageContent(props: MessageContentProps): React.JSX.Element {
  const { text, streaming, canSend, onSend } = props;
  const parse = useRememberingParser();
  const segments = useMemo(() => scanMessage(text, { parseWidget: parse }), [text, parse]);
  const actions = useMemo(() => ({ canSend, onSend }), [canSend, onSend]);
  return (
    <WidgetActionsProvider value={actions}>
      <div className="sd-message-content" data-streaming={streaming}>
        {segments.map((segment, index) =>
          segment.kind === 'markdown' ? (
            <MarkdownSegment key={segmentKey(segment, index)} text={segment.text} />
          ) : (
            <WidgetSegmentView key={segmentKey(segment, index)} segment={segment} streaming={streaming} />
          ),
        )}
      </div>
    </WidgetActionsProvider>
  );
}
