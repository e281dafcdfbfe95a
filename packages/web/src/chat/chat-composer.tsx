import { Button, Group, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Whether a key press in the composer sends: Enter alone (not Shift+Enter, not while composing CJK text). */
export function sendsOnKey(event: {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly nativeEvent?: { readonly isComposing?: boolean };
}): boolean {
  return event.key === 'Enter' && !event.shiftKey && event.nativeEvent?.isComposing !== true;
}

/**
 * The message box (SPEC W4): Enter sends, Shift+Enter starts a new line; it is read-only while a
 * run is active (`busy`), with Stop beside it. The text stays when sending fails.
 */
export function ChatComposer({
  busy,
  onSend,
  onStop,
  stopping,
}: {
  readonly busy: boolean;
  /** Sends the text; resolves true when it was sent (the box is cleared then). */
  readonly onSend: (text: string) => Promise<boolean>;
  readonly onStop?: () => void;
  readonly stopping: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    const prompt = text.trim();
    if (prompt === '' || busy || sending) return;
    setSending(true);
    try {
      if (await onSend(prompt)) setText('');
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Textarea
        label={t('chat.composerLabel')}
        labelProps={{ className: 'visually-hidden' }}
        placeholder={t('chat.composerPlaceholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (sendsOnKey(event)) {
            event.preventDefault();
            void send();
          }
        }}
        autosize
        minRows={2}
        maxRows={10}
        readOnly={busy || sending}
        aria-describedby={busy ? 'chat-composer-busy' : undefined}
        maxLength={100_000}
      />
      <Group justify="space-between" mt={6} gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed" id="chat-composer-busy" aria-live="polite">
          {busy ? t('chat.composerBusy') : ''}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {busy && onStop !== undefined ? (
            <Button variant="default" color="red" onClick={onStop} loading={stopping}>
              {t('chat.stop')}
            </Button>
          ) : null}
          <Button type="submit" disabled={busy || text.trim() === ''} loading={sending}>
            {t('chat.send')}
          </Button>
        </Group>
      </Group>
    </form>
  );
}
