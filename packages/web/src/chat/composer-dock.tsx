import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChatComposer } from './chat-composer';

/**
 * The composer stuck to the bottom of the chat, with a "↓ New messages" button above it while the
 * reader has scrolled up from newer text.
 */
export function ComposerDock({
  hasNewBelow,
  onFollow,
  busy,
  onSend,
  stopping,
  onStop,
}: {
  readonly hasNewBelow: boolean;
  /** Shows the newest turn. */
  readonly onFollow: () => void;
  readonly busy: boolean;
  readonly onSend: (text: string) => Promise<boolean>;
  readonly stopping: boolean;
  /** Stops the followed run; absent when no run is followed. */
  readonly onStop: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="chat-composer-dock">
      {hasNewBelow ? (
        <Group justify="center" mb="xs">
          <Button
            size="xs"
            radius="xl"
            variant="filled"
            onClick={onFollow}
            data-testid="new-messages"
            className="chat-new-messages"
          >
            {t('chat.newMessages')}
          </Button>
        </Group>
      ) : null}
      <ChatComposer
        busy={busy}
        onSend={onSend}
        stopping={stopping}
        {...(onStop === undefined ? {} : { onStop })}
      />
    </div>
  );
}
