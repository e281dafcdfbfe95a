import { Alert, Grid, Stack, Tabs } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorMessage } from '../ui/api-error-message';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { ConflictDialog } from './conflict-dialog';
import { DependencyForm } from './dependency-form';
import { FileTree } from './file-tree';
import { OpenFilePane } from './open-file-pane';
import type { SkillKind, SkillTree } from './skill-content-api';
import { SkillEditorHeader } from './skill-editor-header';
import type { SkillEditorStatus } from './skill-editor-status';
import { useSkillEditor } from './use-skill-editor';
import { UnsavedGuard, useUnsavedChanges } from './use-unsaved-guard';
import './skills.css';

/** Props of {@link SkillEditor}. */
export interface SkillEditorProps {
  readonly kind: SkillKind;
  readonly id: string;
  readonly readOnly: boolean;
  /** The tree as loaded; the editor keeps its own copy from then on. */
  readonly tree: SkillTree;
  /** The title block left of the export and save buttons. */
  readonly header: ReactNode;
  /** Called whenever the unsaved state or the base revision changes. */
  readonly onStatusChange?: (status: SkillEditorStatus) => void;
}

/**
 * A skill's files and dependencies (SPEC W2), for any {@link SkillKind}: the tree with its edits,
 * CodeMirror on the open file with core's live diagnostics for SKILL.md, the dependency form, one
 * save for all of it and a conflict dialog that never loses an edit.
 */
export function SkillEditor({ kind, id, readOnly, tree, header, onStatusChange }: SkillEditorProps) {
  const { t } = useTranslation();
  const editor = useSkillEditor({ kind, id, tree, onStatusChange });
  const { edit, dispatch, selected, reading } = editor;
  const [tab, setTab] = useState<string | null>('files');
  const scoped = useUnsavedChanges(editor.dirty);

  return (
    <Stack gap="md">
      {scoped ? null : <UnsavedGuard dirty={editor.dirty} />}
      <SkillEditorHeader
        kind={kind}
        id={id}
        header={header}
        readOnly={readOnly}
        dirty={editor.dirty}
        unsavedCount={editor.changed.size + edit.structure.length + (edit.dependencies === null ? 0 : 1)}
        saved={editor.saved}
        saving={editor.saving}
        onSave={editor.saveAll}
      />
      {editor.saveError === null ? null : <ApiErrorMessage error={editor.saveError} />}
      {editor.loadedTree.warnings.map((warning) => (
        <Alert key={warning} color="yellow">
          {warning}
        </Alert>
      ))}
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="files">{t('editor.files')}</Tabs.Tab>
          <Tabs.Tab value="dependencies">{t('editor.dependencies')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="files" pt="md">
          <Grid>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <FileTree
                entries={editor.entries}
                selected={selected}
                changed={editor.changed}
                readOnly={readOnly}
                actions={editor.treeActions}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <OpenFilePane
                path={selected}
                draft={edit.files[selected]}
                error={editor.openFile.error}
                binary={editor.openFile.encoding === 'base64'}
                reading={reading}
                readOnly={readOnly}
                onChange={(content) => dispatch({ type: 'changed', path: selected, content })}
              />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="dependencies" pt="md">
          {editor.skillFile.error !== null ? (
            <QueryError error={editor.skillFile.error} />
          ) : reading === null ? (
            <PageLoader />
          ) : (
            <DependencyForm
              value={editor.dependencies}
              onChange={(next) => dispatch({ type: 'dependenciesChanged', dependencies: next })}
              readOnly={readOnly}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      {editor.conflict ? (
        <ConflictDialog
          kind={kind}
          id={id}
          state={edit}
          loaded={editor.loadedTree}
          onClose={editor.closeConflict}
          choice={editor.conflictChoice}
        />
      ) : null}
    </Stack>
  );
}
