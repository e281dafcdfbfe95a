/** What {@link MessageContent} gets: the text, whether it still grows, and how to send a message. */
export interface MessageContentProps {
  readonly text: string;
  /** The model is still writing this text. */
  readonly streaming: boolean;
  /** The conversation can take a message now (no run active). */
  readonly canSend: boolean;
  /** Sends `text` as the user's next message (a widget's button or form). */
  readonly onSend: (text: string) => Promise<void>;
}

/**
 * An assistant message's text. This minimal version shows it as plain text with its line breaks
 * (never as HTML); the widgets branch replaces it with Markdown and widgets (SPEC W4).
 */
export function MessageContent({ text }: MessageContentProps) {
  return (
    <div className="chat-plain-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text}
    </div>
  );
}
