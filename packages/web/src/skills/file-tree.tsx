import { Button, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeEntry } from './skill-edit-state';

/** What the tree asks the editor to do; every change becomes part of the next save. */
export interface FileTreeActions {
  readonly onOpen: (path: string) => void;
  readonly onCreate: (path: string) => void;
  readonly onMkdir: (path: string) => void;
  readonly onRename: (from: string, to: string) => void;
  readonly onDelete: (path: string) => void;
}

type Prompt =
  | { readonly type: 'create' | 'mkdir'; readonly initial: string }
  | { readonly type: 'rename'; readonly from: string; readonly initial: string };

/** The path a user typed, cleaned of surrounding slashes and spaces; the server checks the rest (SEC1). */
function cleanPath(value: string): string {
  return value.trim().replace(/^\/+|\/+$/g, '');
}

/** A skill's files and folders, with the pending changes applied, and the tree edits. */
export function FileTree({
  entries,
  selected,
  changed,
  readOnly,
  actions,
}: {
  readonly entries: readonly TreeEntry[];
  readonly selected: string | null;
  readonly changed: ReadonlySet<string>;
  readonly readOnly: boolean;
  readonly actions: FileTreeActions;
}) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [value, setValue] = useState('');
  const taken = new Set(entries.map((entry) => entry.path));
  const folder = selected?.includes('/') ? `${selected.slice(0, selected.lastIndexOf('/'))}/` : '';
  const open = (next: Prompt) => {
    setPrompt(next);
    setValue(next.initial);
  };
  const target = cleanPath(value);
  const problem =
    target === '' ? t('tree.pathRequired') : taken.has(target) ? t('tree.pathTaken', { path: target }) : null;
  const submit = () => {
    if (prompt === null || problem !== null) return;
    if (prompt.type === 'create') actions.onCreate(target);
    else if (prompt.type === 'mkdir') actions.onMkdir(target);
    else if (prompt.type === 'rename') actions.onRename(prompt.from, target);
    setPrompt(null);
  };
  return (
    <Stack gap="xs">
      {readOnly ? null : (
        <Group gap={4}>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => open({ type: 'create', initial: folder })}
          >
            {t('tree.newFile')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => open({ type: 'mkdir', initial: folder })}
          >
            {t('tree.newFolder')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            disabled={selected === null}
            onClick={() => selected !== null && open({ type: 'rename', from: selected, initial: selected })}
          >
            {t('tree.rename')}
          </Button>
          <Button
            size="compact-xs"
            variant="default"
            color="red"
            disabled={selected === null || selected === 'SKILL.md'}
            onClick={() => selected !== null && actions.onDelete(selected)}
          >
            {t('tree.delete')}
          </Button>
        </Group>
      )}
      <nav aria-label={t('tree.label')}>
        <ul className="plain-list">
          {entries.map((entry) => {
            const depth = entry.path.split('/').length - 1;
            const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
            return (
              <li key={entry.path}>
                {entry.type === 'directory' ? (
                  <Text size="sm" c="dimmed" pl={depth * 14 + 4} py={2}>
                    {name}/
                  </Text>
                ) : (
                  <UnstyledButton
                    className="tree-row"
                    data-active={entry.path === selected || undefined}
                    aria-current={entry.path === selected ? 'true' : undefined}
                    onClick={() => actions.onOpen(entry.path)}
                    pl={depth * 14 + 4}
                    py={2}
                    w="100%"
                    data-path={entry.path}
                  >
                    <Text size="sm" ff="monospace" span>
                      {name}
                    </Text>
                    {changed.has(entry.path) ? (
                      <Text span c="orange" size="sm" aria-label={t('tree.unsaved')} ml={4}>
                        ●
                      </Text>
                    ) : null}
                  </UnstyledButton>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <Modal
        opened={prompt !== null}
        onClose={() => setPrompt(null)}
        title={prompt === null ? '' : t(`tree.prompt.${prompt.type}`)}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <TextInput
            label={t('tree.path')}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            error={value === (prompt?.initial ?? '') ? undefined : problem}
            data-autofocus
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setPrompt(null)}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={problem !== null}>
              {t('common.ok')}
            </Button>
          </Group>
        </form>
      </Modal>
    </Stack>
  );
}
