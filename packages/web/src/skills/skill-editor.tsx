import { Alert, Button, Grid, Group, Stack, Tabs, Text, useComputedColorScheme } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { PageLoader } from '../ui/page-loader';
import { QueryError } from '../ui/query-error';
import { ConflictDialog } from './conflict-dialog';
import { DependencyForm } from './dependency-form';
import { DiagnosticList } from './diagnostic-list';
import { FileTree } from './file-tree';
import {
  contentBase,
  contentKey,
  fetchFile,
  fetchTree,
  isConflict,
  type SkillKind,
  type SkillTree,
  saveSkill,
} from './skill-content-api';
import {
  applyStructure,
  basePath,
  changedFiles,
  type EditAction,
  editReducer,
  initialEditState,
  isDirty,
  keepMineAsCopies,
  type SkillEditState,
} from './skill-edit-state';
import { SKILLS_QUERY_KEY } from './skill-queries';
import { useSkillTextReading } from './use-skill-text-reading';
import { UnsavedGuard, useUnsavedChanges } from './use-unsaved-guard';
import './skills.css';
import { ApiErrorMessage } from '../ui/api-error-message';

const CodeEditor = lazy(() => import('./code-editor'));

const SKILL_FILE = 'SKILL.md';

/** What the editor holds, for a page that acts on the saved content (a bound skill's release). */
export interface SkillEditorStatus {
  /** Whether any edit is unsaved. */
  readonly dirty: boolean;
  /** The saved revision the edits are based on (what the editor loaded or last saved). */
  readonly baseRevision: string;
}

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
  const { api } = useApi();
  const queryClient = useQueryClient();
  const dark = useComputedColorScheme('light') === 'dark';
  const [edit, setEdit] = useState<SkillEditState>(() => initialEditState(tree.revision));
  // The tree the edits are based on: it moves only when a save lands or the user takes theirs.
  const [loadedTree, setLoadedTree] = useState<SkillTree>(tree);
  const [selected, setSelected] = useState<string>(SKILL_FILE);
  const [tab, setTab] = useState<string | null>('files');
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const dispatch = useCallback((action: EditAction) => {
    if (action.type !== 'loaded') setSaved(false);
    setEdit((state) => editReducer(state, action));
  }, []);

  const entries = useMemo(
    () =>
      applyStructure(
        loadedTree.entries.map((entry) => ({ path: entry.path, type: entry.type })),
        edit.structure,
      ),
    [loadedTree, edit.structure],
  );
  const changed = useMemo(() => new Set(changedFiles(edit)), [edit]);
  const dirty = isDirty(edit);
  useEffect(() => {
    onStatusChange?.({ dirty, baseRevision: edit.baseRevision });
  }, [onStatusChange, dirty, edit.baseRevision]);

  // Loads a file the first time it is needed (SKILL.md always, for the diagnostics and dependencies).
  const skillFile = useFileDraft(kind, id, edit, SKILL_FILE, loadedTree.revision, dispatch);
  const openFile = useFileDraft(kind, id, edit, selected, loadedTree.revision, dispatch);

  const reading = useSkillTextReading(edit.files[SKILL_FILE]?.content);
  const dependencies = edit.dependencies ??
    reading?.dependencies ?? { tools: [], mcpServers: [], skills: [] };

  const refreshAfter = async (next: SkillTree) => {
    setLoadedTree(next);
    queryClient.setQueryData([...contentKey(kind, id), 'tree'], next);
    await queryClient.invalidateQueries({ queryKey: SKILLS_QUERY_KEY });
  };

  const save = async (state: SkillEditState) => {
    setSaving(true);
    setSaveError(null);
    try {
      const result = await saveSkill(api, kind, id, state);
      const next = await fetchTree(api, kind, id);
      setEdit(initialEditState(result.revision));
      await refreshAfter(next);
      if (!next.entries.some((entry) => entry.path === selected)) setSelected(SKILL_FILE);
      setSaved(true);
    } catch (error) {
      if (isConflict(error)) setConflict(true);
      else setSaveError(error as Error);
    } finally {
      setSaving(false);
    }
  };

  const scoped = useUnsavedChanges(dirty);
  const fileDraft = edit.files[selected];
  const isText = openFile.encoding !== 'base64';
  return (
    <Stack gap="md">
      {scoped ? null : <UnsavedGuard dirty={dirty} />}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {header}
        <Group gap="xs">
          <Button component="a" variant="default" href={`${contentBase(kind, id)}/export`} download>
            {t('editor.export')}
          </Button>
          {readOnly ? null : (
            <Button onClick={() => void save(edit)} disabled={!dirty} loading={saving}>
              {t('editor.save')}
            </Button>
          )}
        </Group>
      </Group>
      <Text size="sm" c={dirty ? 'orange' : 'dimmed'} aria-live="polite" data-testid="save-state">
        {dirty
          ? t('editor.unsaved', {
              count: changed.size + edit.structure.length + (edit.dependencies === null ? 0 : 1),
            })
          : saved
            ? t('editor.saved')
            : t('editor.upToDate')}
      </Text>
      {saveError === null ? null : <ApiErrorMessage error={saveError} />}
      {loadedTree.warnings.map((warning) => (
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
                entries={entries}
                selected={selected}
                changed={changed}
                readOnly={readOnly}
                actions={{
                  onOpen: setSelected,
                  onCreate: (path) => {
                    dispatch({ type: 'created', path });
                    setSelected(path);
                  },
                  onMkdir: (path) => dispatch({ type: 'madeDirectory', path }),
                  onRename: (from, to) => {
                    dispatch({ type: 'renamed', from, to });
                    if (selected === from || selected.startsWith(`${from}/`))
                      setSelected(to + selected.slice(from.length));
                  },
                  onDelete: (path) => {
                    dispatch({ type: 'deleted', path });
                    setSelected(SKILL_FILE);
                  },
                }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <Text size="sm" ff="monospace" mb={4}>
                {selected}
              </Text>
              {openFile.error !== null ? (
                <QueryError error={openFile.error} />
              ) : !isText ? (
                <Text>{t('editor.binary')}</Text>
              ) : fileDraft === undefined ? (
                <PageLoader />
              ) : (
                <Suspense fallback={<PageLoader />}>
                  <CodeEditor
                    path={selected}
                    value={fileDraft.content}
                    onChange={(content) => dispatch({ type: 'changed', path: selected, content })}
                    label={t('editor.editorLabel', { path: selected })}
                    dark={dark}
                    readOnly={readOnly}
                  />
                </Suspense>
              )}
              {selected === SKILL_FILE && reading !== null ? (
                <Stack gap={4} mt="sm" data-testid="frontmatter-diagnostics">
                  {!reading.checked ? (
                    <Text size="sm" c="dimmed">
                      {t('editor.checkedOnSave')}
                    </Text>
                  ) : reading.diagnostics.length === 0 ? (
                    <Text size="sm" c="teal">
                      {t('editor.valid')}
                    </Text>
                  ) : (
                    <DiagnosticList diagnostics={reading.diagnostics} />
                  )}
                </Stack>
              ) : null}
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="dependencies" pt="md">
          {skillFile.error !== null ? (
            <QueryError error={skillFile.error} />
          ) : reading === null ? (
            <PageLoader />
          ) : (
            <DependencyForm
              value={dependencies}
              onChange={(next) => dispatch({ type: 'dependenciesChanged', dependencies: next })}
              readOnly={readOnly}
            />
          )}
        </Tabs.Panel>
      </Tabs>
      {conflict ? (
        <ConflictDialog
          kind={kind}
          id={id}
          state={edit}
          loaded={loadedTree}
          onClose={() => setConflict(false)}
          choice={{
            reloadTheirs: () => {
              setConflict(false);
              void (async () => {
                const next = await fetchTree(api, kind, id);
                setEdit(initialEditState(next.revision));
                await refreshAfter(next);
                setSelected(SKILL_FILE);
              })();
            },
            keepMineAsCopies: (current) => {
              setConflict(false);
              const next = keepMineAsCopies(
                edit,
                current.revision,
                new Set(current.entries.map((entry) => entry.path)),
              );
              setEdit(next);
              void refreshAfter(current);
              const first = next.structure[0];
              if (first?.type === 'create') setSelected(first.path);
            },
            saveMineOverTheirs: (current) => {
              setConflict(false);
              const rebased = editReducer(edit, { type: 'rebased', revision: current.revision, state: edit });
              setEdit(rebased);
              void save(rebased);
            },
          }}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The open file's draft: loaded from the server once (at the base path it had before any
 * rename), then kept in the edit state, so switching files never loses typing.
 */
function useFileDraft(
  kind: SkillKind,
  id: string,
  edit: SkillEditState,
  path: string,
  revision: string,
  dispatch: (action: EditAction) => void,
): { readonly error: Error | null; readonly encoding: 'utf8' | 'base64' | undefined } {
  const origin = edit.files[path] === undefined ? basePath(edit, path) : null;
  const file = useQuery({
    queryKey: [...contentKey(kind, id), 'file', revision, origin],
    queryFn: () => fetchFile(kind, id, origin!),
    enabled: origin !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (file.data !== undefined && origin !== null && file.data.encoding === 'utf8') {
      dispatch({ type: 'loaded', path, content: file.data.content });
    }
  }, [file.data, origin, path, dispatch]);
  return { error: file.error, encoding: edit.files[path] === undefined ? file.data?.encoding : 'utf8' };
}
