import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Stack,
  Tabs,
  Text,
  Title,
  useComputedColorScheme,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useApi } from '../api/api-context';
import { unwrap } from '../api/api-error';
import { PageLoader } from '../app/page-loader';
import { QueryError } from '../app/query-error';
import { ConflictDialog } from '../skills/conflict-dialog';
import { DependencyForm } from '../skills/dependency-form';
import { DiagnosticList } from '../skills/diagnostic-list';
import { FileTree } from '../skills/file-tree';
import { readSkillText } from '../skills/frontmatter-diagnostics';
import {
  contentBase,
  contentKey,
  fetchFile,
  fetchTree,
  isConflict,
  type SkillKind,
  type SkillTree,
  saveSkill,
  useSkillTree,
} from '../skills/skill-content-api';
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
} from '../skills/skill-edit-state';
import { SKILLS_QUERY_KEY, usePersonalSkills } from '../skills/skill-queries';
import { UnsavedGuard } from '../skills/use-unsaved-guard';
import '../skills/skills.css';

const CodeEditor = lazy(() => import('../skills/code-editor'));

const SKILL_FILE = 'SKILL.md';

/** A shared or builtin skill's page (`/skills/:id`). */
export function SharedSkillDetailPage() {
  return <SkillDetailPage kind="shared" />;
}

/** A personal skill's page (`/my-skills/:id`). */
export function PersonalSkillDetailPage() {
  return <SkillDetailPage kind="personal" />;
}

function useSkillSummary(kind: SkillKind, id: string) {
  const { api } = useApi();
  const personal = usePersonalSkills();
  const shared = useQuery({
    queryKey: [...SKILLS_QUERY_KEY, 'shared', id],
    queryFn: async () => (await unwrap(api.GET('/api/skills/{id}', { params: { path: { id } } }))).skill,
    enabled: kind === 'shared',
  });
  if (kind === 'shared') {
    return {
      pending: shared.isPending,
      error: shared.error,
      summary: shared.data === undefined ? undefined : { ...shared.data, kindLabel: shared.data.kind },
    };
  }
  const found = personal.data?.find((skill) => skill.id === id);
  return {
    pending: personal.isPending,
    error: personal.error,
    summary: found === undefined ? undefined : { ...found, kindLabel: 'personal' as const },
  };
}

/**
 * A skill's files and dependencies (SPEC W2): the tree with its edits, CodeMirror on the open
 * file with core's live diagnostics for SKILL.md, the dependency form, one save for all of it
 * and a conflict dialog that never loses an edit.
 */
function SkillDetailPage({ kind }: { readonly kind: SkillKind }) {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const summary = useSkillSummary(kind, id);
  const tree = useSkillTree(kind, id);
  if (summary.pending || tree.isPending) return <PageLoader />;
  if (summary.error !== null || tree.isError) {
    return <QueryError error={summary.error ?? tree.error} onRetry={() => void tree.refetch()} />;
  }
  if (summary.summary === undefined) return <Text>{t('editor.notFound', { id })}</Text>;
  return (
    <SkillEditor
      key={`${kind}:${id}`}
      kind={kind}
      id={id}
      name={summary.summary.name}
      kindLabel={summary.summary.kindLabel}
      version={summary.summary.version}
      readOnly={!summary.summary.manageable}
      tree={tree.data}
    />
  );
}

function SkillEditor({
  kind,
  id,
  name,
  kindLabel,
  version,
  readOnly,
  tree,
}: {
  readonly kind: SkillKind;
  readonly id: string;
  readonly name: string;
  readonly kindLabel: 'builtin' | 'shared' | 'personal';
  readonly version: string;
  readonly readOnly: boolean;
  readonly tree: SkillTree;
}) {
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

  // Loads a file the first time it is needed (SKILL.md always, for the diagnostics and dependencies).
  const skillFile = useFileDraft(kind, id, edit, SKILL_FILE, loadedTree.revision, dispatch);
  const openFile = useFileDraft(kind, id, edit, selected, loadedTree.revision, dispatch);

  const reading = useMemo(
    () => (edit.files[SKILL_FILE] === undefined ? null : readSkillText(edit.files[SKILL_FILE].content)),
    [edit.files],
  );
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

  const fileDraft = edit.files[selected];
  const isText = openFile.encoding !== 'base64';
  return (
    <Stack gap="md">
      <UnsavedGuard dirty={dirty} />
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Anchor component={Link} to="/skills" size="sm">
            {t('editor.back')}
          </Anchor>
          <Group gap="xs" align="center">
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Badge variant="light">{t(`skills.kind.${kindLabel}`)}</Badge>
            {readOnly ? <Badge variant="outline">{t('editor.readOnly')}</Badge> : null}
          </Group>
          <Text size="xs" c="dimmed" ff="monospace">
            {id} · {t('skills.version', { version })}
          </Text>
        </div>
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
      {saveError === null ? null : (
        <Alert color="red" role="alert">
          {saveError.message}
        </Alert>
      )}
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
