import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../../ui/api-error-message';

/** Props of {@link SettingsForm}. */
export interface SettingsFormProps {
  readonly title: string;
  readonly description: string;
  /** Whether the form differs from what the server has (Save and Cancel are off otherwise). */
  readonly changed: boolean;
  readonly saving: boolean;
  readonly saved: boolean;
  readonly error: Error | null;
  readonly onSave: () => void;
  readonly onCancel: () => void;
  /** Only the superadmin may change it: the fields show, read-only, with a note. */
  readonly readOnlyNote?: string;
  readonly children: ReactNode;
  readonly testId?: string;
}

/** One admin setting as a titled form: its fields, the server's refusal, Save and Cancel. */
export function SettingsForm({
  title,
  description,
  changed,
  saving,
  saved,
  error,
  onSave,
  onCancel,
  readOnlyNote,
  children,
  testId,
}: SettingsFormProps) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed && readOnlyNote === undefined) onSave();
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <form onSubmit={submit} aria-label={title}>
        <Stack>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text size="sm">{description}</Text>
          {children}
          {readOnlyNote === undefined ? null : (
            <Text size="sm" c="dimmed">
              {readOnlyNote}
            </Text>
          )}
          {error ? <ApiErrorMessage error={error} /> : null}
          {saved && !changed ? (
            <Text size="sm" c="green" role="status">
              {t('admin.saved')}
            </Text>
          ) : null}
          {readOnlyNote === undefined ? (
            <Group justify="flex-end">
              <Button variant="default" disabled={!changed} onClick={onCancel}>
                {t('admin.cancel')}
              </Button>
              <Button type="submit" disabled={!changed} loading={saving}>
                {t('admin.save')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
