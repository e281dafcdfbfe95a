import { Button, Group, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The bound skill's release: an optional note and "Release", both disabled — with the reason, tied
 * to the button — while the editor has unsaved edits.
 */
export function ReleaseControls({
  dirty,
  note,
  onNoteChange,
  onRelease,
  releasing,
}: {
  /** The editor has unsaved edits: a release would not include them. */
  readonly dirty: boolean;
  readonly note: string;
  readonly onNoteChange: (note: string) => void;
  readonly onRelease: () => void;
  readonly releasing: boolean;
}) {
  const { t } = useTranslation();
  const reasonId = useId();
  return (
    <Group gap="xs" wrap="wrap">
      {dirty ? (
        <Text id={reasonId} size="sm" c="orange">
          {t('agents.history.releaseDisabled')}
        </Text>
      ) : null}
      <TextInput
        size="sm"
        aria-label={t('agents.history.note')}
        placeholder={t('agents.history.note')}
        value={note}
        onChange={(event) => onNoteChange(event.currentTarget.value)}
        maxLength={2000}
        disabled={dirty}
      />
      <Button
        onClick={onRelease}
        disabled={dirty}
        loading={releasing}
        aria-describedby={dirty ? reasonId : undefined}
      >
        {t('agents.history.release')}
      </Button>
    </Group>
  );
}
