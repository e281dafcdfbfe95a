/**
 * The Button of SPEC W4: a click sends its `payload.text` as the user's next message — nothing
 * else (no URL, no API). A submit button belongs to its Form (form.tsx).
 */
import { Button, Stack, Text } from '@mantine/core';
import type { WidgetNodeOf } from '@skilldock/core/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetIcon } from './icons';
import { useWidgetActions } from './widget-actions';

/** A message button; disabled while the conversation cannot take a message. */
export function WidgetMessageButton({ node }: { readonly node: WidgetNodeOf<'Button'> }) {
  const { t } = useTranslation();
  const { canSend, onSend } = useWidgetActions();
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const text = node.onClickAction?.payload.text;
  const send = async () => {
    if (text === undefined) return;
    setState('sending');
    try {
      await onSend(text);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <Stack gap={4} data-widget="Button" style={{ flexShrink: 0 }}>
      <Button
        type="button"
        variant={node.style === 'secondary' ? 'default' : 'filled'}
        disabled={!canSend || text === undefined}
        loading={state === 'sending'}
        leftSection={
          node.iconStart === undefined ? undefined : <WidgetIcon name={node.iconStart} size="sm" />
        }
        onClick={send}
      >
        {node.label}
      </Button>
      {state === 'failed' && (
        <Text size="xs" c="red" role="alert">
          {t('widget.button.failed')}
        </Text>
      )}
    </Stack>
  );
}
