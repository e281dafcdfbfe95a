import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contentBase, type SkillKind } from './skill-content-api';

/**
 * The editor's title row — the page's title block, "Export" and (unless read-only) "Save" — and
 * below it whether the edits are unsaved (how many), saved or up to date.
 */
export function SkillEditorHeader({
  kind,
  id,
  header,
  readOnly,
  dirty,
  unsavedCount,
  saved,
  saving,
  onSave,
}: {
  readonly kind: SkillKind;
  readonly id: string;
  readonly header: ReactNode;
  readonly readOnly: boolean;
  readonly dirty: boolean;
  /** How many edits are unsaved: changed files, structural edits, and the dependencies as one. */
  readonly unsavedCount: number;
  /** The last save succeeded and nothing changed since. */
  readonly saved: boolean;
  readonly saving: boolean;
  readonly onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {header}
        <Group gap="xs">
          <Button component="a" variant="default" href={`${contentBase(kind, id)}/export`} download>
            {t('editor.export')}
          </Button>
          {readOnly ? null : (
            <Button onClick={onSave} disabled={!dirty} loading={saving}>
              {t('editor.save')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c={dirty ? 'orange' : 'dimmed'} aria-live="polite" data-testid="save-state">
        {dirty
          ? t('editor.unsaved', { count: unsavedCount })
          : saved
            ? t('editor.saved')
            : t('editor.upToDate')}
      </Text>
    </>
  );
}
